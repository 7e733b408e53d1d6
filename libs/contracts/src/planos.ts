import { z } from 'zod';
import {
  GenerationState,
  LessonGenerationState,
  LessonWarning,
  LIMITS,
  PLAN_STATUSES,
  PlanStatus,
  VersionOrigin,
} from './domain';
import { duaSchema, type Barreira, type Dua } from './barreiras';
import { BNCC_CODE_PATTERN, type Etapa } from './etapas';
import { instrucaoSchema } from './instrucao';
import { lessonTextCaps } from './lesson-text';
import { materiaSchema } from './materia';
import { MSG } from './messages';
import type { PeriodoTipo } from './periodos';
import { periodIsOrdered, periodoSchema, schoolYearFields } from './school-year';
import { verificacaoSchema, type Verificacao } from './verificacao';

const lessonPrompt = z
  .string({ error: MSG.promptRequired })
  .trim()
  .min(1, MSG.promptRequired)
  .max(LIMITS.promptMax, MSG.textTooLong(LIMITS.promptMax));

/** A BNCC code as a teacher or a client may send it ('ef05ma01 ' is EF05MA01). */
const bnccCodeSchema = z
  .string({ error: MSG.habilidadeCodeInvalid })
  .trim()
  .toUpperCase()
  .regex(BNCC_CODE_PATTERN, MSG.habilidadeCodeInvalid);

/** 0 to 3 distinct codes; each must belong to the class's year and the lesson's subject (checked by the server). */
const habilidadesFixadasSchema = z
  .array(bnccCodeSchema, { error: MSG.habilidadeCodeInvalid })
  .max(LIMITS.habilidadesFixadasMax, MSG.habilidadesFixadasMax)
  .transform((codes) => [...new Set(codes)]);

const generateAulaSchema = z.object({
  numeroAula: z.number().int().min(1).max(LIMITS.aulasMax),
  materia: z.string({ error: MSG.materiaRequired }).min(1, MSG.materiaRequired).pipe(materiaSchema),
  prompt: lessonPrompt,
  /** Skills the lesson must cite, exactly (pins win over limitOneSkill). */
  habilidadesFixadas: habilidadesFixadasSchema.optional().default([]),
});

/** A plan's title as the teacher types it (3-120 characters). */
const temaPrincipalSchema = z
  .string({ error: MSG.temaRequired })
  .trim()
  .min(LIMITS.temaPrincipalMin, MSG.temaPrincipalLength)
  .max(LIMITS.temaPrincipalMax, MSG.temaPrincipalLength);

const generatePlanoObject = z.object({
  /**
   * "Título do plano". Empty, absent or the subject's name: the server builds the title from the lessons' titles
   * (decisions.md, "Plans"); else 3-120 characters.
   */
  temaPrincipal: z
    .string({ error: MSG.temaPrincipalLength })
    .trim()
    .max(LIMITS.temaPrincipalMax, MSG.temaPrincipalLength)
    .refine((v) => v.length === 0 || v.length >= LIMITS.temaPrincipalMin, MSG.temaPrincipalLength)
    .optional()
    .default(''),
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
  /** The plan's trimestre (else the one of today's date), period and lesson length. */
  ...schoolYearFields,
});
const orderedPeriod: [typeof periodIsOrdered, { message: string; path: string[] }] = [
  periodIsOrdered,
  { message: MSG.periodoInvertido, path: ['dataFim'] },
];
export const generatePlanoSchema = generatePlanoObject.refine(...orderedPeriod);
export type GeneratePlanoInput = z.input<typeof generatePlanoSchema>;
export type GeneratePlanoData = z.output<typeof generatePlanoSchema>;

/**
 * The generate form (web): the same rules, except that lesson rows may be left empty (empty prompts are
 * dropped on confirm, spec section 5) and lessons are numbered by their position; a lesson takes the general
 * subject unless the teacher gave it its own (`materia`: a plan of the early years may mix subjects).
 * temaPrincipal is the form's "Título do plano" (may be left empty: the server names the plan).
 */
export const generateFormSchema = generatePlanoObject.extend({
  aulas: z
    .array(
      z.object({
        prompt: z.string().max(LIMITS.promptMax, MSG.textTooLong(LIMITS.promptMax)),
        habilidadesFixadas: habilidadesFixadasSchema.optional().default([]),
        materia: materiaSchema.optional(),
      }),
      { error: MSG.aulasMin },
    )
    .min(LIMITS.aulasMin, MSG.aulasMin)
    .max(LIMITS.aulasMax, MSG.aulasMax),
}).refine(...orderedPeriod);

export type GenerateFormInput = z.input<typeof generateFormSchema>;
export type GenerateFormData = z.output<typeof generateFormSchema>;

