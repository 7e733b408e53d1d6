import { englishYear3Lesson, FRACTION_SKILLS, fractionLesson } from './__tests__/lesson-context.fixture';
import { BANK, bankClassroom } from './__tests__/question-bank.fixture';
import { buildLessonMessages } from './lesson-prompt';

function userText(ctx: Parameters<typeof buildLessonMessages>[0]): string {
  const messages = buildLessonMessages(ctx);
  expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
  return messages[1].content;
}

describe('buildLessonMessages', () => {
  it('gives the class, notes, subject, description, settings and candidates in Portuguese', () => {
    const text = userText(
      fractionLesson({ turma: { observacoesAdicionais: 'Dois estudantes com baixa visão' }, aula: { numeroAula: 4 } }),
    );
    expect(text).toContain('Turma: 51 (5º ano do Ensino Fundamental)');
    expect(text).toContain('Escola: EMEF Tiradentes');
    expect(text).toContain('Observações da turma: Dois estudantes com baixa visão');
    expect(text).not.toContain('Tema principal');
    expect(text).toContain('Aula 4 (a que você escreve) — matéria: Matemática');
    expect(text).toContain('"""\nDividir uma pizza de papel em partes iguais');
    expect(text).toContain('Limitar a uma habilidade por aula: sim. Escolha exatamente 1 habilidade.');
    expect(text).toContain('Preferir a matriz da SEDUC-RS: sim');
    expect(text).toContain('não invente conteúdo do RS');
    expect(text).toContain('Nível de detalhamento: 3 de 5');
    expect(text).toContain('- EF05MA04 | unidade temática: Números');
    expect(text.indexOf('EF05MA03')).toBeLessThan(text.indexOf('EF05MA06'));
  });

  it('tells the model how long to write for each detail level', () => {
    expect(userText(fractionLesson({ plano: { nivelDetalhamento: 1 } }))).toContain('1 de 5 — bem sucinto');
    expect(userText(fractionLesson({ plano: { nivelDetalhamento: 5 } }))).toContain('5 de 5 — muito detalhado');
  });

  it('asks for one to three skills without limitOneSkill, and no RS preference when off', () => {
    const text = userText(fractionLesson({ plano: { limitOneSkill: false, preferirSeduc: false } }));
    expect(text).toContain('Escolha de 1 a 3 habilidades');
    expect(text).toContain('Preferir a matriz da SEDUC-RS: não');
  });

  it('explains that English in year 3 has no BNCC skills', () => {
    const text = userText(englishYear3Lesson());
    expect(text).toContain('Habilidades candidatas: nenhuma. A BNCC não define habilidades de Língua Inglesa para o 3º ano.');
    expect(text).toContain('Não há habilidades candidatas: não devolva códigos.');
  });

  it('states the rules against invented codes in the system message', () => {
    const [system] = buildLessonMessages(fractionLesson());
    expect(system.content).toContain('Nunca invente códigos');
    expect(system.content).toContain('português do Brasil');
  });

  it("lists the plan's lessons, says which one it writes and tells the model never to take another lesson's topic", () => {
    const sequencia = [
      { numeroAula: 1, prompt: 'Frações com pizza: metades e quartos' },
      { numeroAula: 2, prompt: 'Dividir uma pizza de papel em partes iguais e representar cada parte como fração na reta numérica' },
      { numeroAula: 3, prompt: 'Frações equivalentes\n"""com""" tiras de papel' },
    ];
    const [system, user] = buildLessonMessages(fractionLesson({ aula: { numeroAula: 2 }, sequencia }));
    expect(user.content).toContain('Aulas do plano (3, em ordem). Você escreve somente a Aula 2');
    expect(user.content).toContain('- Aula 1: Frações com pizza: metades e quartos');
    expect(user.content).toContain('- Aula 2 (esta aula): Dividir uma pizza de papel');
    expect(user.content).toContain('- Aula 3: Frações equivalentes "com" tiras de papel');
    // The lesson's own description is the first quoted text: its topic.
    expect(/"""\s*([\s\S]*?)\s*"""/.exec(user.content)?.[1]).toBe(sequencia[1].prompt);
    expect(system.content).toContain('nunca tome o tema de outra aula como tema desta');
    expect(system.content).toContain('conhecimentos prévios');
  });

  it("asks for the level's number of multiple-choice questions tied to the cited skills", () => {
    const [system, user] = buildLessonMessages(fractionLesson({ plano: { nivelDetalhamento: 1 } }));
    expect(user.content).toContain('Verificação da aprendizagem: 3 questões de múltipla escolha.');
    expect(system.content).toContain('4 alternativas distintas');
    expect(userText(fractionLesson({ plano: { nivelDetalhamento: 5 } }))).toContain('5 questões');
  });
});

