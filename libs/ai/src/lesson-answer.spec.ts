import type { QuestaoMultipla } from '@planejador/contracts';
import { AiError } from './ai-error';
import { englishYear3Lesson, FRACTION_SKILLS, fractionAnswer, fractionLesson } from './__tests__/lesson-context.fixture';
import { buildAnswerJsonSchema, composeDraft, lessonObjects, MAX_PROMPT_CANDIDATES, parseLessonAnswer, varyRightAnswers } from './lesson-answer';

function thrown(fn: () => unknown): AiError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AiError) return error;
    throw error;
  }
  throw new Error('nothing was thrown');
}

const json = (value: unknown) => JSON.stringify(value);

describe('buildAnswerJsonSchema', () => {
  it('offers only the candidate codes, exactly one with limitOneSkill', () => {
    const schema = buildAnswerJsonSchema(fractionLesson());
    expect(schema).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: ['titulo', 'habilidades', 'objetivos', 'objetosConhecimento', 'experiencias', 'evidencias', 'verificacao'],
      properties: {
        habilidades: {
          type: 'array',
          items: { type: 'string', enum: ['EF05MA03', 'EF05MA04', 'EF05MA05', 'EF05MA06'] },
          minItems: 1,
          maxItems: 1,
        },
      },
    });
  });

  it("offers the candidates' knowledge objects as an enum of at most 3, and questions tied to the codes", () => {
    const schema = buildAnswerJsonSchema(fractionLesson({ plano: { nivelDetalhamento: 5 } }));
    const properties = schema.properties as Record<string, any>;
    expect(properties.objetosConhecimento).toMatchObject({ type: 'array', maxItems: 3, minItems: 1 });
    expect(properties.objetosConhecimento.items.enum).toEqual([
      FRACTION_SKILLS[0].knowledgeObjects[0],
      FRACTION_SKILLS[1].knowledgeObjects[0],
      FRACTION_SKILLS[3].knowledgeObjects[0],
    ]);
    const questoes = properties.verificacao.properties.questoes;
    expect(questoes).toMatchObject({ minItems: 5, maxItems: 5 });
    expect(questoes.items.properties.alternativas).toMatchObject({ minItems: 4, maxItems: 4 });
    // One skill a lesson: every question evaluates it, so no question is asked its skill.
    expect(questoes.items.required).toEqual(['enunciado', 'alternativas', 'correta']);
    expect(questoes.items.additionalProperties).toBe(false);
    const several = (buildAnswerJsonSchema(fractionLesson({ plano: { limitOneSkill: false } })).properties as Record<string, any>).verificacao.properties.questoes;
    expect(several.items.properties.habilidade.enum).toEqual(['EF05MA03', 'EF05MA04', 'EF05MA05', 'EF05MA06']);
    expect(several.items.required).toEqual(['enunciado', 'alternativas', 'correta', 'habilidade']);
  });

  it("ties a one-skill lesson's questions to its skill, whatever a question says", () => {
    const chosen = parseLessonAnswer(json(fractionAnswer({ habilidades: ['EF05MA04'] }, 4, 'EF05MA06')), fractionLesson());
    expect(chosen.verificacao.questoes.map((q) => q.habilidade)).toEqual(Array(4).fill('EF05MA04'));
    const { habilidades: _codes, ...answer } = fractionAnswer({}, 4);
    const withoutSkill = { ...answer, verificacao: { questoes: answer.verificacao.questoes.map(({ habilidade: _h, ...q }) => q) } };
    const pinned = fractionLesson({ pinned: [FRACTION_SKILLS[1]] });
    expect(parseLessonAnswer(json({ ...withoutSkill, objetosConhecimento: [FRACTION_SKILLS[1].knowledgeObjects[0]] }), pinned).verificacao.questoes.map((q) => q.habilidade)).toEqual(
      Array(4).fill('EF05MA04'),
    );
  });

  it('allows one to three skills without limitOneSkill', () => {
    const schema = buildAnswerJsonSchema(fractionLesson({ plano: { limitOneSkill: false } }));
    expect(schema.properties).toMatchObject({ habilidades: { minItems: 1, maxItems: 3 } });
  });

  it('leaves the codes out when the year has no skills; the objects are the model text', () => {
    const schema = buildAnswerJsonSchema(englishYear3Lesson());
    expect(schema.required).toEqual(['titulo', 'objetivos', 'objetosConhecimento', 'experiencias', 'evidencias', 'verificacao']);
    const properties = schema.properties as Record<string, any>;
    expect(properties.objetosConhecimento.type).toBe('string');
    expect(properties.verificacao.properties.questoes.items.properties).not.toHaveProperty('habilidade');
  });

  it('offers the whole pool of the year and subject (109 skills, the largest BNCC pool), best-ranked first', () => {
    const many = Array.from({ length: 109 }, (_, i) => ({ ...FRACTION_SKILLS[0], code: `EF05MA${String(i).padStart(3, '0')}` }));
    const schema = buildAnswerJsonSchema(fractionLesson({ candidates: many }));
    const habilidades = (schema.properties as { habilidades: { items: { enum: string[] } } }).habilidades;
    expect(habilidades.items.enum).toHaveLength(109);
    expect(MAX_PROMPT_CANDIDATES).toBeGreaterThanOrEqual(109);
    expect(habilidades.items.enum[0]).toBe('EF05MA000');
  });

  it('asks no codes when the teacher pinned the skills, and the draft cites exactly the pins', () => {
    const ctx = fractionLesson({ plano: { limitOneSkill: true }, pinned: [FRACTION_SKILLS[1], FRACTION_SKILLS[0]] });
    const schema = buildAnswerJsonSchema(ctx);
    expect(schema.properties).not.toHaveProperty('habilidades');
    const { habilidades: _codes, ...answer } = fractionAnswer({ objetosConhecimento: [] }, 4, 'EF05MA04');
    expect(thrown(() => parseLessonAnswer(json(answer), ctx)).kind).toBe('schema'); // at least one object
    const draft = composeDraft(ctx, parseLessonAnswer(json({ ...answer, objetosConhecimento: [FRACTION_SKILLS[1].knowledgeObjects[0]] }), ctx));
    expect(draft.habilidadeCodes).toEqual([FRACTION_SKILLS[1].code, FRACTION_SKILLS[0].code]);
    expect(draft.habilidades).toContain(FRACTION_SKILLS[1].description.trim());
    expect(draft.objetosConhecimento).toBe(FRACTION_SKILLS[1].knowledgeObjects[0]);
  });
});