/**
 * The request body from the form's values: empty prompts dropped, lessons renumbered 1..n, each lesson with its
 * own subject or else the general one. Null when no lesson has a description.
 */
export function generateInputFromForm(
  values: Omit<GenerateFormData, 'aulas'> & { aulas: { prompt: string; habilidadesFixadas?: string[]; materia?: string }[] },
): GeneratePlanoInput | null {
  const lessons = values.aulas
    .map((aula) => ({ prompt: aula.prompt.trim(), habilidadesFixadas: aula.habilidadesFixadas ?? [], materia: aula.materia || values.materiaGeral }))
    .filter((aula) => aula.prompt.length > 0);
  if (lessons.length === 0) return null;
  return {
    temaPrincipal: values.temaPrincipal,
    turmaId: values.turmaId,
    materiaGeral: values.materiaGeral,
    limitOneSkill: values.limitOneSkill,
    preferirSeduc: values.preferirSeduc,
    nivelDetalhamento: values.nivelDetalhamento,
    ...(values.trimestre !== undefined ? { trimestre: values.trimestre } : {}),
    ...(values.periodo !== undefined ? { periodo: values.periodo } : {}),
    ...(values.dataInicio ? { dataInicio: values.dataInicio } : {}),
    ...(values.dataFim ? { dataFim: values.dataFim } : {}),
    ...(values.duracaoAulaMin ? { duracaoAulaMin: values.duracaoAulaMin } : {}),
    aulas: lessons.map((aula, index) => ({
      numeroAula: index + 1,
      materia: aula.materia,
      prompt: aula.prompt,
      habilidadesFixadas: aula.habilidadesFixadas,
    })),
  };
}

/** One of the five texts as PUT sends it: absent or null is empty; past 20,000 characters or 300 lines, 400 naming it. */
const lessonText = (field: LessonField) =>
  z
    .string()
    .nullish()
    .transform((v) => v ?? '')
    .superRefine(lessonTextCaps(LESSON_FIELD_LABELS[field]));

export const LESSON_FIELDS = [
  'habilidades',
  'objetivos',
  'objetosConhecimento',
  'experiencias',
  'evidencias',
] as const;
export type LessonField = (typeof LESSON_FIELDS)[number];

/**
 * What a regeneration may limit itself to: one of the five text fields, the lesson's check of learning, or its DUA
 * strategies (a class with barreiras).
 */
export const REGENERABLE_FIELDS = [...LESSON_FIELDS, 'verificacao', 'dua'] as const;
export type RegenerableField = (typeof REGENERABLE_FIELDS)[number];

export const REGENERABLE_FIELD_LABELS: Record<RegenerableField, string> = {
  habilidades: 'Habilidades',
  objetivos: 'Objetivos de Aprendizagem',
  objetosConhecimento: 'Objetos de Conhecimento',
  experiencias: 'Experiências de Aprendizagem',
  evidencias: 'Evidências de Aprendizagem',
  verificacao: 'Verificação da aprendizagem',
  dua: 'Acessibilidade (DUA)',
};

export const LESSON_FIELD_LABELS = Object.fromEntries(LESSON_FIELDS.map((field) => [field, REGENERABLE_FIELD_LABELS[field]])) as Record<
  LessonField,
  string
>;

export const LESSON_FIELD_EMPTY: Record<LessonField, string> = {
  habilidades: 'Nenhuma habilidade definida',
  objetivos: 'Nenhum objetivo definido',
  objetosConhecimento: 'Nenhum objeto de conhecimento definido',
  experiencias: 'Nenhuma experiência definida',
  evidencias: 'Nenhuma evidência definida',
};

/** A lesson's title (3-80 characters): the short name of that lesson's own topic. */
export const tituloAulaSchema = z
  .string({ error: MSG.tituloAulaLength })
  .trim()
  .min(LIMITS.tituloMin, MSG.tituloAulaLength)
  .max(LIMITS.tituloMax, MSG.tituloAulaLength);

