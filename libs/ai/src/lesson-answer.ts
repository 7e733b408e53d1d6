import {
  cutAtWord,
  DUA_PRINCIPIO_LABELS,
  DUA_PRINCIPIOS,
  duaSchema,
  type Dua,
  LIMITS,
  questionsOutsideSkills,
  verificacaoCount,
  verificacaoKindOf,
  verificacaoSchema,
  type HabilidadeMatch,
  type QuestaoMultipla,
  type Verificacao,
} from '@planejador/contracts';
import { z } from 'zod';
import { AiError } from './ai-error';
import { readableAdaptation } from './dua/adapt-activities';
import { chosenSkills, detailLevel, habilidadesText, knowledgeObjects, noSkillsText } from './curriculum-text';
import { closestObjects } from './lesson-topic';
import type { LessonContext, LessonDraft } from './types';

/** Name of the response_format json_schema. */
export const ANSWER_SCHEMA_NAME = 'plano_de_aula';
/**
 * Candidates sent to the model, ranked best first: the whole pool of the class's year and the lesson's subject
 * (no BNCC pool is larger than 109 skills), so the right skill is always among them. A bound, not a cut.
 */
export const MAX_PROMPT_CANDIDATES = 150;
/** Skills per lesson when limitOneSkill is off. */
export const MAX_SKILLS_PER_LESSON = 3;

/** The candidates offered to the model, best first; none when the teacher pinned the skills. */
export function promptCandidates(ctx: LessonContext): HabilidadeMatch[] {
  if (pinnedSkills(ctx).length > 0) return [];
  return ctx.candidates.slice(0, MAX_PROMPT_CANDIDATES);
}

/** The pinned skills, when the teacher chose them (the lesson cites exactly these). */
export function pinnedSkills(ctx: LessonContext): HabilidadeMatch[] {
  return ctx.pinned ?? [];
}

/** The model chooses skill codes only when nothing is pinned and the year and subject have skills. */
export function skillCountRange(ctx: LessonContext): { min: number; max: number } {
  const available = promptCandidates(ctx).length;
  if (available === 0) return { min: 0, max: 0 };
  return { min: 1, max: ctx.plano.limitOneSkill ? 1 : Math.min(MAX_SKILLS_PER_LESSON, available) };
}

/** The skills the lesson may cite: the pinned ones, else the candidates offered. */
function offeredSkills(ctx: LessonContext): HabilidadeMatch[] {
  const pinned = pinnedSkills(ctx);
  return pinned.length > 0 ? pinned : promptCandidates(ctx);
}

/**
 * Whether the lesson cites exactly one skill known before the answer (one pinned skill, or exactly one to choose):
 * every question then evaluates that skill, so the schema does not ask each question's skill (a model could only
 * get it wrong) and the parser sets it.
 */
function oneSkillLesson(ctx: LessonContext): boolean {
  const pinned = pinnedSkills(ctx).length;
  return pinned === 1 || (pinned === 0 && skillCountRange(ctx).max === 1);
}

/** Whether each question of the answer names its skill: the lesson has skills, and more than one may be cited. */
export function questionsNameSkill(ctx: LessonContext): boolean {
  return offeredSkills(ctx).length > 0 && !oneSkillLesson(ctx);
}

/** The knowledge objects the model may pick from (a schema enum): those of the skills it may cite, verbatim. */
export function offeredObjects(ctx: LessonContext): string[] {
  return knowledgeObjects(offeredSkills(ctx));
}

type JsonSchema = { [key: string]: unknown };

const TEXT_FIELDS = {
  objetivos: 'Objetivos de aprendizagem da aula, em português, um por linha.',
  experiencias: 'Experiências de aprendizagem: sequência de etapas numeradas da aula, em português.',
  evidencias: 'Evidências de aprendizagem observáveis, em português, uma por linha.',
} as const;
type TextField = keyof typeof TEXT_FIELDS;
const TEXT_FIELD_NAMES = Object.keys(TEXT_FIELDS) as TextField[];

/**
 * The strict JSON schema of the answer. The model returns only skill codes and knowledge objects (enums of what the
 * curriculum offers; the official texts are written by us), a short title, the texts and the check of learning
 * (multiple-choice questions, each tied to one of the codes it may cite). Without candidates the codes are left out
 * and the knowledge objects are its own text.
 */