describe('parseLessonAnswer', () => {
  const ctx = fractionLesson({ plano: { limitOneSkill: false } });

  it('accepts candidate codes and drops repeats', () => {
    const answer = parseLessonAnswer(json(fractionAnswer({ habilidades: ['EF05MA04', 'EF05MA04'] }, 4, 'EF05MA04')), ctx);
    expect(answer.habilidadeCodes).toEqual(['EF05MA04']);
    expect(answer.titulo).toBe('Frações com pizza de papel');
  });

  it('rejects an invented code as retryable, never returning it', () => {
    const error = thrown(() => parseLessonAnswer(json(fractionAnswer({ habilidades: ['EF99XX99'] })), ctx));
    expect(error.kind).toBe('unknown-code');
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('EF99XX99');
  });

  it('rejects a real BNCC code that is not among the candidates', () => {
    const error = thrown(() => parseLessonAnswer(json(fractionAnswer({ habilidades: ['EF01LP01'] })), ctx));
    expect(error.kind).toBe('unknown-code');
  });

  it('rejects content that is not JSON', () => {
    const error = thrown(() => parseLessonAnswer('{"habilidades": ["EF0', ctx));
    expect(error).toMatchObject({ kind: 'invalid-json', retryable: true });
  });

  it('rejects answers off the schema: missing text, too many skills, a title too short', () => {
    expect(thrown(() => parseLessonAnswer(json({ habilidades: ['EF05MA03'], objetivos: '' }), ctx)).kind).toBe('schema');
    const four = ['EF05MA03', 'EF05MA04', 'EF05MA05', 'EF05MA06'];
    expect(thrown(() => parseLessonAnswer(json(fractionAnswer({ habilidades: four })), ctx)).kind).toBe('schema');
    expect(thrown(() => parseLessonAnswer(json(fractionAnswer({ habilidades: ['EF05MA03', 'EF05MA04'] })), fractionLesson())).kind).toBe(
      'schema',
    );
    expect(thrown(() => parseLessonAnswer(json(fractionAnswer({ titulo: 'Fr' })), ctx)).kind).toBe('schema');
  });

  it('cuts a title longer than 80 characters at a word', () => {
    const long = 'Frações com pizza de papel: dividir, comparar, representar na reta numérica e discutir em grupos as partes';
    const { titulo } = parseLessonAnswer(json(fractionAnswer({ titulo: long })), ctx);
    expect(titulo.length).toBeLessThanOrEqual(80);
    expect(long.startsWith(titulo)).toBe(true);
  });

  it('rejects a check of learning off the contract: repeated alternatives, wrong count, a skill the lesson does not cite', () => {
    const answer = fractionAnswer();
    const repeated = structuredClone(answer);
    repeated.verificacao.questoes[1].alternativas = ['a', 'A', 'b', 'c'];
    expect(thrown(() => parseLessonAnswer(json(repeated), ctx))).toMatchObject({ kind: 'schema', retryable: true });
    expect(thrown(() => parseLessonAnswer(json(fractionAnswer({}, 3)), ctx)).message).toContain('esperadas 4');
    const otherSkill = fractionAnswer({}, 4, 'EF05MA04');
    expect(thrown(() => parseLessonAnswer(json(otherSkill), ctx)).message).toContain('habilidade fora da aula');
    const badRight = structuredClone(answer);
    badRight.verificacao.questoes[0].correta = 4;
    expect(thrown(() => parseLessonAnswer(json(badRight), ctx)).kind).toBe('schema');
  });

  it('accepts an answer without codes when there are no candidates', () => {
    const { habilidades: _codes, ...answer } = fractionAnswer({ objetosConhecimento: 'Cores em inglês' }, 4, '');
    const parsed = parseLessonAnswer(json(answer), englishYear3Lesson());
    expect(parsed.habilidadeCodes).toEqual([]);
    expect(parsed.verificacao.questoes.every((q) => q.habilidade === '')).toBe(true);
  });
});