describe('regeneration prompt', () => {
  it('carries the current text, the field to rewrite and the teacher\'s wish as data', () => {
    const ctx = fractionLesson({
      regeneration: { instrucao: 'mais prática', campo: 'evidencias', current: { objetivos: 'Objetivo atual' } },
    });
    const text = buildLessonMessages(ctx)[1].content;
    expect(text).toContain('Objetivo atual');
    expect(text).toContain('Reescreva somente o campo "Evidências de Aprendizagem"');
    expect(text).toContain('mais prática');
  });

  it('rewrites only the check of learning, showing the current questions with their answers', () => {
    const ctx = fractionLesson({
      regeneration: {
        campo: 'verificacao',
        current: { objetivos: 'Objetivo atual' },
        currentVerificacao: {
          questoes: [
            { tipo: 'multipla', enunciado: 'Quanto é metade de 8?', alternativas: ['2', '4', '6', '8'], correta: 1, habilidade: 'EF05MA03' },
            { tipo: 'aberta', enunciado: 'O que é um quarto?', respostaEsperada: 'Uma de quatro partes iguais.', habilidade: 'EF05MA03' },
          ],
        },
      },
    });
    const text = buildLessonMessages(ctx)[1].content;
    expect(text).toContain('[Verificação da aprendizagem atual]');
    expect(text).toContain('1. Quanto é metade de 8? (EF05MA03)\n   A) 2\n   B) 4 (correta)');
    expect(text).toContain('Resposta esperada: Uma de quatro partes iguais.');
    expect(text).toContain('Reescreva somente a verificação da aprendizagem');
    expect(text).toContain('novas questões sobre esta aula');
  });

  it('rewrites the points to observe of an infantil proposta as points, never as questions', () => {
    const ctx = fractionLesson({ turma: { etapa: 'infantil', ano: '3' }, regeneration: { campo: 'verificacao', current: {} } });
    const text = buildLessonMessages(ctx)[1].content;
    expect(text).toContain('novos pontos de observação desta proposta, abertos, com o que observar');
    expect(text).not.toContain('novas questões');
  });

  it("asks for bebês' ways of expressing themselves (gestures, looks, babble), only for bebês", () => {
    const line = 'Os bebês se expressam por gestos, olhares, balbucios e movimentos';
    const bebes = buildLessonMessages(fractionLesson({ turma: { etapa: 'infantil', ano: '1' } }));
    expect(bebes[1].content).toContain('proposta de experiências para bebês');
    expect(bebes[1].content).toContain(line);
    expect(bebes[0].content).toContain('escrita para a idade desse grupo');
    expect(buildLessonMessages(fractionLesson({ turma: { etapa: 'infantil', ano: '3' } }))[1].content).not.toContain(line);
  });

  it('lists pinned skills instead of candidates', () => {
    const ctx = fractionLesson({ pinned: [FRACTION_SKILLS[0]] });
    const text = buildLessonMessages(ctx)[1].content;
    expect(text).toContain('Habilidades fixadas pelo professor');
    expect(text).not.toContain('Habilidades candidatas');
  });
});

