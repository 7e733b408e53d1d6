import { configureZodMessages, MSG, RUBRICA_NIVEIS, updateAvaliacaoSchema } from '@planejador/contracts';
import { AiError } from '../ai-error';
import { BANK } from '../__tests__/question-bank.fixture';
import { buildAssessmentJsonSchema, OfflineAssessmentDrafter, parseAssessmentAnswer, skillAction, type SkillAssessmentContext } from './index';
import { buildAssessmentMessages } from './openai-assessment';

configureZodMessages();

const ctx = (questoes = 2): SkillAssessmentContext => ({
  ano: '5',
  materia: 'Matemática',
  skill: {
    code: 'EF05MA03',
    description: '(EF05MA03) Identificar e representar frações (menores e maiores que a unidade), associando-as ao resultado de uma divisão.',
    unit: 'Números',
    knowledgeObjects: ['Representação fracionária dos números racionais'],
  },
  questoes,
});

describe('offline assessment drafter', () => {
  const banked = (questoes: number, variante?: number): SkillAssessmentContext => ({
    ...ctx(questoes),
    skill: { ...ctx().skill, questoes: BANK.EF05MA03 },
    ...(variante === undefined ? {} : { variante }),
  });

  it("takes the skill's questions from the question bank, as many as asked, with the rubric from the skill's text", async () => {
    for (const n of [1, 2, 3]) {
      const written = await new OfflineAssessmentDrafter().write(banked(n));
      expect(written.questoes).toEqual(BANK.EF05MA03.slice(0, n).map((q) => ({ ...q, habilidade: 'EF05MA03' })));
      expect(JSON.stringify(written.questoes)).not.toMatch(/Resposta pessoal|Mostre, com um exemplo|Explique com suas palavras/);
      expect(written.rubrica.map((r) => r.descritor)[2]).toBe('Consegue identificar e representar frações (menores e maiores que a unidade), associando-as ao resultado de uma divisão com autonomia.');
      expect(updateAvaliacaoSchema.safeParse({ habilidades: [{ code: 'EF05MA03', ...written }] }).success).toBe(true);
    }
  });

  it("varies the questions between periods (variante): another period's assessment opens with another question, none twice", async () => {
    const first = await new OfflineAssessmentDrafter().write(banked(3, 0));
    const second = await new OfflineAssessmentDrafter().write(banked(3, 1));
    expect(second.questoes[0].enunciado).not.toBe(first.questoes[0].enunciado);
    expect(new Set(second.questoes.map((q) => q.enunciado)).size).toBe(3);
    expect(second.questoes[0].enunciado).toBe(BANK.EF05MA03[3].enunciado);
  });

  it('without bank items, writes open questions and the 4 rubric levels from the skill text, never alternatives', async () => {
    const written = await new OfflineAssessmentDrafter().write(ctx(3));
    expect(written.questoes).toHaveLength(3);
    for (const q of written.questoes) {
      expect(q).toMatchObject({ tipo: 'aberta', habilidade: 'EF05MA03' });
      expect('alternativas' in q).toBe(false);
    }
    expect(written.questoes[0].enunciado).toContain('identificar e representar frações');
    expect(written.questoes[1].enunciado).toContain('Representação fracionária dos números racionais');
    expect(written.rubrica.map((r) => r.nivel)).toEqual([...RUBRICA_NIVEIS]);
    expect(new Set(written.rubrica.map((r) => r.descritor)).size).toBe(4);
    // What it writes passes the teacher's edit rules.
    expect(updateAvaliacaoSchema.safeParse({ habilidades: [{ code: 'EF05MA03', ...written }] }).success).toBe(true);
    expect((await new OfflineAssessmentDrafter().write(ctx(1))).questoes).toHaveLength(1);
  });

  it('quotes the skill without its code, in lower case, without a final period', () => {
    expect(skillAction('(EF05MA08) Resolver problemas de multiplicação.')).toBe('resolver problemas de multiplicação');
  });
});