const updateAulaSchema = z.object({
  id: z.uuid({ error: MSG.notFound }),
  /** The lesson's title; absent: unchanged. */
  titulo: tituloAulaSchema.optional(),
  /** The lesson's check of learning; absent: unchanged. Each question's skill must be one of the lesson's codes. */
  verificacao: verificacaoSchema.optional(),
  /** The lesson's DUA strategies (at least one per principle); absent or null (a lesson as GET gives it): unchanged. */
  dua: duaSchema.nullish(),
  numeroAula: z.number().int().min(1).max(LIMITS.aulasMax).optional(),
  materia: materiaSchema.optional(),
  prompt: z.string().max(LIMITS.promptMax, MSG.textTooLong(LIMITS.promptMax)).optional(),
  habilidades: lessonText('habilidades'),
  objetivos: lessonText('objetivos'),
  objetosConhecimento: lessonText('objetosConhecimento'),
  experiencias: lessonText('experiencias'),
  evidencias: lessonText('evidencias'),
  /**
   * The lesson's skill codes, when the teacher changed them ("Trocar habilidade"): each must belong to the
   * class's year and the lesson's subject. Absent: the codes stay as they are, unless the `habilidades` text holds
   * BNCC codes, which then become the lesson's codes (and the server rewrites the text with their official text).
   */
  habilidadeCodes: z
    .array(bnccCodeSchema, { error: MSG.habilidadeCodeInvalid })
    .max(LIMITS.habilidadesFixadasMax, MSG.habilidadesFixadasMax)
    .transform((codes) => [...new Set(codes)])
    .optional(),
  /**
   * The lesson's `versao` the edits were made on. When given and the stored lesson has another (it was regenerated,
   * restored or saved since), the whole request answers 409 and nothing changes. Absent: no check.
   */
  versao: z.number().int().min(0).optional(),
});

export const updatePlanoSchema = z
  .object({
    status: z.enum(PLAN_STATUSES, { error: MSG.statusInvalid }).default('salvo'),
    /** The plan's title (renamed on the plan page); absent: unchanged. */
    temaPrincipal: temaPrincipalSchema.optional(),
    /** May be omitted when only the plan's title, trimestre, period or lesson length change. */
    aulas: z.array(updateAulaSchema).min(LIMITS.aulasMin, MSG.aulasMin).max(LIMITS.aulasMax, MSG.aulasMax).optional(),
    ...schoolYearFields,
  })
  .refine(...orderedPeriod);
export type UpdatePlanoInput = z.input<typeof updatePlanoSchema>;
export type UpdatePlanoData = z.output<typeof updatePlanoSchema>;

export const idempotencyKeySchema = z
  .string()
  .min(8, MSG.idempotencyKeyInvalid)
  .max(128, MSG.idempotencyKeyInvalid)
  .regex(/^[A-Za-z0-9_.:-]+$/, MSG.idempotencyKeyInvalid);

/** POST /api/planos/{id}/aulas/{aulaId}/regenerar: rewrites one lesson, or one field of it, in the worker. */
export const regenerateAulaSchema = z.object({
  /** The teacher's wish for the new text, for example "mais prática, com experimento". */
  instrucao: instrucaoSchema,
  /** Only this field changes (one of the five texts, or 'verificacao'); absent: the whole lesson is rewritten. */
  campo: z.enum(REGENERABLE_FIELDS, { error: MSG.campoInvalid }).optional(),
  /** The skills the new text must cite (same rules as the generate request's). */
  habilidadesFixadas: habilidadesFixadasSchema.optional(),
});
export type RegenerateAulaInput = z.input<typeof regenerateAulaSchema>;
export type RegenerateAulaData = z.output<typeof regenerateAulaSchema>;

/**
 * A lesson's five fields with its title, check of learning, skill codes and warnings: what a generator writes and a
 * version keeps.
 */
export interface LessonContent {
  /** The short name of the lesson's own topic (3-80 characters). */
  titulo: string;
  /** The check of learning for the end of the lesson; null when none was written (older lessons). */
  verificacao: Verificacao | null;
  /** The DUA strategies when the class has barreiras; null (or absent) otherwise. */
  dua?: Dua | null;
  habilidadeCodes: string[];
  habilidades: string;
  objetivos: string;
  objetosConhecimento: string;
  experiencias: string;
  evidencias: string;
  /** Warnings for the plan page, for example 'habilidade-a-confirmar' (the offline drafter was unsure). */
  avisos?: LessonWarning[];
  /**
   * A note for the teacher about how the text was made (an offline regeneration's recorded wish, an adaptation made
   * without an AI): shown on the plan page, never in a document, never inside the fields. Absent or null: none.
   */
  nota?: string | null;
}

/** GET /api/geracao: who writes the lessons (an AI, or the offline drafter from the curriculum data alone). */
export interface GeracaoInfo {
  generator: 'openai' | 'offline';
}

/** 202 answer of a regeneration: the BullMQ job's id (deterministic per lesson and regeneration). */
export interface RegenerateAulaResponse {
  jobId: string;
  /** Offline (no AI configured) with a wish: the wish is kept as a note for the teacher, not applied (MSG.regenerationOfflineNote). */
  nota?: string;
}

/** One version of a lesson's content (GET .../versoes lists them newest first; the first is the current one). */
export interface AulaVersao {
  versao: number;
  origem: VersionOrigin;
  createdAt: string;
  titulo: string | null;
  verificacao: Verificacao | null;
  dua: Dua | null;
  habilidades: string | null;
  objetivos: string | null;
  objetosConhecimento: string | null;
  experiencias: string | null;
  evidencias: string | null;
  /** The skill codes of that version. */
  habilidadeCodes: string[];
  /** The teacher's instruction of a regeneration, and the field it was limited to. */
  instrucao?: string | null;
  campo?: RegenerableField | null;
}