describe('varyRightAnswers', () => {
  it('moves the right answer to varied positions, keeping the alternatives and which one is right', () => {
    const ctx = fractionLesson();
    const verificacao = parseLessonAnswer(json(fractionAnswer()), ctx).verificacao;
    const questions = verificacao.questoes as QuestaoMultipla[];
    expect(new Set(questions.map((q) => q.correta)).size).toBe(4);
    questions.forEach((q, i) => {
      expect(q.alternativas[q.correta]).toBe(`${i + 1}/4 certo`);
      expect([...q.alternativas].sort()).toEqual([`${i + 1}/4 certo`, 'metade de nada', 'um inteiro', 'zero'].sort());
    });
    expect(varyRightAnswers(verificacao, ctx)).toEqual(varyRightAnswers(verificacao, ctx));
  });

  it('differs between lessons of a plan', () => {
    const firsts = [1, 2, 3, 4, 5, 6].map((n) => {
      const ctx = fractionLesson({ aula: { numeroAula: n } });
      return (parseLessonAnswer(json(fractionAnswer()), ctx).verificacao.questoes[0] as QuestaoMultipla).correta;
    });
    expect(new Set(firsts).size).toBeGreaterThan(1);
  });
});

describe('lessonObjects', () => {
  const skills = [FRACTION_SKILLS[0]];

  it("keeps only the cited skills' objects, verbatim, at most 3", () => {
    const ctx = fractionLesson();
    const picked = [FRACTION_SKILLS[1].knowledgeObjects[0], FRACTION_SKILLS[0].knowledgeObjects[0]];
    expect(lessonObjects(ctx, skills, picked)).toBe(FRACTION_SKILLS[0].knowledgeObjects[0]);
  });

  it('falls back to the closest object of the cited skills when the model picked none of theirs', () => {
    const ciencias = {
      code: 'EF07CI16',
      description: 'Justificar o formato das costas brasileira e africana com base na teoria da deriva dos continentes.',
      unit: 'Terra e Universo',
      field: null,
      knowledgeObjects: ['Composição do ar', 'Efeito estufa', 'Camada de ozônio', 'Placas tectônicas e deriva continental'],
      score: 5,
    };
    const ctx = fractionLesson({ aula: { prompt: 'Placas tectônicas: como os continentes se movem' } });
    expect(lessonObjects(ctx, [ciencias], ['Outro objeto'])).toBe('Placas tectônicas e deriva continental');
  });

  it("keeps the model's text when the lesson has no skills", () => {
    expect(lessonObjects(englishYear3Lesson(), [], ' Cores ')).toBe('Cores');
  });
});