export function buildAnswerJsonSchema(ctx: LessonContext): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    titulo: {
      type: 'string',
      description: `Título curto do tema desta aula (de ${LIMITS.tituloMin} a ${LIMITS.tituloMax} caracteres), a partir da descrição desta aula.`,
    },
  };
  const codes = promptCandidates(ctx).map((c) => c.code);
  if (codes.length > 0) {
    const { min, max } = skillCountRange(ctx);
    properties.habilidades = {
      type: 'array',
      description: 'Códigos das habilidades da BNCC escolhidas, somente da lista de candidatas.',
      items: { type: 'string', enum: codes },
      minItems: min,
      maxItems: max,
    };
  }
  const objects = offeredObjects(ctx);
  const objetosConhecimento: JsonSchema =
    objects.length > 0
      ? {
          type: 'array',
          description: `De 1 a ${LIMITS.objetosConhecimentoMax} objetos de conhecimento trabalhados nesta aula, somente das habilidades escolhidas.`,
          items: { type: 'string', enum: objects },
          minItems: 1,
          maxItems: LIMITS.objetosConhecimentoMax,
        }
      : { type: 'string', description: 'Objetos de conhecimento trabalhados nesta aula, em português.' };
  for (const field of TEXT_FIELD_NAMES) {
    properties[field] = { type: 'string', description: TEXT_FIELDS[field] };
    if (field === 'objetivos') properties.objetosConhecimento = objetosConhecimento;
  }
  const count = verificacaoCount(detailLevel(ctx), ctx.turma.etapa);
  const skillCodes = offeredSkills(ctx).map((s) => s.code);
  const observes = observesLearning(ctx);
  // Infantil's points to observe are open items only: a statement and what to look for, never alternatives.
  const question: Record<string, JsonSchema> = observes
    ? {
        enunciado: { type: 'string', description: 'O que observar nas crianças durante a proposta, em português.' },
        respostaEsperada: { type: 'string', description: 'O que procurar: os sinais de que a criança vive o objetivo, em português.' },
      }
    : {
        enunciado: { type: 'string', description: 'Pergunta, em português.' },
        alternativas: {
          type: 'array',
          description: '4 alternativas distintas, em português; uma só correta.',
          items: { type: 'string' },
          minItems: 4,
          maxItems: 4,
        },
        correta: { type: 'integer', description: 'Posição da alternativa correta (0 a 3).', enum: [0, 1, 2, 3] },
      };
  if (questionsNameSkill(ctx)) {
    question.habilidade = { type: 'string', description: 'Código da habilidade avaliada, uma das citadas pela aula.', enum: skillCodes };
  }
  properties.verificacao = {
    type: 'object',
    description: observes
      ? `Pontos de observação da proposta: ${count} itens abertos, cada um com o que observar e o que procurar.`
      : `Verificação da aprendizagem para o fim da aula: ${count} questões de múltipla escolha.`,
    properties: {
      questoes: {
        type: 'array',
        items: { type: 'object', properties: question, required: Object.keys(question), additionalProperties: false },
        minItems: count,
        maxItems: count,
      },
    },
    required: ['questoes'],
    additionalProperties: false,
  };
  if (hasBarreiras(ctx)) {
    const principle = (label: string, what: string) => ({
      type: 'array',
      description: `${label}: ${what}. Cada item começa pelo nome da barreira a que responde.`,
      items: { type: 'string' },
      minItems: 1,
      maxItems: LIMITS.duaEstrategiasMax,
    });
    properties.dua = {
      type: 'object',
      description: 'Acessibilidade (DUA): estratégias concretas para as barreiras da turma, ligadas à atividade desta aula.',
      properties: {
        representacao: principle(DUA_PRINCIPIO_LABELS.representacao, 'formas de apresentar o conteúdo'),
        acaoExpressao: principle(DUA_PRINCIPIO_LABELS.acaoExpressao, 'formas de os estudantes agirem e mostrarem o que aprenderam'),
        engajamento: principle(DUA_PRINCIPIO_LABELS.engajamento, 'formas de envolver a turma'),
      },
      required: [...DUA_PRINCIPIOS],
      additionalProperties: false,
    };
  }
  return {
    type: 'object',
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  };
}

