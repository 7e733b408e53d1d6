import fc from 'fast-check';
import { configureZodMessages, foldAlternative, hasDistinctAlternatives, LIMITS, lineCount, type HabilidadeMatch } from '@planejador/contracts';
import { AiError } from './ai-error';
import { buildAssessmentJsonSchema, parseAssessmentAnswer, type SkillAssessmentContext } from './assessment';
import { arbitraryOf, strictSubsetProblems, type SubsetSchema } from './__tests__/json-schema-arbitrary';
import { englishYear3Lesson, FRACTION_SKILLS, fractionLesson } from './__tests__/lesson-context.fixture';
import { buildAnswerJsonSchema, composeDraft, parseLessonAnswer } from './lesson-answer';
import type { LessonContext } from './types';

/**
 * decisions.md, "Assessments that work with any model": every answer schema states every rule of its validator that
 * the strict subset can state. Answers generated from each schema (any value it allows) are fed to the parser; an
 * answer is refused exactly when it breaks one of the rules below, which no schema of the subset can state (no
 * minLength, maxLength, pattern nor uniqueItems; no rule across two fields). Everything else is stated, or repaired
 * by the parser (texts trimmed, repeated codes and DUA strategies dropped, a long title cut at a word).
 */
const NOT_STATEABLE = {
  vazio: 'a text empty once trimmed (a statement, an alternative, an expected answer, a descriptor, a lesson field, every DUA strategy of a principle)',
  repetidas: 'two alternatives of a question equal once case, accents and spacing are folded',
  limite: "a text past its field's cap (characters, or lines)",
  tituloCurto: 'a title shorter than 3 characters once trimmed',
  habilidadeForaDaAula: 'a question evaluating a skill the lesson does not cite (only when the lesson may cite several)',
} as const;
type Rule = keyof typeof NOT_STATEABLE;

configureZodMessages();