/**
 * GET /api/planos/{id}/aulas/{aulaId}/versoes query: the newest `limite` versions (default 20, at most 50), or the
 * newest of those older than version `antes`. The answer stays the JSON array of AulaVersao, newest first; when
 * older versions remain, AULA_VERSOES_HEADERS.nextAntes carries the `antes` of the next page.
 */
export const aulaVersoesQuerySchema = z.object({
  limite: z.coerce
    .number({ error: MSG.versoesLimiteInvalid })
    .int(MSG.versoesLimiteInvalid)
    .min(1, MSG.versoesLimiteInvalid)
    .max(LIMITS.versoesPageMax, MSG.versoesLimiteInvalid)
    .optional()
    .default(LIMITS.versoesPageDefault),
  antes: z.coerce
    .number({ error: MSG.versoesAntesInvalid })
    .int(MSG.versoesAntesInvalid)
    .min(1, MSG.versoesAntesInvalid)
    .max(1_000_000, MSG.versoesAntesInvalid)
    .optional(),
});
export type AulaVersoesQueryData = z.output<typeof aulaVersoesQuerySchema>;

export const AULA_VERSOES_HEADERS = { nextAntes: 'X-Next-Antes' } as const;

/** A lesson's generation, as the contract names it. */
export interface LessonGeneration {
  state: LessonGenerationState;
  error?: string | null;
}

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
  /** The short name of the lesson's own topic; null until the lesson is written. */
  titulo: string | null;
  habilidades: string | null;
  objetivos: string | null;
  objetosConhecimento: string | null;
  experiencias: string | null;
  evidencias: string | null;
  /** The check of learning for the end of the lesson (3 to 5 questions); null until written. */
  verificacao: Verificacao | null;
  /** Accessibility strategies (DUA) for the class's barreiras; null when the class has none or before it is written. */
  dua: Dua | null;
  /** Skill codes chosen for this lesson (validated against the curriculum). */
  habilidadeCodes: string[];
  /** The lesson's own generation (first generation or regeneration). */
  generation: LessonGeneration;
  /** 1 after generation, +1 at each change of content. */
  versao: number;
  /** Codes the teacher pinned (generate form or regeneration). */
  habilidadesFixadas: string[];
  /** For example 'habilidade-a-confirmar': the page asks the teacher to confirm or change the skill. */
  avisos: LessonWarning[];
  /** Regenerations done so far; the first LIMITS.freeRegenerations cost nothing (a failed lesson's are free). */
  regeneracoes: number;
  /** How the current text was made, for the teacher (LessonContent.nota): on the plan page, never in a document. */
  nota: string | null;
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
  etapa: Etapa;
  ano: string;
  nomeProfessor: string;
  estado: string;
  instituicao: string;
  /** What the class needs (the adaptation dialog offers these first). */
  barreiras: Barreira[];
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
  /**
   * The school year: the period (1..4) of the kind of its year's calendar (`periodoTipo`), that year (`ano`: of
   * `dataInicio`, else of creation), `trimestre` (= `periodo` under a trimestre calendar, else null), whether the
   * teacher chose the period, optional dates (ISO) and lesson length in minutes.
   */
  trimestre: number | null;
  periodo: number;
  ano: number;
  periodoTipo: PeriodoTipo;
  periodoEscolhido: boolean;
  dataInicio: string | null;
  dataFim: string | null;
  duracaoAulaMin: number | null;
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
  /** As in Plano: null under a bimestre or semestre calendar. */
  trimestre: number | null;
  periodo: number;
  ano: number;
  periodoTipo: PeriodoTipo;
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
  /** The history's trimestre filter. */
  trimestre: z.coerce.number({ error: MSG.trimestreInvalid }).int(MSG.trimestreInvalid).min(1, MSG.trimestreInvalid).max(3, MSG.trimestreInvalid).optional(),
  /** The history's period filter (any kind), and the plan's year (`ano`). */
  periodo: periodoSchema.optional(),
  anoLetivo: z.coerce.number({ error: MSG.anoLetivoInvalido }).int(MSG.anoLetivoInvalido).min(2000, MSG.anoLetivoInvalido).max(2100, MSG.anoLetivoInvalido).optional(),
});
export type PlanosListQueryData = z.output<typeof planosListQuerySchema>;

export const PLANOS_PAGE_HEADERS = { total: 'X-Total-Count', nextCursor: 'X-Next-Cursor' } as const;

/** One page of the list as the web reads it (the array plus its headers). */
export interface PlanosPage {
  planos: PlanoListItem[];
  total: number;
  nextCursor: string | null;
}

