import { z } from 'zod';
import {
  GenerationState,
  LessonGenerationState,
  LIMITS,
  materiaSchema,
  PLAN_STATUSES,
  PlanStatus,
} from './domain';
import { MSG } from './messages';

const lessonPrompt = z
  .string({ error: MSG.promptRequired })
  .trim()
  .min(1, MSG.promptRequired)
  .max(LIMITS.promptMax, MSG.textTooLong(LIMITS.promptMax));

export const generateAulaSchema = z.object({
  numeroAula: z.number().int().min(1).max(LIMITS.aulasMax),
  materia: z.string({ error: MSG.materiaRequired }).min(1, MSG.materiaRequired).pipe(materiaSchema),
  prompt: lessonPrompt,
});

export const generatePlanoSchema = z.object({
  temaPrincipal: z
    .string({ error: MSG.temaRequired })
    .trim()
    .min(1, MSG.temaRequired)
    .max(LIMITS.shortTextMax, MSG.textTooLong(LIMITS.shortTextMax)),
  turmaId: z.string({ error: MSG.turmaRequired }).min(1, MSG.turmaRequired).pipe(z.uuid({ error: MSG.turmaRequired })),
  materiaGeral: z
    .string({ error: MSG.materiaGeralRequired })
    .min(1, MSG.materiaGeralRequired)
    .pipe(materiaSchema),
  limitOneSkill: z.boolean().default(true),
  preferirSeduc: z.boolean().default(true),
  nivelDetalhamento: z
    .number({ error: MSG.nivelInvalid })
    .int(MSG.nivelInvalid)
    .min(LIMITS.nivelMin, MSG.nivelInvalid)
    .max(LIMITS.nivelMax, MSG.nivelInvalid)
    .default(LIMITS.nivelDefault),
  aulas: z
    .array(generateAulaSchema, { error: MSG.aulasMin })
    .min(LIMITS.aulasMin, MSG.aulasMin)
    .max(LIMITS.aulasMax, MSG.aulasMax),
});
export type GeneratePlanoInput = z.input<typeof generatePlanoSchema>;
export type GeneratePlanoData = z.output<typeof generatePlanoSchema>;

/**
 * The generate form (web): the same rules, except that lesson rows may be left empty (empty prompts are
 * dropped on confirm, spec section 5), lessons are numbered by their position and take the general subject.
 * temaPrincipal is set from the subject's label.
 */
export const generateFormSchema = generatePlanoSchema.extend({
  aulas: z
    .array(
      z.object({
        prompt: z.string().max(LIMITS.promptMax, MSG.textTooLong(LIMITS.promptMax)),
      }),
      { error: MSG.aulasMin },
    )
    .min(LIMITS.aulasMin, MSG.aulasMin)
    .max(LIMITS.aulasMax, MSG.aulasMax),
});
export type GenerateFormInput = z.input<typeof generateFormSchema>;
export type GenerateFormData = z.output<typeof generateFormSchema>;

/**
 * The request body from the form's values: empty prompts dropped, lessons renumbered 1..n, each lesson with
 * the general subject. Null when no lesson has a description.
 */
export function generateInputFromForm(values: GenerateFormData): GeneratePlanoInput | null {
  const prompts = values.aulas.map((aula) => aula.prompt.trim()).filter((prompt) => prompt.length > 0);
  if (prompts.length === 0) return null;
  return {
    temaPrincipal: values.temaPrincipal,
    turmaId: values.turmaId,
    materiaGeral: values.materiaGeral,
    limitOneSkill: values.limitOneSkill,
    preferirSeduc: values.preferirSeduc,
    nivelDetalhamento: values.nivelDetalhamento,
    aulas: prompts.map((prompt, index) => ({ numeroAula: index + 1, materia: values.materiaGeral, prompt })),
  };
}

const lessonText = z
  .string()
  .max(LIMITS.lessonFieldMax, MSG.textTooLong(LIMITS.lessonFieldMax))
  .nullish()
  .transform((v) => v ?? '');

export const LESSON_FIELDS = [
  'habilidades',
  'objetivos',
  'objetosConhecimento',
  'experiencias',
  'evidencias',
] as const;
export type LessonField = (typeof LESSON_FIELDS)[number];

export const LESSON_FIELD_LABELS: Record<LessonField, string> = {
  habilidades: 'Habilidades',
  objetivos: 'Objetivos de Aprendizagem',
  objetosConhecimento: 'Objetos de Conhecimento',
  experiencias: 'Experiências de Aprendizagem',
  evidencias: 'Evidências de Aprendizagem',
};

export const LESSON_FIELD_EMPTY: Record<LessonField, string> = {
  habilidades: 'Nenhuma habilidade definida',
  objetivos: 'Nenhum objetivo definido',
  objetosConhecimento: 'Nenhum objeto de conhecimento definido',
  experiencias: 'Nenhuma experiência definida',
  evidencias: 'Nenhuma evidência definida',
};

