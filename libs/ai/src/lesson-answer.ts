import { cutAtWord, LIMITS, type HabilidadeMatch } from '@planejador/contracts';
import { z } from 'zod';
import { AiError } from './ai-error';
import { chosenSkills, habilidadesText, knowledgeObjects, noSkillsText } from './curriculum-text';
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
/** A model's "recorte" of the knowledge objects shorter than this adds nothing to the official list. */
const THIN_TEXT_CHARS = 15;

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

type JsonSchema = { [key: string]: unknown };

const TEXT_FIELDS = {
  objetivos: 'Objetivos de aprendizagem da aula, em português, um por linha.',
  objetosConhecimento:
    'Recorte dos objetos de conhecimento trabalhados nesta aula, dentro dos objetos das habilidades escolhidas.',
  experiencias: 'Experiências de aprendizagem: sequência de etapas numeradas da aula, em português.',
  evidencias: 'Evidências de aprendizagem observáveis, em português, uma por linha.',
} as const;
type TextField = keyof typeof TEXT_FIELDS;
const TEXT_FIELD_NAMES = Object.keys(TEXT_FIELDS) as TextField[];

/**
 * The strict JSON schema of the answer. The model returns only skill codes (an enum of the candidates);
 * the official texts are written by us. Without candidates the codes field is left out.
 */
export function buildAnswerJsonSchema(ctx: LessonContext): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
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
  for (const field of TEXT_FIELD_NAMES) properties[field] = { type: 'string', description: TEXT_FIELDS[field] };
  return {
    type: 'object',
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  };
}

const text = z.string().trim().min(1).max(LIMITS.lessonFieldMax);

function answerSchema(ctx: LessonContext) {
  const { min, max } = skillCountRange(ctx);
  const official = max > 0 || pinnedSkills(ctx).length > 0;
  return z.object({
    habilidades: max === 0 ? z.array(z.string()).max(0).optional() : z.array(z.string().trim()).min(min).max(max),
    objetivos: text,
    // With skills we list their official objects ourselves, so the model's own cut may be thin.
    objetosConhecimento: official ? z.string().trim().max(LIMITS.lessonFieldMax) : text,
    experiencias: text,
    evidencias: text,
  });
}

export interface LessonAnswer {
  habilidadeCodes: string[];
  objetivos: string;
  objetosConhecimento: string;
  experiencias: string;
  evidencias: string;
}

/**
 * Parses the model's message content: JSON, then the schema, then every code against the candidates.
 * Each failure is a retryable AiError; an unknown code is never returned.
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
    throw new AiError('schema', { detail: issues });
  }
  const allowed = new Set(promptCandidates(ctx).map((c) => c.code));
  const codes = [...new Set(parsed.data.habilidades ?? [])];
  const unknown = codes.filter((code) => !allowed.has(code));
  if (unknown.length > 0) {
    throw new AiError('unknown-code', { detail: `códigos fora das candidatas: ${unknown.join(', ')}` });
  }
  return {
    habilidadeCodes: codes,
    objetivos: parsed.data.objetivos,
    objetosConhecimento: parsed.data.objetosConhecimento,
    experiencias: parsed.data.experiencias,
    evidencias: parsed.data.evidencias,
  };
}

/**
 * Knowledge objects: the chosen skills' official objects, then the model's own cut of them when it says more
 * than the list already does. Without official objects, the model's text (or nothing) stands.
 */
export function objetosConhecimentoText(official: string[], modelText: string): string {
  const own = modelText.trim();
  if (official.length === 0) return own;
  const list = official.join('\n');
  const normalized = own.toLocaleLowerCase('pt-BR');
  const repeatsOfficial = official.every((o) => normalized.includes(o.toLocaleLowerCase('pt-BR')));
  if (own.length < THIN_TEXT_CHARS || (repeatsOfficial && own.length <= list.length + THIN_TEXT_CHARS)) return list;
  return `${list}\n\nRecorte desta aula: ${own}`;
}

/** The lesson draft from a validated answer: official skill texts and knowledge objects come from the curriculum. */
export function composeDraft(ctx: LessonContext, answer: LessonAnswer): LessonDraft {
  const pinned = pinnedSkills(ctx);
  const skills = pinned.length > 0 ? pinned : chosenSkills(answer.habilidadeCodes, ctx.candidates);
  return {
    titulo: cutAtWord(ctx.aula.prompt, LIMITS.tituloMax),
    verificacao: null,
    habilidadeCodes: skills.map((s) => s.code),
    habilidades: skills.length > 0 ? habilidadesText(skills) : noSkillsText(ctx),
    objetivos: answer.objetivos,
    objetosConhecimento: objetosConhecimentoText(knowledgeObjects(skills), answer.objetosConhecimento),
    experiencias: answer.experiencias,
    evidencias: answer.evidencias,
  };
}