describe('the question bank in the prompt', () => {
  const classroom = bankClassroom();
  const exampleLines = (text: string) => text.split('\n').filter((l) => /^- (EF|EI)\d{2}[A-Z]{2}\d{2} \((aberta|múltipla escolha)\)/u.test(l));

  it("gives the bank questions of the search's first 3 candidates as examples (2 a skill), asking for new ones", () => {
    const withExamples = { EF05MA06: { exemplos: [], termos: [], questoes: BANK.EF05MA04 }, ...classroom };
    const text = userText(fractionLesson({ classroom: withExamples }));
    expect(text).toContain('Exemplos de questões do banco do Planejador para estas habilidades (mostram o nível e o tipo esperados para a turma; não os copie: escreva questões novas, sobre esta aula):');
    const lines = exampleLines(text);
    expect(lines.filter((l) => l.startsWith('- EF05MA03'))).toHaveLength(2);
    expect(lines.filter((l) => l.startsWith('- EF05MA04'))).toHaveLength(2);
    expect(lines.filter((l) => l.startsWith('- EF05MA05'))).toHaveLength(2);
    // The 4th candidate lends none.
    expect(lines.filter((l) => l.startsWith('- EF05MA06'))).toHaveLength(0);
    expect(text).toContain(`- EF05MA03 (múltipla escolha): ${BANK.EF05MA03[0].enunciado} | A) 4/3 de pizza; B) 1/4 de pizza; C) 3/4 de pizza (correta); D) 1/3 de pizza`);
    const open = BANK.EF05MA04[1];
    expect(open.tipo === 'aberta' && text.includes(`- EF05MA04 (aberta): ${open.enunciado} | Resposta esperada: ${open.respostaEsperada}`)).toBe(true);
  });

  it('gives the pinned skills their examples first, then the first candidates', () => {
    const text = userText(fractionLesson({ classroom, pinned: [FRACTION_SKILLS[2]] }));
    const codes = exampleLines(text).map((l) => l.slice(2, 10));
    expect(codes.slice(0, 2)).toEqual(['EF05MA05', 'EF05MA05']);
    expect(new Set(codes)).toEqual(new Set(['EF05MA05', 'EF05MA03', 'EF05MA04']));
  });

  it("gives infantil's examples as points to observe", () => {
    const OBJECTIVE = { code: 'EI01CG02', description: 'Experimentar as possibilidades corporais.', unit: 'Corpo, gestos e movimentos', field: null, knowledgeObjects: [], score: 5 };
    const text = userText(fractionLesson({ classroom, turma: { etapa: 'infantil', ano: '1' }, aula: { materia: 'corpo-gestos-movimentos' }, candidates: [OBJECTIVE] }));
    expect(text).toContain('Exemplos de pontos de observação do banco do Planejador para estes objetivos');
    expect(exampleLines(text).length).toBe(2);
  });

  it('stays bounded whatever the bank holds, and is absent without bank items or when another field is rewritten', () => {
    const huge = { tipo: 'multipla' as const, enunciado: 'Pergunta '.repeat(300), alternativas: ['a '.repeat(200), 'b '.repeat(200), 'c '.repeat(200), 'd '.repeat(200)] as [string, string, string, string], correta: 1 as const };
    const big = Object.fromEntries(FRACTION_SKILLS.map((s) => [s.code, { exemplos: [], termos: [], questoes: Array.from({ length: 50 }, (_, i) => ({ ...huge, enunciado: `${i} ${huge.enunciado}` })) }]));
    const without = userText(fractionLesson({ pinned: FRACTION_SKILLS.slice(0, 3) })).length;
    const withBig = userText(fractionLesson({ classroom: big, pinned: FRACTION_SKILLS.slice(0, 3) })).length;
    // 3 pinned + 3 candidates, at most 6 skills x 2 examples, each line cut short.
    expect(withBig - without).toBeLessThan(6 * 2 * 600);
    expect(userText(fractionLesson())).not.toContain('Exemplos de questões');
    expect(userText(fractionLesson({ classroom, regeneration: { campo: 'experiencias' } }))).not.toContain('Exemplos de questões');
    expect(userText(fractionLesson({ classroom, regeneration: { campo: 'verificacao' } }))).toContain('Exemplos de questões');
  });
});