/** Whether the class's stage checks learning by points to observe (infantil) rather than by questions. */
function observesLearning(ctx: LessonContext): boolean {
  return verificacaoKindOf(ctx.turma.etapa) === 'observacao';
}

/**
 * The answer's questions: multiple choice, or (infantil) open points to observe, nothing else allowed. The skill is
 * optional here: a lesson of one skill does not ask it (the parser sets it), and the contract checks it after.
 */
function questionSchema(ctx: LessonContext) {
  const habilidade = z.string().optional();
  if (observesLearning(ctx)) {
    return z.strictObject({ enunciado: z.string(), respostaEsperada: z.string(), habilidade }).transform((q) => ({ tipo: 'aberta' as const, ...q }));
  }
  return z
    .object({ enunciado: z.string(), alternativas: z.array(z.string()), correta: z.number(), habilidade })
    .transform((q) => ({ tipo: 'multipla' as const, ...q }));
}

/** Whether the class has barreiras (the answer then carries "dua"). */
function hasBarreiras(ctx: LessonContext): boolean {
  return (ctx.turma.barreiras ?? []).length > 0;
}

const text = z.string().trim().min(1).max(LIMITS.lessonFieldMax);

/**
 * A DUA principle's strategies as the model wrote them, repaired where nothing is lost: trimmed, empty ones and
 * exact repeats dropped (the contract then checks that one is left, and every cap).
 */
const duaStrategies = z.array(z.string()).transform((items) => [...new Set(items.map((item) => item.trim()).filter(Boolean))]);
const duaAnswerSchema = z.object({ representacao: duaStrategies, acaoExpressao: duaStrategies, engajamento: duaStrategies }).pipe(duaSchema);

function answerSchema(ctx: LessonContext) {
  const { min, max } = skillCountRange(ctx);
  const objects = offeredObjects(ctx);
  return z.object({
    titulo: z.string().trim().min(LIMITS.tituloMin),
    habilidades: max === 0 ? z.array(z.string()).max(0).optional() : z.array(z.string().trim()).min(min).max(max),
    objetivos: text,
    objetosConhecimento:
      objects.length > 0 ? z.array(z.string()).min(1).max(LIMITS.objetosConhecimentoMax) : z.string().trim().max(LIMITS.lessonFieldMax),
    experiencias: text,
    evidencias: text,
    verificacao: z.object({ questoes: z.array(questionSchema(ctx)) }),
    dua: hasBarreiras(ctx) ? duaAnswerSchema : z.unknown().optional(),
  });
}

export interface LessonAnswer {
  titulo: string;
  habilidadeCodes: string[];
  objetivos: string;
  /** The knowledge objects the model picked (from the enum), or its own text when the lesson has no skills. */
  objetosConhecimento: string[] | string;
  experiencias: string;
  evidencias: string;
  verificacao: Verificacao;
  /** The DUA strategies when the class has barreiras; null otherwise. */
  dua: Dua | null;
}

function schemaError(detail: string): AiError {
  return new AiError('schema', { detail });
}

