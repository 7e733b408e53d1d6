import { questionsOutsideSkills, verificacaoSchema, type HabilidadeMatch } from '@planejador/contracts';
import { englishYear3Lesson, FRACTION_SKILLS, fractionLesson } from './__tests__/lesson-context.fixture';
import { BANK, bankClassroom } from './__tests__/question-bank.fixture';
import { OfflineLessonDrafter, pickOfflineSkills } from './offline-drafter';
import type { LessonDraft } from './types';

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

/** EF07CI16 as bncc-ef.json ships it: its objects are the whole unit's. */
const TECTONICS: HabilidadeMatch = {
  code: 'EF07CI16',
  description: 'Justificar o formato das costas brasileira e africana com base na teoria da deriva dos continentes.',
  unit: 'Terra e Universo',
  field: null,
  knowledgeObjects: ['Composição do ar', 'Efeito estufa', 'Camada de ozônio', 'Fenômenos naturais (vulcões, terremotos e tsunamis)', 'Placas tectônicas e deriva continental'],
  score: 6,
};

describe('OfflineLessonDrafter', () => {
  it('is marked offline', () => {
    expect(drafter.kind).toBe('offline');
  });

  it("writes the lesson from its chosen skill and its own description, with a title of the lesson's topic", async () => {
    const draft = await drafter.generate(fractionLesson());
    expect(draft.titulo).toBe('Dividir uma pizza de papel em partes iguais');
    expect(draft.habilidadeCodes).toEqual(['EF05MA03']);
    expect(draft.habilidades).toBe(`(EF05MA03) ${FRACTION_SKILLS[0].description}`);
    expect(draft.objetivos).toContain('- identificar e representar frações (menores e maiores que a unidade)');
    expect(draft.objetosConhecimento).toBe(FRACTION_SKILLS[0].knowledgeObjects[0]);
    expect(draft.experiencias).toMatch(/^1\. Acolhida e problematização: apresentar o tema da aula, "Dividir uma pizza de papel em partes iguais"/);
    expect(draft.experiencias).toContain('Desenvolvimento: Dividir uma pizza de papel em partes iguais');
    expect(draft.experiencias).toContain('Sistematização:');
    expect(draft.experiencias).toContain('Encerramento:');
    expect(draft.evidencias).toContain('que conseguem identificar e representar frações');
  });

  it('lists each knowledge object once, at most 3, one a line', async () => {
    const draft = await drafter.generate(fractionLesson({ plano: { limitOneSkill: false } }));
    expect(draft.habilidadeCodes).toEqual(['EF05MA03', 'EF05MA04', 'EF05MA05']);
    expect(draft.habilidades.split('\n')).toHaveLength(3);
    expect(draft.objetosConhecimento.split('\n')).toEqual([FRACTION_SKILLS[0].knowledgeObjects[0], FRACTION_SKILLS[1].knowledgeObjects[0]]);
  });

  it("lists only the unit's objects close to the lesson (placas tectônicas never lists Composição do ar)", async () => {
    const ctx = fractionLesson({
      turma: { ano: '7' },
      aula: { materia: 'ciencias', prompt: 'Placas tectônicas: por que a América do Sul e a África se encaixam' },
      candidates: [TECTONICS],
    });
    const draft = await drafter.generate(ctx);
    expect(draft.objetosConhecimento).toBe('Placas tectônicas e deriva continental');
    expect(draft.experiencias).not.toContain('Composição do ar');
    expect(JSON.stringify(draft.verificacao)).not.toContain('omposição do ar');
  });

  it('is deterministic', async () => {
    expect(await drafter.generate(fractionLesson())).toEqual(await drafter.generate(fractionLesson()));
  });

  it("takes its place in the plan's sequence without another lesson's text", async () => {
    const sequencia = [
      { numeroAula: 1, prompt: 'Cadeia alimentar no pátio da escola: observar seres vivos da horta e montar a teia' },
      { numeroAula: 2, prompt: 'Dividir uma pizza de papel em partes iguais e representar cada parte como fração na reta numérica' },
      { numeroAula: 3, prompt: 'Frações equivalentes com tiras de papel colorido' },
    ];
    const draft = await drafter.generate(fractionLesson({ aula: { numeroAula: 2 }, sequencia, plano: { nivelDetalhamento: 5 } }));
    const text = JSON.stringify(draft);
    expect(text).not.toMatch(/Cadeia alimentar|tiras de papel/);
    expect(draft.experiencias).toContain('Retomar o que foi estudado na Aula 1 como conhecimento prévio.');
    expect(draft.experiencias).toContain('Aula 3 continua');
  });

  it("draws an activity and materials from the skill's classroom examples, closest to the description first", async () => {
    const classroom = {
      EF05MA03: { exemplos: ['bingo das frações', 'pizza de papel dividida em fatias iguais'], termos: ['tampinhas', 'pizza de papel', 'reta no chão'] },
    };
    const mid = await drafter.generate(fractionLesson({ classroom }));
    expect(mid.experiencias).toContain('exemplos de aula da habilidade EF05MA03: "pizza de papel dividida em fatias iguais"');
    const long = await drafter.generate(fractionLesson({ classroom, plano: { nivelDetalhamento: 4 } }));
    expect(long.experiencias).toContain('Prática orientada:');
    expect(long.experiencias).toContain('Materiais e recursos possíveis para "Dividir uma pizza de papel em partes iguais": pizza de papel, ');
  });

  it("without bank items, ends with open exit questions tied to the lesson's skills, as many as the level asks, never inventing alternatives", async () => {
    for (const [nivelDetalhamento, count] of [[1, 3], [2, 3], [3, 4], [4, 5], [5, 5]]) {
      const ctx = fractionLesson({ plano: { nivelDetalhamento, limitOneSkill: false } });
      const draft = await drafter.generate(ctx);
      const verificacao = verificacaoSchema.parse(draft.verificacao);
      expect(verificacao.questoes).toHaveLength(count);
      expect(verificacao.questoes.every((q) => q.tipo === 'aberta' && q.respostaEsperada.length > 0)).toBe(true);
      expect(questionsOutsideSkills(verificacao, draft.habilidadeCodes)).toEqual([]);
      expect(new Set(verificacao.questoes.map((q) => q.habilidade)).size).toBe(Math.min(count, draft.habilidadeCodes.length));
    }
  });

  it('writes the counts each detail level asks for (DETAIL_LEVEL_GUIDE)', async () => {
    const notes = { observacoesAdicionais: 'Turma agitada após o recreio' };
    const counts = await Promise.all(
      [1, 2, 3, 4, 5].map(async (nivelDetalhamento) => {
        const d = await drafter.generate(fractionLesson({ plano: { nivelDetalhamento }, turma: notes }));
        const lines = (text: string, pattern: RegExp) => text.split('\n').filter((l) => pattern.test(l)).length;
        return [lines(d.objetivos, /^- /), lines(d.experiencias, /^\d+\. /), lines(d.evidencias, /^- /)];
      }),
    );
    expect(counts).toEqual([
      [2, 3, 2],
      [2, 4, 2],
      [2, 4, 2],
      [3, 5, 3],
      [4, 6, 4],
    ]);
    const long = await drafter.generate(fractionLesson({ plano: { nivelDetalhamento: 5 }, turma: notes }));
    expect(long.experiencias).toContain('(cerca de 10 min)');
    expect(long.experiencias).toContain('Turma agitada após o recreio');
  });

  describe('infantil propostas', () => {
    const OBJECTIVE: HabilidadeMatch = {
      code: 'EI01CG02',
      description: 'Experimentar as possibilidades corporais nas brincadeiras e interações em ambientes acolhedores e desafiantes.',
      unit: 'Corpo, gestos e movimentos',
      field: null,
      knowledgeObjects: [],
      score: 5,
    };
    const proposta = (ano: string, numeroAula = 1) =>
      drafter.generate(
        fractionLesson({
          turma: { etapa: 'infantil', ano },
          aula: { numeroAula, materia: 'corpo-gestos-movimentos', prompt: 'Circuito de almofadas e túneis para engatinhar' },
          candidates: [OBJECTIVE],
          sequencia: [1, 2, 3].map((n) => ({ numeroAula: n, prompt: 'Circuito de almofadas e túneis para engatinhar' })),
        }),
      );
    const text = (d: LessonDraft) => [d.objetivos, d.experiencias, d.evidencias, ...(d.verificacao?.questoes ?? []).flatMap((q) => [q.enunciado, q.tipo === 'aberta' ? q.respostaEsperada : ''])].join('\n');

    it("opens with a heading naming the campo and the lesson's own proposta, then the level's steps", async () => {
      const d = await proposta('3');
      const [heading, ...steps] = d.experiencias.split('\n');
      expect(heading).toBe('Proposta de experiências no campo de experiência "Corpo, gestos e movimentos" — momentos de "Circuito de almofadas e túneis para engatinhar":');
      expect(steps.filter((l) => /^\d+\. /.test(l))).toHaveLength(4);
      expect(d.experiencias).toContain('Durante "Circuito de almofadas e túneis para engatinhar", o professor brinca junto');
    });

    it('asks bebês for gestures, looks, babble and movement, never to tell, draw or write; older grupos also speak and draw', async () => {
      const bebes = text(await proposta('1', 2));
      expect(bebes).toMatch(/gestos, olhares, balbucios e movimentos/);
      expect(bebes).not.toMatch(/\b(?:contam|conta|desenhos?|escrev\w*|roda de conversa)\b/u);
      const pequenas = text(await proposta('3', 2));
      expect(pequenas).toMatch(/mostram e contam, com falas, gestos ou desenhos/);
      expect(pequenas).toContain('roda de conversa');
    });
  });

  it('writes no skill and says why for English in year 3', async () => {
    const draft = await drafter.generate(englishYear3Lesson());
    expect(draft.habilidadeCodes).toEqual([]);
    expect(draft.habilidades).toBe('A BNCC não define habilidades de Língua Inglesa para o 3º ano.');
    expect(draft.titulo).toBe('Ensinar as cores em inglês com uma música');
    expect(draft.objetosConhecimento).toContain('Tema da aula: Ensinar as cores em inglês');
    expect(draft.experiencias).not.toMatch(/EF\d{2}/);
    expect(draft.evidencias).not.toMatch(/EF\d{2}/);
    expect(draft.verificacao?.questoes.every((q) => q.habilidade === '')).toBe(true);
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

  it("keeps a regeneration's wish as a labelled note for the teacher, never claiming it was applied", async () => {
    const ctx = fractionLesson({ regeneration: { instrucao: 'mais prática, com experimento' } });
    const draft = await new OfflineLessonDrafter().generate(ctx);
    expect(draft.nota).toBe('Nota do professor (registrada sem IA; não foi aplicada ao texto): Mais prática, com experimento.');
    expect(draft.experiencias).not.toContain('Nota do professor');
    expect(draft.experiencias).not.toContain('Orientação do professor');
  });
});

describe('offline drafter: the verificação from the question bank', () => {
  const classroom = bankClassroom();
  const statements = (d: LessonDraft) => (d.verificacao?.questoes ?? []).map((q) => q.enunciado);
  const bankStatements = (code: string) => BANK[code].map((q) => q.enunciado);
  const GENERIC = /Explique com suas palavras|o que você aprendeu|Resposta pessoal|Dê um exemplo, da atividade da aula/;

  it("holds the skill's bank questions as written there, each naming the skill, as many as the level asks for (never fewer than 3)", async () => {
    const counts: number[] = [];
    for (const nivelDetalhamento of [1, 2, 3, 4, 5]) {
      const draft = await drafter.generate(fractionLesson({ classroom, plano: { nivelDetalhamento } }));
      const verificacao = verificacaoSchema.parse(draft.verificacao);
      counts.push(verificacao.questoes.length);
      for (const q of verificacao.questoes) {
        const item = BANK.EF05MA03.find((b) => b.enunciado === q.enunciado);
        expect(q).toEqual({ ...item, habilidade: 'EF05MA03' });
      }
      expect(JSON.stringify(verificacao)).not.toMatch(GENERIC);
    }
    expect(counts).toEqual([3, 3, 4, 5, 5]);
    // EF05MA04 has 3 items: a level-5 lesson holds the 3, never a generic question beside them.
    const short = await drafter.generate(fractionLesson({ classroom, pinned: [FRACTION_SKILLS[1]], plano: { nivelDetalhamento: 5 } }));
    expect(statements(short).sort()).toEqual(bankStatements('EF05MA04').sort());
  });

  it("goes round-robin over the lesson's skills and never holds one question twice", async () => {
    const twice = { ...classroom, EF05MA04: { ...classroom.EF05MA04, questoes: [...BANK.EF05MA04, BANK.EF05MA03[0], BANK.EF05MA03[1]] } };
    const draft = await drafter.generate(fractionLesson({ classroom: twice, plano: { limitOneSkill: false, nivelDetalhamento: 5 } }));
    expect(draft.habilidadeCodes).toEqual(['EF05MA03', 'EF05MA04', 'EF05MA05']);
    const questoes = draft.verificacao!.questoes;
    expect(questoes).toHaveLength(5);
    expect(new Set(questoes.map((q) => q.enunciado)).size).toBe(5);
    expect(questoes.slice(0, 3).map((q) => q.habilidade).sort()).toEqual(['EF05MA03', 'EF05MA04', 'EF05MA05']);
    for (const q of questoes) expect(bankStatements(q.habilidade)).toContain(q.enunciado);
    expect(questionsOutsideSkills(draft.verificacao!, draft.habilidadeCodes)).toEqual([]);
  });

  it('opens lessons 1 and 2 that cite one skill with different questions', async () => {
    const sequencia = [1, 2, 3].map((numeroAula) => ({ numeroAula, prompt: 'Frações na pizza de papel' }));
    const [first, second, third] = await Promise.all(
      [1, 2, 3].map((numeroAula) => drafter.generate(fractionLesson({ classroom, sequencia, aula: { numeroAula }, plano: { nivelDetalhamento: 1 } }))),
    );
    expect(statements(first)[0]).not.toBe(statements(second)[0]);
    expect(statements(second)[0]).not.toBe(statements(third)[0]);
    // 5 items, 3 a lesson: lesson 2 starts where lesson 1 stopped.
    expect(statements(first)).toEqual(bankStatements('EF05MA03').slice(0, 3));
    expect(statements(second)[0]).toBe(BANK.EF05MA03[3].enunciado);
    // A skill of 3 items still opens each lesson with another of them.
    const pinned = await Promise.all(
      [1, 2].map((numeroAula) => drafter.generate(fractionLesson({ classroom, sequencia, pinned: [FRACTION_SKILLS[1]], aula: { numeroAula } }))),
    );
    expect(statements(pinned[0])[0]).not.toBe(statements(pinned[1])[0]);
  });

  it("takes only the questions of the skills the bank holds, never generic ones beside them", async () => {
    const partial = bankClassroom(['EF05MA04']);
    const draft = await drafter.generate(fractionLesson({ classroom: partial, plano: { limitOneSkill: false, nivelDetalhamento: 3 } }));
    expect(draft.habilidadeCodes).toEqual(['EF05MA03', 'EF05MA04', 'EF05MA05']);
    expect(draft.verificacao!.questoes.map((q) => q.habilidade)).toEqual(['EF05MA04', 'EF05MA04', 'EF05MA04']);
    expect(JSON.stringify(draft.verificacao)).not.toMatch(GENERIC);
  });

  it('completes a bank of fewer than 3 questions to the 3 a check holds, without asking what was learned', async () => {
    const draft = await drafter.generate(fractionLesson({ classroom, pinned: [FRACTION_SKILLS[2]] }));
    const verificacao = verificacaoSchema.parse(draft.verificacao);
    expect(verificacao.questoes).toHaveLength(3);
    expect(statements(draft).slice(0, 2).sort()).toEqual(bankStatements('EF05MA05').sort());
    expect(JSON.stringify(verificacao)).not.toMatch(/o que você aprendeu/);
  });

  it('falls back to the generic questions where the bank has nothing (a skill not written yet, Inglês 1º-5º)', async () => {
    const none = await drafter.generate(fractionLesson({ classroom: bankClassroom(['EF05MA04']) }));
    expect(none.habilidadeCodes).toEqual(['EF05MA03']);
    expect(statements(none)[0]).toContain('Explique com suas palavras o que você aprendeu na aula');
    const english = await drafter.generate({ ...englishYear3Lesson(), classroom });
    expect(english.verificacao!.questoes).toHaveLength(4);
    expect(english.verificacao!.questoes.every((q) => q.habilidade === '' && q.tipo === 'aberta')).toBe(true);
  });

  it('a regeneration of the check takes the questions it does not hold yet first', async () => {
    const before = await drafter.generate(fractionLesson({ classroom, plano: { nivelDetalhamento: 1 } }));
    const after = await drafter.generate(
      fractionLesson({ classroom, plano: { nivelDetalhamento: 1 }, regeneration: { campo: 'verificacao', currentVerificacao: before.verificacao } }),
    );
    expect(statements(after).slice(0, 2).sort()).toEqual(bankStatements('EF05MA03').slice(3).sort());
    expect(new Set([...statements(before), ...statements(after)]).size).toBe(5);
  });

  it("draws infantil's points to observe from the objective's bank items (open ones only), varied between propostas", async () => {
    const OBJECTIVE: HabilidadeMatch = { code: 'EI01CG02', description: 'Experimentar as possibilidades corporais nas brincadeiras.', unit: 'Corpo, gestos e movimentos', field: null, knowledgeObjects: [], score: 5 };
    const proposta = (numeroAula: number) =>
      drafter.generate(
        fractionLesson({
          classroom,
          turma: { etapa: 'infantil', ano: '1' },
          aula: { numeroAula, materia: 'corpo-gestos-movimentos', prompt: 'Circuito de almofadas e túneis para engatinhar' },
          candidates: [OBJECTIVE],
          plano: { nivelDetalhamento: 5 },
        }),
      );
    const [first, second] = await Promise.all([proposta(1), proposta(2)]);
    for (const d of [first, second]) {
      expect(d.verificacao!.questoes).toHaveLength(3);
      expect(d.verificacao!.questoes.every((q) => q.tipo === 'aberta' && q.habilidade === 'EI01CG02')).toBe(true);
      for (const q of d.verificacao!.questoes) expect(bankStatements('EI01CG02')).toContain(q.enunciado);
    }
    expect(statements(first)[0]).not.toBe(statements(second)[0]);
  });
});