/** Words of a lesson's texts: most generated texts are sentences of them, distinct and non-empty. */
const WORDS = [
  'fração', 'metade', 'reta', 'numérica', 'pizza', 'parte', 'inteiro', 'dividir', 'comparar', 'somar', 'água', 'planta',
  'leitura', 'história', 'mapa', 'roda', 'cantiga', 'dupla', 'grupo', 'registro', 'Qual', 'Como', 'porque', 'três',
  'quatro', 'cinco', 'maior', 'menor', 'igual', 'exemplo', 'criança', 'observa', 'escolhe', 'explica',
];
const sentence = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 8 }).map((words) => words.join(' '));
/** Texts a model could write that a schema cannot refuse: empty, blank, equal once folded, too long. */
const EDGE_TEXTS = ['', '   ', ' \n\t ', 'Sim', ' sim ', 'SÍM', 'x '.repeat(350), 'linha\n'.repeat(301)];
const text = fc.oneof(
  { weight: 60, arbitrary: sentence },
  { weight: 20, arbitrary: sentence.map((s) => `  ${s}\n`) },
  { weight: 19, arbitrary: fc.string({ minLength: 1, maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(...EDGE_TEXTS) },
);

/** The caps as the contract applies them (to the trimmed text): its own characters, then a lesson field's. */
const pastCaps = (value: string, max: number) => {
  const trimmed = value.trim();
  return trimmed.length > Math.min(max, LIMITS.lessonFieldMax) || lineCount(trimmed) > LIMITS.lessonFieldLinesMax;
};
const blank = (value: string) => value.trim().length === 0;

interface RawQuestion {
  tipo?: string;
  enunciado: string;
  alternativas?: string[];
  respostaEsperada?: string;
  habilidade?: string;
}

/** The rules a question breaks (the kind from its `tipo`, else from its fields: a lesson's schema has no `tipo`). */
function questionRules(q: RawQuestion, rules: Set<Rule>): void {
  if (blank(q.enunciado)) rules.add('vazio');
  if (pastCaps(q.enunciado, LIMITS.enunciadoMax)) rules.add('limite');
  if (q.tipo === 'multipla' || (q.tipo === undefined && q.alternativas)) {
    const alternativas = q.alternativas!;
    if (alternativas.some(blank)) rules.add('vazio');
    // Only repeats: a count off 4 is the schema's to state.
    else if (new Set(alternativas.map(foldAlternative)).size < alternativas.length) rules.add('repetidas');
    if (alternativas.some((a) => pastCaps(a, LIMITS.alternativaMax))) rules.add('limite');
  } else {
    if (blank(q.respostaEsperada!)) rules.add('vazio');
    if (pastCaps(q.respostaEsperada!, LIMITS.respostaEsperadaMax)) rules.add('limite');
  }
}

interface RawAssessment {
  questoes: RawQuestion[];
  rubrica: Record<string, string>;
}

function assessmentRules(answer: RawAssessment): Set<Rule> {
  const rules = new Set<Rule>();
  for (const q of answer.questoes) questionRules(q, rules);
  for (const descritor of Object.values(answer.rubrica)) {
    if (blank(descritor)) rules.add('vazio');
    if (pastCaps(descritor, 600)) rules.add('limite');
  }
  return rules;
}

interface RawLesson {
  titulo: string;
  habilidades?: string[];
  objetivos: string;
  objetosConhecimento: string | string[];
  experiencias: string;
  evidencias: string;
  verificacao: { questoes: RawQuestion[] };
  dua?: Record<string, string[]>;
}

/** `schema`: the lesson's; a question's skill can fall outside the lesson only where it chooses several skills. */
function lessonRules(answer: RawLesson, schema: SubsetSchema): Set<Rule> {
  const several = (schema.properties?.habilidades?.maxItems ?? 0) > 1;
  const rules = new Set<Rule>();
  if (answer.titulo.trim().length < LIMITS.tituloMin) rules.add('tituloCurto');
  for (const field of [answer.objetivos, answer.experiencias, answer.evidencias]) {
    if (blank(field)) rules.add('vazio');
    if (field.trim().length > LIMITS.lessonFieldMax) rules.add('limite');
  }
  if (typeof answer.objetosConhecimento === 'string' && answer.objetosConhecimento.trim().length > LIMITS.lessonFieldMax) rules.add('limite');
  const cited = new Set(answer.habilidades ?? []);
  for (const q of answer.verificacao.questoes) {
    questionRules(q, rules);
    if (several && !cited.has(q.habilidade!)) rules.add('habilidadeForaDaAula');
  }
  for (const strategies of Object.values(answer.dua ?? {})) {
    const kept = [...new Set(strategies.map((s) => s.trim()).filter(Boolean))];
    if (kept.length === 0) rules.add('vazio');
    if (kept.some((s) => pastCaps(s, LIMITS.duaEstrategiaMax))) rules.add('limite');
  }
  return rules;
}

/** The parser's verdict: accepted, or the AiError it threw (anything else fails the test). */
function verdict(parse: () => unknown): { accepted: true } | { accepted: false; error: AiError } {
  try {
    parse();
    return { accepted: true };
  } catch (error) {
    if (error instanceof AiError) return { accepted: false, error };
    throw error;
  }
}

/** What the runs of one file saw: how many answers were accepted, and the rules that were broken. */
const seen = { runs: 0, accepted: 0, rules: new Set<Rule>() };

/** Feeds `runs` answers of `schema` to `parse`: accepted exactly when no rule of NOT_STATEABLE is broken. */
function checkSchema<T>(schema: SubsetSchema, parse: (content: string) => void, rulesOf: (answer: T) => Set<Rule>, runs: number): void {
  fc.assert(
    fc.property(arbitraryOf(schema, text), (answer) => {
      const broken = rulesOf(answer as T);
      const result = verdict(() => parse(JSON.stringify(answer)));
      seen.runs += 1;
      if (result.accepted) seen.accepted += 1;
      broken.forEach((rule) => seen.rules.add(rule));
      if (!result.accepted) {
        expect(result.error).toMatchObject({ kind: 'schema', retryable: true });
        if (broken.size === 0) throw new Error(`refused for a rule the schema could state: ${result.error.message}`);
      } else if (broken.size > 0) {
        throw new Error(`accepted although it breaks: ${[...broken].join(', ')}`);
      }
    }),
    { numRuns: runs },
  );
}

const INFANTIL_OBJECTIVES: HabilidadeMatch[] = [
  {
    code: 'EI03EF01',
    description: 'Expressar ideias, desejos e sentimentos sobre suas vivências, por meio da linguagem oral e escrita (escrita espontânea), de fotos, desenhos e outras formas de expressão.',
    unit: 'Escuta, fala, pensamento e imaginação',
    field: null,
    knowledgeObjects: [],
    score: 5,
  },
  {
    code: 'EI03EF03',
    description: 'Escolher e folhear livros, procurando orientar-se por temas e ilustrações e tentando identificar palavras conhecidas.',
    unit: 'Escuta, fala, pensamento e imaginação',
    field: null,
    knowledgeObjects: [],
    score: 4,
  },
];

const MEDIO_SKILLS: HabilidadeMatch[] = [
  {
    code: 'EM13MAT101',
    description:
      'Interpretar criticamente situações econômicas, sociais e fatos relativos às Ciências da Natureza que envolvam a variação de grandezas, pela análise dos gráficos das funções representadas e das taxas de variação, com ou sem apoio de tecnologias digitais.',
    unit: 'Competência específica 1',
    field: null,
    knowledgeObjects: [],
    score: 6,
  },
];

/** Lessons as the worker asks them: stages and years, detail levels, skills chosen, pinned or none, barreiras, regenerations. */
const LESSONS: [string, LessonContext][] = [
  ['5º ano, one skill to choose, level 1 (3 questions)', fractionLesson({ plano: { nivelDetalhamento: 1 } })],
  ['5º ano, up to 3 skills, level 3, barreira leitura', fractionLesson({ plano: { limitOneSkill: false }, turma: { barreiras: ['leitura'] } })],
  ['5º ano, 2 pinned skills, level 5, two barreiras', fractionLesson({ plano: { nivelDetalhamento: 5 }, pinned: FRACTION_SKILLS.slice(0, 2), turma: { barreiras: ['visao', 'atencao'] } })],
  ['5º ano, 1 pinned skill, level 2', fractionLesson({ plano: { nivelDetalhamento: 2 }, pinned: [FRACTION_SKILLS[2]] })],
  ['Inglês 3º ano, no skills in the BNCC, level 4', { ...englishYear3Lesson(), plano: { ...englishYear3Lesson().plano, nivelDetalhamento: 4 } }],
  [
    'infantil, points to observe, up to 3 objectives',
    fractionLesson({
      plano: { materiaGeral: 'escuta-fala-pensamento-imaginacao', limitOneSkill: false },
      turma: { etapa: 'infantil', ano: '3' },
      aula: { materia: 'escuta-fala-pensamento-imaginacao', prompt: 'Roda de histórias com fantoches' },
      candidates: INFANTIL_OBJECTIVES,
    }),
  ],
  [
    'infantil, one objective, barreira mobilidade',
    fractionLesson({
      turma: { etapa: 'infantil', ano: '2', barreiras: ['mobilidade'] },
      aula: { materia: 'escuta-fala-pensamento-imaginacao', prompt: 'Cantigas de roda' },
      candidates: INFANTIL_OBJECTIVES,
    }),
  ],
  ['Ensino Médio 1ª série, one skill', fractionLesson({ turma: { etapa: 'medio', ano: '1' }, aula: { materia: 'matematica', prompt: 'Gráficos de funções' }, candidates: MEDIO_SKILLS })],
  ['regeneration of the check of learning', fractionLesson({ regeneration: { campo: 'verificacao', instrucao: 'mais difíceis', current: { objetivos: 'Representar frações.' } } })],
  ['adaptation for leitura, 3º ano', fractionLesson({ turma: { ano: '3', barreiras: ['leitura'] }, regeneration: { campo: 'experiencias', adaptacao: 'leitura' } })],
];

const assessment = (questoes: number, ano = '5'): SkillAssessmentContext => ({
  ano,
  materia: 'Matemática',
  skill: { code: FRACTION_SKILLS[0].code, description: FRACTION_SKILLS[0].description, unit: 'Números', knowledgeObjects: FRACTION_SKILLS[0].knowledgeObjects },
  questoes,
});

describe('every answer schema is a strict schema of the subset', () => {
  it.each(LESSONS)('lesson: %s', (_name, ctx) => {
    expect(strictSubsetProblems(buildAnswerJsonSchema(ctx) as SubsetSchema)).toEqual([]);
  });

  it.each([1, 2, 3])('assessment of %i question(s): multiple choice (exactly 4 alternatives) or open, as anyOf branches', (questoes) => {
    const schema = buildAssessmentJsonSchema(questoes) as SubsetSchema;
    expect(strictSubsetProblems(schema)).toEqual([]);
    const questao = schema.properties!.questoes;
    expect(questao).toMatchObject({ minItems: questoes, maxItems: questoes });
    const [multipla, aberta] = questao.items!.anyOf!;
    expect(multipla.properties).toMatchObject({ tipo: { const: 'multipla' }, alternativas: { minItems: 4, maxItems: 4 }, correta: { minimum: 0, maximum: 3 } });
    expect(aberta.properties).toMatchObject({ tipo: { const: 'aberta' } });
    expect(aberta.properties).not.toHaveProperty('alternativas');
  });
});

describe('answers generated from each schema are refused only for a rule no schema can state', () => {
  it.each(LESSONS)('lesson: %s', (_name, ctx) => {
    const schema = buildAnswerJsonSchema(ctx) as SubsetSchema;
    checkSchema<RawLesson>(
      schema,
      (content) => {
        const draft = composeDraft(ctx, parseLessonAnswer(content, ctx));
        // What is accepted holds the contract: the level's questions, each on a skill the lesson cites.
        for (const q of draft.verificacao!.questoes) {
          if (q.tipo === 'multipla') expect(hasDistinctAlternatives(q.alternativas)).toBe(true);
          expect(draft.habilidadeCodes.length === 0 ? [''] : draft.habilidadeCodes).toContain(q.habilidade);
        }
      },
      (answer) => lessonRules(answer, schema),
      40,
    );
  });

  it.each([
    [1, '2'],
    [2, '5'],
    [3, '9'],
  ])('assessment of %i question(s), %sº ano', (questoes, ano) => {
    const ctx = assessment(questoes, ano);
    checkSchema<RawAssessment>(
      buildAssessmentJsonSchema(questoes) as SubsetSchema,
      (content) => {
        const written = parseAssessmentAnswer(content, ctx);
        expect(written.questoes).toHaveLength(questoes);
        for (const q of written.questoes) if (q.tipo === 'multipla') expect(hasDistinctAlternatives(q.alternativas)).toBe(true);
      },
      assessmentRules,
      60,
    );
  });

  it('accepts a good share of them, and refuses some: the refusals are real', () => {
    expect(seen.runs).toBeGreaterThan(500);
    expect(seen.accepted / seen.runs).toBeGreaterThan(0.4);
    expect(seen.accepted).toBeLessThan(seen.runs);
    expect([...seen.rules].every((rule) => rule in NOT_STATEABLE)).toBe(true);
  });
});

describe('each rule left to the parser is a retried refusal', () => {
  const good = {
    questoes: [{ tipo: 'multipla', enunciado: 'Qual fração é metade?', alternativas: ['1/2', '1/3', '2/3', '3/4'], correta: 0 }],
    rubrica: { naoDesenvolveu: 'a', emDesenvolvimento: 'b', desenvolveu: 'c', desenvolveuPlenamente: 'd' },
  };
  const broken: [Rule, unknown][] = [
    ['vazio', { ...good, questoes: [{ ...good.questoes[0], enunciado: '  ' }] }],
    ['repetidas', { ...good, questoes: [{ ...good.questoes[0], alternativas: ['Metade', ' metade', '2/3', '3/4'] }] }],
    ['limite', { ...good, rubrica: { ...good.rubrica, desenvolveu: 'x'.repeat(601) } }],
  ];

  it('accepts the answer before it is broken', () => {
    expect(parseAssessmentAnswer(JSON.stringify(good), assessment(1)).questoes).toHaveLength(1);
  });

  it.each(broken)('%s', (rule, answer) => {
    expect(assessmentRules(answer as RawAssessment)).toEqual(new Set([rule]));
    const result = verdict(() => parseAssessmentAnswer(JSON.stringify(answer), assessment(1)));
    expect(result).toMatchObject({ accepted: false, error: { kind: 'schema', retryable: true } });
  });
});