describe('AI assessment prompt', () => {
  it("gives the skill's bank questions as examples of level and kind (at most 2, cut short), asking for new ones", () => {
    const long = { tipo: 'aberta' as const, enunciado: `Uma situação ${'muito longa '.repeat(200)}`, respostaEsperada: 'x '.repeat(900) };
    const withBank = buildAssessmentMessages({ ...ctx(3), skill: { ...ctx().skill, questoes: [long, ...BANK.EF05MA03] } });
    const user = withBank[1].content;
    expect(user).toContain('Exemplos de questões do banco do Planejador para esta habilidade');
    expect(user).toContain('não os copie: escreva questões novas');
    expect(user).toContain(`- EF05MA03 (múltipla escolha): ${BANK.EF05MA03[0].enunciado} | A) 4/3 de pizza; B) 1/4 de pizza; C) 3/4 de pizza (correta); D) 1/3 de pizza`);
    expect(user.split('\n').filter((l) => l.startsWith('- EF05MA03'))).toHaveLength(2);
    expect(user.length - buildAssessmentMessages(ctx(3))[1].content.length).toBeLessThan(1200);
    expect(buildAssessmentMessages(ctx(3))[1].content).not.toContain('Exemplos de questões');
  });
});

describe('AI assessment answer', () => {
  const answer = {
    questoes: [
      { tipo: 'multipla', enunciado: 'Qual é metade?', alternativas: ['1/2', '1/3', '2/3', '3/4'], correta: 0 },
      { tipo: 'aberta', enunciado: ' Explique. ', respostaEsperada: 'Parte de um todo.' },
    ],
    rubrica: { naoDesenvolveu: 'a', emDesenvolvimento: 'b', desenvolveu: 'c', desenvolveuPlenamente: 'd' },
  };

  it('maps a valid answer onto the contract, every question citing the skill', () => {
    const parsed = parseAssessmentAnswer(JSON.stringify(answer), ctx());
    expect(parsed.questoes).toEqual([
      { tipo: 'multipla', enunciado: 'Qual é metade?', alternativas: ['1/2', '1/3', '2/3', '3/4'], correta: 0, habilidade: 'EF05MA03' },
      { tipo: 'aberta', enunciado: 'Explique.', respostaEsperada: 'Parte de um todo.', habilidade: 'EF05MA03' },
    ]);
    expect(parsed.rubrica.map((r) => r.descritor)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('refuses (retryable) repeated alternatives, a wrong count, an empty descriptor and bad JSON', () => {
    const repeated = { ...answer, questoes: [{ ...answer.questoes[0], alternativas: ['1/2', '1/2', '2/3', '3/4'] }, answer.questoes[1]] };
    const cases = [JSON.stringify(repeated), JSON.stringify({ ...answer, questoes: [answer.questoes[0]] }), JSON.stringify({ ...answer, rubrica: { ...answer.rubrica, desenvolveu: '' } }), '{"questoes": ['];
    for (const content of cases) {
      let error: unknown;
      try {
        parseAssessmentAnswer(content, ctx());
      } catch (thrown) {
        error = thrown;
      }
      expect(error).toBeInstanceOf(AiError);
      expect((error as AiError).retryable).toBe(true);
    }
  });

  it('asks for exactly the questions wanted in a strict schema, each multiple choice with 4 alternatives or open', () => {
    const schema = buildAssessmentJsonSchema(3);
    expect(schema.properties.questoes).toMatchObject({ minItems: 3, maxItems: 3 });
    expect(schema.properties.questoes.items.anyOf.map((branch) => branch.properties.tipo.const)).toEqual(['multipla', 'aberta']);
    expect(schema.properties.questoes.items.anyOf[0].properties).toMatchObject({ alternativas: { minItems: 4, maxItems: 4 } });
  });

  it('refuses (retryable) a question of an unknown kind and an open one without its expected answer', () => {
    for (const questao of [{ tipo: 'verdadeiro-falso', enunciado: 'Metade é 1/2?' }, { tipo: 'aberta', enunciado: 'Explique.' }]) {
      const content = JSON.stringify({ ...answer, questoes: [answer.questoes[0], questao] });
      expect(() => parseAssessmentAnswer(content, ctx())).toThrow(expect.objectContaining({ kind: 'schema', retryable: true }));
    }
  });
});

describe('the edit contract', () => {
  it('names the skill and the question', () => {
    const result = updateAvaliacaoSchema.safeParse({
      habilidades: [{ code: 'EF05MA03', questoes: [{ tipo: 'multipla', enunciado: 'x', alternativas: ['a', 'b', 'c'], correta: 0, habilidade: 'EF05MA03' }], rubrica: [] }],
    });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => i.message);
    expect(messages).toContain(MSG.avaliacaoQuestaoProblema('EF05MA03', MSG.questaoAlternativasDistintas(1)));
    expect(messages).toContain(MSG.avaliacaoRubricaNiveis('EF05MA03'));
  });
});