describe('composeDraft', () => {
  it('writes the official text of each chosen code, one line per skill, and the objects one a line', () => {
    const ctx = fractionLesson({ plano: { limitOneSkill: false } });
    const answer = parseLessonAnswer(
      json(
        fractionAnswer({
          habilidades: ['EF05MA03', 'EF05MA04'],
          objetosConhecimento: [FRACTION_SKILLS[0].knowledgeObjects[0], FRACTION_SKILLS[1].knowledgeObjects[0]],
        }),
      ),
      ctx,
    );
    const draft = composeDraft(ctx, answer);
    expect(draft.habilidadeCodes).toEqual(['EF05MA03', 'EF05MA04']);
    expect(draft.habilidades).toBe(
      '(EF05MA03) Identificar e representar frações (menores e maiores que a unidade), associando-as ao resultado de uma divisão ou à ideia de parte de um todo, utilizando a reta numérica como recurso.\n' +
        '(EF05MA04) Identificar frações equivalentes.',
    );
    expect(draft.objetosConhecimento).toBe(`${FRACTION_SKILLS[0].knowledgeObjects[0]}\n${FRACTION_SKILLS[1].knowledgeObjects[0]}`);
    expect(draft.titulo).toBe('Frações com pizza de papel');
    expect(draft.verificacao?.questoes).toHaveLength(4);
  });

  it('says the BNCC has no skills when there are no candidates', () => {
    const { habilidades: _codes, ...answer } = fractionAnswer({ objetosConhecimento: 'Cores em inglês' }, 4, '');
    const draft = composeDraft(englishYear3Lesson(), parseLessonAnswer(json(answer), englishYear3Lesson()));
    expect(draft.habilidades).toBe('A BNCC não define habilidades de Língua Inglesa para o 3º ano.');
    expect(draft.objetosConhecimento).toBe('Cores em inglês');
  });

  it('uses the curriculum lookup reason when it gives one', () => {
    const ctx = { ...englishYear3Lesson(), noCandidatesReason: 'Inglês tem habilidades na BNCC só do 6º ao 9º ano.' };
    const { habilidades: _codes, ...answer } = fractionAnswer({ objetosConhecimento: 'Cores' }, 4, '');
    expect(composeDraft(ctx, parseLessonAnswer(json(answer), ctx)).habilidades).toBe('Inglês tem habilidades na BNCC só do 6º ao 9º ano.');
  });
});
