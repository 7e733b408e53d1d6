import { AiError } from './ai-error';
import { englishYear3Lesson, FRACTION_SKILLS, fractionLesson } from './__tests__/lesson-context.fixture';
import {
  buildAnswerJsonSchema,
  composeDraft,
  MAX_PROMPT_CANDIDATES,
  objetosConhecimentoText,
  parseLessonAnswer,
} from './lesson-answer';

const texts = {
  objetivos: 'Representar frações na reta numérica.',
  objetosConhecimento: 'Frações como parte de um todo.',
  experiencias: '1. Dividir a pizza de papel. 2. Registrar as frações.',
  evidencias: 'Os estudantes marcam 1/4 e 3/4 na reta.',
};

function thrown(fn: () => unknown): AiError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AiError) return error;
    throw error;
  }
  throw new Error('nothing was thrown');
}

describe('buildAnswerJsonSchema', () => {
  it('offers only the candidate codes, exactly one with limitOneSkill', () => {
    const schema = buildAnswerJsonSchema(fractionLesson());
    expect(schema).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: ['habilidades', 'objetivos', 'objetosConhecimento', 'experiencias', 'evidencias'],
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

  it('allows one to three skills without limitOneSkill', () => {
    const schema = buildAnswerJsonSchema(fractionLesson({ plano: { limitOneSkill: false } }));
    expect(schema.properties).toMatchObject({ habilidades: { minItems: 1, maxItems: 3 } });
  });

  it('leaves the codes out when the year has no skills, keeping the four texts', () => {
    const schema = buildAnswerJsonSchema(englishYear3Lesson());
    expect(schema.required).toEqual(['objetivos', 'objetosConhecimento', 'experiencias', 'evidencias']);
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
    const answer = parseLessonAnswer(JSON.stringify({ ...texts, objetosConhecimento: '' }), ctx);
    const draft = composeDraft(ctx, answer);
    expect(draft.habilidadeCodes).toEqual([FRACTION_SKILLS[1].code, FRACTION_SKILLS[0].code]);
    expect(draft.habilidades).toContain(FRACTION_SKILLS[1].description.trim());
  });
});

describe('parseLessonAnswer', () => {
  const ctx = fractionLesson({ plano: { limitOneSkill: false } });

  it('accepts candidate codes and drops repeats', () => {
    const answer = parseLessonAnswer(JSON.stringify({ habilidades: ['EF05MA04', 'EF05MA04'], ...texts }), ctx);
    expect(answer.habilidadeCodes).toEqual(['EF05MA04']);
  });

  it('rejects an invented code as retryable, never returning it', () => {
    const error = thrown(() => parseLessonAnswer(JSON.stringify({ habilidades: ['EF99XX99'], ...texts }), ctx));
    expect(error.kind).toBe('unknown-code');
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('EF99XX99');
  });

  it('rejects a real BNCC code that is not among the candidates', () => {
    const error = thrown(() => parseLessonAnswer(JSON.stringify({ habilidades: ['EF01LP01'], ...texts }), ctx));
    expect(error.kind).toBe('unknown-code');
  });

  it('rejects content that is not JSON', () => {
    const error = thrown(() => parseLessonAnswer('{"habilidades": ["EF0', ctx));
    expect(error).toMatchObject({ kind: 'invalid-json', retryable: true });
  });

  it('rejects answers off the schema: missing text, too many skills', () => {
    expect(thrown(() => parseLessonAnswer(JSON.stringify({ habilidades: ['EF05MA03'], objetivos: '' }), ctx)).kind).toBe(
      'schema',
    );
    const four = ['EF05MA03', 'EF05MA04', 'EF05MA05', 'EF05MA06'];
    expect(thrown(() => parseLessonAnswer(JSON.stringify({ habilidades: four, ...texts }), ctx)).kind).toBe('schema');
    const one = fractionLesson();
    const two = JSON.stringify({ habilidades: ['EF05MA03', 'EF05MA04'], ...texts });
    expect(thrown(() => parseLessonAnswer(two, one)).kind).toBe('schema');
  });

  it('accepts an answer without codes when there are no candidates', () => {
    const answer = parseLessonAnswer(JSON.stringify(texts), englishYear3Lesson());
    expect(answer.habilidadeCodes).toEqual([]);
  });
});

describe('composeDraft', () => {
  it('writes the official text of each chosen code, one line per skill', () => {
    const ctx = fractionLesson({ plano: { limitOneSkill: false } });
    const draft = composeDraft(ctx, { habilidadeCodes: ['EF05MA03', 'EF05MA04'], ...texts });
    expect(draft.habilidadeCodes).toEqual(['EF05MA03', 'EF05MA04']);
    expect(draft.habilidades).toBe(
      '(EF05MA03) Identificar e representar frações (menores e maiores que a unidade), associando-as ao resultado de uma divisão ou à ideia de parte de um todo, utilizando a reta numérica como recurso.\n' +
        '(EF05MA04) Identificar frações equivalentes.',
    );
    expect(draft.objetosConhecimento).toContain(
      'Representação fracionária dos números racionais: reconhecimento, significados, leitura e representação na reta numérica',
    );
    expect(draft.objetivos).toBe(texts.objetivos);
  });

  it('says the BNCC has no skills when there are no candidates', () => {
    const draft = composeDraft(englishYear3Lesson(), { habilidadeCodes: [], ...texts });
    expect(draft.habilidades).toBe('A BNCC não define habilidades de Língua Inglesa para o 3º ano.');
    expect(draft.objetosConhecimento).toBe(texts.objetosConhecimento);
  });

  it('uses the curriculum lookup reason when it gives one', () => {
    const ctx = { ...englishYear3Lesson(), noCandidatesReason: 'Inglês tem habilidades na BNCC só do 6º ao 9º ano.' };
    expect(composeDraft(ctx, { habilidadeCodes: [], ...texts }).habilidades).toBe(
      'Inglês tem habilidades na BNCC só do 6º ao 9º ano.',
    );
  });
});

describe('objetosConhecimentoText', () => {
  const official = ['Frações: significados', 'Reta numérica'];

  it('keeps only the official list when the model says little', () => {
    expect(objetosConhecimentoText(official, '')).toBe('Frações: significados\nReta numérica');
    expect(objetosConhecimentoText(official, 'Frações')).toBe('Frações: significados\nReta numérica');
    expect(objetosConhecimentoText(official, 'Frações: significados; reta numérica.')).toBe(
      'Frações: significados\nReta numérica',
    );
  });

  it("adds the model's cut of the objects after the official list", () => {
    expect(objetosConhecimentoText(official, 'Metades e quartos de uma pizza na reta numérica')).toBe(
      'Frações: significados\nReta numérica\n\nRecorte desta aula: Metades e quartos de uma pizza na reta numérica',
    );
  });
});