export const updateAulaSchema = z.object({
  id: z.uuid({ error: MSG.notFound }),
  numeroAula: z.number().int().min(1).max(LIMITS.aulasMax).optional(),
  materia: materiaSchema.optional(),
  prompt: z.string().max(LIMITS.promptMax, MSG.textTooLong(LIMITS.promptMax)).optional(),
  habilidades: lessonText,
  objetivos: lessonText,
  objetosConhecimento: lessonText,
  experiencias: lessonText,
  evidencias: lessonText,
});

export const updatePlanoSchema = z.object({
  status: z.enum(PLAN_STATUSES, { error: MSG.statusInvalid }).default('salvo'),
  aulas: z.array(updateAulaSchema).min(LIMITS.aulasMin, MSG.aulasMin).max(LIMITS.aulasMax, MSG.aulasMax),
});
export type UpdatePlanoInput = z.input<typeof updatePlanoSchema>;
export type UpdatePlanoData = z.output<typeof updatePlanoSchema>;

export const idempotencyKeySchema = z
  .string()
  .min(8, MSG.idempotencyKeyInvalid)
  .max(128, MSG.idempotencyKeyInvalid)
  .regex(/^[A-Za-z0-9_.:-]+$/, MSG.idempotencyKeyInvalid);

export interface SkillRef {
  code: string;
  description: string;
}

export interface Aula {
  id: string;
  planoId: string;
  numeroAula: number;
  materia: string;
  prompt: string;
  habilidades: string | null;
  objetivos: string | null;
  objetosConhecimento: string | null;
  experiencias: string | null;
  evidencias: string | null;
  /** Skill codes chosen for this lesson (validated against the curriculum). */
  habilidadeCodes: string[];
  generationState: LessonGenerationState;
  generationError: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Generation {
  state: GenerationState;
  done: number;
  total: number;
  error?: string | null;
  /** True when the credit of a failed plan was given back. */
  creditRefunded?: boolean;
}

export interface PlanoTurma {
  id: string;
  numero: string;
  escola: string;
  ano: string;
  nomeProfessor: string;
  estado: string;
  instituicao: string;
}

export interface Plano {
  id: string;
  temaPrincipal: string;
  materiaGeral: string;
  turmaId: string;
  userId: string;
  status: PlanStatus;
  limitOneSkill: boolean;
  preferirSeduc: boolean;
  nivelDetalhamento: number;
  /** 'openai' or 'offline': which generator wrote the plan. */
  generator: string | null;
  generation: Generation;
  turma: PlanoTurma;
  aulas: Aula[];
  createdAt: string;
  updatedAt: string;
}

export interface GenerateResponse {
  id: string;
}

/** A plan in the list (history, dashboard): lessons as summaries, without their texts. */
export interface PlanoListItem {
  id: string;
  temaPrincipal: string;
  materiaGeral: string;
  createdAt: string;
  updatedAt: string;
  status: PlanStatus;
  turmaId: string;
  turma: { id: string; numero: string; escola: string; ano: string };
  generation: Generation;
  generator: string | null;
  aulas: { id: string; numeroAula: number; materia: string }[];
}

/**
 * GET /api/planos query: one page of the user's plans, newest first. The answer stays a JSON array (the spec's
 * "list of plans"); the page's links travel in headers (PLANOS_PAGE_HEADERS): the total of plans that match the
 * filters and, when more remain, the cursor of the next page (also as an RFC 8288 `Link: <…>; rel="next"`).
 */
export const planosListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: MSG.pageLimitInvalid })
    .int(MSG.pageLimitInvalid)
    .min(1, MSG.pageLimitInvalid)
    .max(LIMITS.planosPageMax, MSG.pageLimitInvalid)
    .optional()
    .default(LIMITS.planosPageDefault),
  /** Opaque: the `X-Next-Cursor` of the previous page. */
  cursor: z.string().min(1, MSG.cursorInvalid).max(200, MSG.cursorInvalid).optional(),
  /** A class number (the history's class filter). */
  turma: z.string().trim().min(1).max(LIMITS.shortTextMax, MSG.textTooLong(LIMITS.shortTextMax)).optional(),
  status: z.enum(PLAN_STATUSES, { error: MSG.statusFilterInvalid }).optional(),
});
export type PlanosListQueryData = z.output<typeof planosListQuerySchema>;

export const PLANOS_PAGE_HEADERS = { total: 'X-Total-Count', nextCursor: 'X-Next-Cursor' } as const;

/** One page of the list as the web reads it (the array plus its headers). */
export interface PlanosPage {
  planos: PlanoListItem[];
  total: number;
  nextCursor: string | null;
}