/** A small deterministic hash of a text (FNV-1a), for the right answers' positions. */
function hash(textToHash: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < textToHash.length; i++) {
    h ^= textToHash.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The right answer moved to a position that varies with the lesson and the question (models put it first far too
 * often): question i of a lesson goes to (h + i) mod 4, h keyed by the lesson's number and description, the other
 * alternatives keeping their order. Deterministic, so a retried answer keeps its letters.
 */
export function varyRightAnswers(verificacao: Verificacao, ctx: LessonContext): Verificacao {
  const h = hash(`${ctx.aula.numeroAula}:${ctx.aula.prompt}`);
  return {
    questoes: verificacao.questoes.map((q, i) => {
      if (q.tipo !== 'multipla') return q;
      const position = ((h + i) % 4) as QuestaoMultipla['correta'];
      const right = q.alternativas[q.correta];
      const others = q.alternativas.filter((_, index) => index !== q.correta);
      others.splice(position, 0, right);
      return { ...q, alternativas: others as QuestaoMultipla['alternativas'], correta: position };
    }),
  };
}

/**
 * Parses the model's message content: JSON, then the schema, then every code against the candidates and the
 * check of learning against the contract (verificacaoSchema, the level's number of questions, each question's skill
 * one of the lesson's). Each failure is a retryable AiError; an unknown code is never returned.
 */
export function parseLessonAnswer(content: string, ctx: LessonContext): LessonAnswer {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch (error) {
    throw new AiError('invalid-json', { cause: error, detail: `conteúdo não é JSON (${content.length} caracteres)` });
  }
  const parsed = answerSchema(ctx).safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(raiz)'}: ${i.message}`).join('; ');
    throw schemaError(issues);
  }
  const allowed = new Set(promptCandidates(ctx).map((c) => c.code));
  const codes = [...new Set(parsed.data.habilidades ?? [])];
  const unknown = codes.filter((code) => !allowed.has(code));
  if (unknown.length > 0) {
    throw new AiError('unknown-code', { detail: `códigos fora das candidatas: ${unknown.join(', ')}` });
  }
  const lessonCodes = pinnedSkills(ctx).length > 0 ? pinnedSkills(ctx).map((s) => s.code) : codes;
  // A lesson of one skill: every question evaluates it (the schema did not ask).
  const implied = oneSkillLesson(ctx) ? lessonCodes[0] : undefined;
  const verificacao = verificacaoSchema.safeParse({
    questoes: parsed.data.verificacao.questoes.map((q) => ({ ...q, habilidade: implied ?? q.habilidade ?? '' })),
  });
  if (!verificacao.success) {
    throw schemaError(`verificacao: ${verificacao.error.issues.map((i) => i.message).join('; ')}`);
  }
  const expected = verificacaoCount(detailLevel(ctx), ctx.turma.etapa);
  if (verificacao.data.questoes.length !== expected) {
    throw schemaError(`verificacao: ${verificacao.data.questoes.length} questões, esperadas ${expected}`);
  }
  const outside = questionsOutsideSkills(verificacao.data, lessonCodes);
  if (outside.length > 0) throw schemaError(`verificacao: questões ${outside.join(', ')} com habilidade fora da aula`);
  return {
    titulo: cutAtWord(parsed.data.titulo, LIMITS.tituloMax),
    habilidadeCodes: codes,
    objetivos: parsed.data.objetivos,
    objetosConhecimento: parsed.data.objetosConhecimento,
    experiencias: parsed.data.experiencias,
    evidencias: parsed.data.evidencias,
    verificacao: varyRightAnswers(verificacao.data, ctx),
    dua: hasBarreiras(ctx) ? (parsed.data.dua as Dua) : null,
  };
}

/**
 * The lesson's knowledge objects, one a line: those the model picked that belong to the cited skills, verbatim, at
 * most LIMITS.objetosConhecimentoMax; none left, the cited skills' objects closest to the description. Without
 * skills, the model's own text.
 */
export function lessonObjects(ctx: LessonContext, skills: readonly HabilidadeMatch[], picked: string[] | string): string {
  if (typeof picked === 'string') return picked.trim();
  const own = new Set(knowledgeObjects(skills));
  const kept = [...new Set(picked.map((o) => o.trim()))].filter((o) => own.has(o)).slice(0, LIMITS.objetosConhecimentoMax);
  const objects = kept.length > 0 ? kept : closestObjects(skills, ctx.aula.prompt, LIMITS.objetosConhecimentoMax);
  return objects.join('\n');
}

/** The lesson draft from a validated answer: official skill texts and knowledge objects come from the curriculum. */
export function composeDraft(ctx: LessonContext, answer: LessonAnswer): LessonDraft {
  const pinned = pinnedSkills(ctx);
  const skills = pinned.length > 0 ? pinned : chosenSkills(answer.habilidadeCodes, ctx.candidates);
  return {
    titulo: answer.titulo,
    verificacao: answer.verificacao,
    dua: answer.dua,
    habilidadeCodes: skills.map((s) => s.code),
    habilidades: skills.length > 0 ? habilidadesText(skills) : noSkillsText(ctx),
    objetivos: answer.objetivos,
    objetosConhecimento: lessonObjects(ctx, skills, answer.objetosConhecimento),
    // An adaptation for leitura (years 1-5) the model wrote in long sentences is cut at its clause boundaries.
    experiencias: readableAdaptation(answer.experiencias, ctx.regeneration?.adaptacao, ctx.turma.ano),
    evidencias: answer.evidencias,
  };
}
