import { englishYear3Lesson, FRACTION_SKILLS, fractionLesson } from './__tests__/lesson-context.fixture';
import { OfflineLessonDrafter, pickOfflineSkills } from './offline-drafter';

const drafter = new OfflineLessonDrafter();

describe('pickOfflineSkills', () => {
  it('takes the best-ranked skill with limitOneSkill', () => {
    expect(pickOfflineSkills(fractionLesson()).map((s) => s.code)).toEqual(['EF05MA03']);
  });

  it('takes up to three skills scoring close to the best otherwise', () => {
    const codes = pickOfflineSkills(fractionLesson({ plano: { limitOneSkill: false } })).map((s) => s.code);
    expect(codes).toEqual(['EF05MA03', 'EF05MA04', 'EF05MA05']);
  });

  it('leaves out skills far from the best score', () => {
    const candidates = [FRACTION_SKILLS[0], { ...FRACTION_SKILLS[1], score: 3 }];
    const codes = pickOfflineSkills(fractionLesson({ plano: { limitOneSkill: false }, candidates })).map((s) => s.code);
    expect(codes).toEqual(['EF05MA03']);
  });

  it('takes only the first when nothing matched the description', () => {
    const candidates = FRACTION_SKILLS.map((s) => ({ ...s, score: 0 }));
    expect(pickOfflineSkills(fractionLesson({ plano: { limitOneSkill: false }, candidates }))).toHaveLength(1);
  });
});

describe('OfflineLessonDrafter', () => {
  it('is marked offline', () => {
    expect(drafter.kind).toBe('offline');
  });

  it('writes the five fields from the chosen skill and the teacher description', async () => {
    const draft = await drafter.generate(fractionLesson());
    expect(draft.habilidadeCodes).toEqual(['EF05MA03']);
    expect(draft.habilidades).toBe(`(EF05MA03) ${FRACTION_SKILLS[0].description}`);
    expect(draft.objetivos).toContain(
      'Ao final da aula, os estudantes deverão ser capazes de:\n- identificar e representar frações (menores e maiores que a unidade)',
    );
    expect(draft.objetosConhecimento).toBe(FRACTION_SKILLS[0].knowledgeObjects[0]);
    expect(draft.experiencias).toMatch(/^1\. Acolhida e problematização: /);
    expect(draft.experiencias).toContain('Desenvolvimento: Dividir uma pizza de papel em partes iguais');
    expect(draft.experiencias).toContain('Sistematização:');
    expect(draft.experiencias).toContain('Encerramento:');
    expect(draft.evidencias).toContain('que conseguem identificar e representar frações');
  });

  it('lists each knowledge object once', async () => {
    const draft = await drafter.generate(fractionLesson({ plano: { limitOneSkill: false } }));
    expect(draft.habilidadeCodes).toEqual(['EF05MA03', 'EF05MA04', 'EF05MA05']);
    expect(draft.habilidades.split('\n')).toHaveLength(3);
    expect(draft.objetosConhecimento.split('\n')).toEqual([
      FRACTION_SKILLS[0].knowledgeObjects[0],
      FRACTION_SKILLS[1].knowledgeObjects[0],
    ]);
  });

  it('is deterministic', async () => {
    expect(await drafter.generate(fractionLesson())).toEqual(await drafter.generate(fractionLesson()));
  });

  it('writes longer texts at higher detail levels', async () => {
    const lengths = await Promise.all(
      [1, 2, 3, 4, 5].map(async (nivelDetalhamento) => {
        const d = await drafter.generate(
          fractionLesson({ plano: { nivelDetalhamento }, turma: { observacoesAdicionais: 'Turma agitada após o recreio' } }),
        );
        return d.objetivos.length + d.experiencias.length + d.evidencias.length;
      }),
    );
    for (let i = 1; i < lengths.length; i++) expect(lengths[i]).toBeGreaterThan(lengths[i - 1]);
    const short = await drafter.generate(fractionLesson({ plano: { nivelDetalhamento: 1 } }));
    expect(short.experiencias.split('\n')).toHaveLength(3);
    const long = await drafter.generate(
      fractionLesson({ plano: { nivelDetalhamento: 5 }, turma: { observacoesAdicionais: 'Turma agitada após o recreio' } }),
    );
    expect(long.experiencias).toContain('(cerca de 10 min)');
    expect(long.experiencias).toContain('Turma agitada após o recreio');
  });

  it('writes no skill and says why for English in year 3', async () => {
    const draft = await drafter.generate(englishYear3Lesson());
    expect(draft.habilidadeCodes).toEqual([]);
    expect(draft.habilidades).toBe('A BNCC não define habilidades de Língua Inglesa para o 3º ano.');
    expect(draft.objetivos).toContain('("Ensinar as cores em inglês com uma música e um jogo de cartões")');
    expect(draft.objetosConhecimento).toContain('Tema da aula: Cores e animais.');
    expect(draft.experiencias).not.toMatch(/EF\d{2}/);
    expect(draft.evidencias).not.toMatch(/EF\d{2}/);
  });
});

describe('offline drafter: pins and honest doubt', () => {
  it('cites exactly the pinned skills, with no warning', async () => {
    const ctx = fractionLesson({ pinned: [FRACTION_SKILLS[1]] });
    const draft = await new OfflineLessonDrafter().generate(ctx);
    expect(draft.habilidadeCodes).toEqual([FRACTION_SKILLS[1].code]);
    expect(draft.avisos).toEqual([]);
  });

  it('asks the teacher to confirm the skill when the description shares no meaningful word with it', async () => {
    const unrelated = fractionLesson({ aula: { prompt: 'Passeio no zoológico com a turma' } });
    expect((await new OfflineLessonDrafter().generate(unrelated)).avisos).toEqual(['habilidade-a-confirmar']);
    const related = fractionLesson();
    expect((await new OfflineLessonDrafter().generate(related)).avisos).toEqual([]);
  });

  it('puts the teacher\'s instruction of a regeneration in the lesson sequence', async () => {
    const ctx = fractionLesson({ regeneration: { instrucao: 'mais prática, com experimento' } });
    const draft = await new OfflineLessonDrafter().generate(ctx);
    expect(draft.experiencias).toContain('mais prática, com experimento');
  });
});
