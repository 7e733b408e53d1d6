import { verificacaoCount, type HabilidadeMatch, type LessonContent, type Questao } from '@planejador/contracts';
import { FRACTION_SKILLS } from '../__tests__/lesson-context.fixture';
import { checkPlan, summarize, type CheckName, type QualityLesson, type QualityPlan } from './lesson-checks';

const SKILL = FRACTION_SKILLS[0];
const OBJECT = SKILL.knowledgeObjects[0];

function open(i: number, habilidade = SKILL.code): Questao {
  return { tipo: 'aberta', enunciado: `Pergunta ${i} sobre a aula`, respostaEsperada: 'Resposta esperada.', habilidade };
}

/** A level-1 lesson that passes every check: its own topic, objects and counts. */
function lesson(numeroAula: number, prompt: string, overrides: Partial<LessonContent> = {}, cited: HabilidadeMatch[] = [SKILL]): QualityLesson {
  const draft: LessonContent = {
    titulo: prompt.slice(0, 40),
    verificacao: { questoes: [open(1), open(2), open(3)].map((q) => ({ ...q, enunciado: `${q.enunciado} ${numeroAula}: ${prompt}` })) },
    habilidadeCodes: [SKILL.code],
    habilidades: `(${SKILL.code}) ${SKILL.description}`,
    objetivos: `- Aprender ${prompt} na aula ${numeroAula}`,
    objetosConhecimento: OBJECT,
    experiencias: `1. Acolhida da aula ${numeroAula} sobre ${prompt}.\n2. Desenvolvimento: ${prompt}.\n3. Encerramento da aula ${numeroAula} sobre ${prompt}.`,
    evidencias: `- Os estudantes fazem ${prompt} na aula ${numeroAula}.`,
    ...overrides,
  };
  return { numeroAula, prompt, esperadas: [SKILL.code], draft, cited };
}

const PROMPTS = ['Frações com pizza de papel e receitas', 'Metades e quartos na reta numérica da sala', 'Comparar frações com tiras coloridas'];

function plan(change: (lessons: QualityLesson[]) => void = () => undefined): QualityPlan {
  const aulas = PROMPTS.map((p, i) => lesson(i + 1, p));
  change(aulas);
  return { id: 'p', nivelDetalhamento: 1, aulas };
}

const failed = (p: QualityPlan): CheckName[] => [...new Set(checkPlan(p).filter((r) => !r.pass).map((r) => r.check))];

describe('lesson quality checks', () => {
  it('pass a plan whose lessons each teach their own topic', () => {
    expect(checkPlan(plan()).filter((r) => !r.pass)).toEqual([]);
  });

  it("catch a lesson that repeats lesson 1's description (lesson-1 leakage)", () => {
    const leaky = plan((aulas) => {
      aulas[2].draft.experiencias = aulas[2].draft.experiencias.replace('1. Acolhida', `1. Apresentar o tema "${PROMPTS[0]}". Acolhida`);
    });
    expect(failed(leaky)).toEqual(['semVazamento']);
    expect(summarize([leaky], checkPlan(leaky)).lesson1Leakage).toEqual({ leaks: 1, lessons: 2 });
  });

  it("catch a lesson that does not name its own topic, a missing or long title", () => {
    expect(failed(plan((aulas) => (aulas[1] = lesson(2, PROMPTS[1], { objetivos: '- x', experiencias: '1. a\n2. b\n3. c', evidencias: '- y', titulo: 'Aula', verificacao: { questoes: [open(1), open(2), open(3)] } }))))).toEqual(
      expect.arrayContaining(['temaProprio']),
    );
    expect(failed(plan((aulas) => (aulas[0].draft.titulo = 'x'.repeat(81))))).toEqual(['titulo']);
  });

  it("catch objects outside the cited skills' or more than 3", () => {
    expect(failed(plan((aulas) => (aulas[0].draft.objetosConhecimento = `${OBJECT}\nComposição do ar`)))).toEqual(['objetos']);
    const four = [OBJECT, 'b', 'c', 'd'];
    const wide = { ...SKILL, knowledgeObjects: four };
    expect(failed(plan((aulas) => (aulas[0] = { ...aulas[0], cited: [wide], draft: { ...aulas[0].draft, objetosConhecimento: four.join('\n') } })))).toEqual(['objetos']);
  });

  it("count a check drawn from the question bank by the bank: the level's count where it has that many, else all of them, never fewer than 3", () => {
    const bank = (n: number) => Array.from({ length: n }, (_, i) => ({ tipo: 'aberta' as const, enunciado: `Banco ${i}`, respostaEsperada: 'x' }));
    const check = (count: number, bankSize: number | null) =>
      failed({
        ...plan((aulas) =>
          aulas.forEach((a) => {
            if (bankSize !== null) a.banco = bank(bankSize);
            a.draft.verificacao = { questoes: Array.from({ length: count }, (_, i) => ({ ...open(i + 1), enunciado: `Pergunta ${i} da aula ${a.numeroAula}` })) };
          }),
        ),
        nivelDetalhamento: 5,
      }).filter((c) => c === 'verificacao');
    expect(verificacaoCount(5, 'fundamental')).toBe(5);
    expect(check(5, null)).toEqual([]);
    expect(check(3, null)).toEqual(['verificacao']);
    // A bank of 3 for the cited skills: its 3 questions at level 5.
    expect(check(3, 3)).toEqual([]);
    expect(check(4, 3)).toEqual(['verificacao']);
    // A bank of 7: the level's 5; a bank of 2 still owes the 3 a check holds.
    expect(check(5, 7)).toEqual([]);
    expect(check(4, 7)).toEqual(['verificacao']);
    expect(check(2, 2)).toEqual(['verificacao']);
    expect(check(3, 2)).toEqual([]);
  });

  it('catch a malformed check: wrong count, repeated alternatives, a skill the lesson does not cite', () => {
    expect(failed(plan((aulas) => (aulas[0].draft.verificacao = { questoes: [open(1), open(2)] })))).toEqual(['verificacao']);
    const repeated: Questao = { tipo: 'multipla', enunciado: 'Quanto?', alternativas: ['1', '1', '2', '3'], correta: 0, habilidade: SKILL.code };
    expect(failed(plan((aulas) => (aulas[0].draft.verificacao = { questoes: [open(1), open(2), repeated] })))).toEqual(['verificacao']);
    expect(failed(plan((aulas) => (aulas[0].draft.verificacao = { questoes: [open(1), open(2), open(3, 'EF05MA04')] })))).toEqual(['verificacao']);
    expect(failed(plan((aulas) => (aulas[0].draft.verificacao = null)))).toEqual(['verificacao']);
  });

  it('catch a plan whose right answers are all at one position', () => {
    const choice = (i: number, correta: 0 | 1): Questao => ({
      tipo: 'multipla',
      enunciado: `Questão ${i}`,
      alternativas: ['a', 'b', 'c', 'd'],
      correta,
      habilidade: SKILL.code,
    });
    const same = plan((aulas) => aulas.forEach((a, n) => (a.draft.verificacao = { questoes: [choice(n * 3, 0), choice(n * 3 + 1, 0), choice(n * 3 + 2, 0)] })));
    expect(failed(same)).toEqual(['posicoesVariadas']);
    const varied = plan((aulas) => aulas.forEach((a, n) => (a.draft.verificacao = { questoes: [choice(n * 3, 0), choice(n * 3 + 1, 1), choice(n * 3 + 2, 0)] })));
    expect(failed(varied)).toEqual([]);
  });

  it('catch a sentence repeated in more than 2 lessons of a plan', () => {
    const generic = 'O professor acompanha os grupos, faz perguntas e retoma as dúvidas.';
    expect(failed(plan((aulas) => aulas.slice(0, 2).forEach((a) => (a.draft.evidencias += `\n- ${generic}`))))).toEqual([]);
    expect(failed(plan((aulas) => aulas.forEach((a) => (a.draft.evidencias += `\n- ${generic}`))))).toEqual(
      expect.arrayContaining(['frasesRepetidas']),
    );
  });

  it("catch English, but not the English a Língua Inglesa lesson is about", () => {
    expect(failed(plan((aulas) => (aulas[0].draft.objetivos = `- Students will learn ${PROMPTS[0]} and the fractions of the pizza`)))).toEqual(['portugues']);
    const inglesPrompt = 'Riddles com who, which e that';
    const ingles = plan((aulas) => (aulas[0] = lesson(1, inglesPrompt, { objetivos: `- Usar who, which e that (o pronome "that is") em ${inglesPrompt}` })));
    expect(failed(ingles)).toEqual([]);
  });

  it("catch texts off the detail level's counts", () => {
    expect(failed(plan((aulas) => (aulas[0].draft.experiencias += '\n4. Prática.\n5. Mais prática.')))).toEqual(['extensao']);
  });

  it("judge the cited skill against the scenario's accepted codes, when it gives them", () => {
    const results = checkPlan(plan((aulas) => ((aulas[0].esperadas = ['EF05MA04']), (aulas[1].esperadas = []))));
    expect(results.filter((r) => r.check === 'habilidadeAceita').map((r) => r.pass)).toEqual([false, true]);
  });

  describe('infantil (a proposta checked by points to observe)', () => {
    const OBJECTIVE: HabilidadeMatch = {
      ...SKILL,
      code: 'EI02ET07',
      description: 'Contar oralmente objetos, pessoas, livros etc., em contextos diversos.',
      knowledgeObjects: [],
      unit: 'Espaços, tempos, quantidades, relações e transformações',
    };
    const point = (i: number, topic = ''): Questao => ({ tipo: 'aberta', enunciado: `Como a criança participa da proposta ${i} ${topic}?`, respostaEsperada: 'Observar se participa com os colegas.', habilidade: OBJECTIVE.code });
    /** An infantil plan of the grupo `ano` whose lessons pass: 3 points to observe, the campo as the objects. */
    function infantil(ano: string, change: (lessons: QualityLesson[]) => void = () => undefined): QualityPlan {
      const p = plan((aulas) =>
        aulas.forEach((a, i) => {
          a.cited = [OBJECTIVE];
          a.esperadas = [OBJECTIVE.code];
          a.draft = {
            ...a.draft,
            habilidadeCodes: [OBJECTIVE.code],
            objetosConhecimento: `${OBJECTIVE.unit}\nTema da aula: ${a.draft.titulo}.`,
            objetivos: `- Viver ${a.prompt} com as crianças na proposta ${i + 1}`,
            evidencias: `- As crianças vivem ${a.prompt} na proposta ${i + 1}.`,
            verificacao: { questoes: [point(1, a.prompt), point(2, a.prompt), point(3, a.prompt)] },
          };
        }),
      );
      change(p.aulas);
      return { ...p, etapa: 'infantil', ano };
    }

    it('pass a proposta with points to observe, its campo as the objects, at every grupo', () => {
      for (const ano of ['1', '2', '3']) expect(checkPlan(infantil(ano)).filter((r) => !r.pass)).toEqual([]);
    });

    it('catch a point that is a question of another kind or put to the child', () => {
      const choice: Questao = { tipo: 'multipla', enunciado: 'Quantos?', alternativas: ['1', '2', '3', '4'], correta: 1, habilidade: OBJECTIVE.code };
      expect(failed(infantil('2', (aulas) => (aulas[0].draft.verificacao!.questoes[0] = choice)))).toEqual(['observacao']);
      const asked = { ...point(1), enunciado: 'Explique com suas palavras o que você aprendeu.' };
      expect(failed(infantil('2', (aulas) => (aulas[0].draft.verificacao!.questoes[0] = asked)))).toEqual(['observacao']);
    });

    it("catch school words of older students, and for bebês what they cannot yet do; not the lesson's own words", () => {
      expect(failed(infantil('3', (aulas) => (aulas[0].draft.evidencias += '\n- Os estudantes resolvem os exercícios no caderno.')))).toEqual(['linguagemInfantil']);
      const telling = '\n- As crianças contam e desenham o que viveram.';
      expect(failed(infantil('2', (aulas) => (aulas[0].draft.evidencias += telling)))).toEqual([]);
      expect(failed(infantil('1', (aulas) => (aulas[0].draft.evidencias += telling)))).toEqual(['linguagemInfantil']);
      expect(failed(infantil('1', (aulas) => (aulas[0] = { ...aulas[0], prompt: `${aulas[0].prompt}: desenho com giz` }, (aulas[0].draft.evidencias += '\n- Os desenhos ficam no mural.'))))).toEqual([]);
    });

    it('apply the points to observe and the wording only to infantil', () => {
      const names = checkPlan(plan()).map((r) => r.check);
      expect(names).not.toContain('observacao');
      expect(names).not.toContain('linguagemInfantil');
    });

    it('catch an invented object where the cited skills list none', () => {
      expect(failed(infantil('3', (aulas) => (aulas[0].draft.objetosConhecimento = 'Contagem de objetos')))).toEqual(['objetos']);
      expect(failed(infantil('3', (aulas) => (aulas[0].draft.objetosConhecimento = '')))).toEqual([]);
    });
  });
});
