import { z } from 'zod';
import { BARREIRAS } from './barreiras';
import { LIMITS, MATERIA_VALUES } from './domain';
import { REGENERABLE_FIELDS } from './planos';
import { PERIODO_MAX } from './periodos';
import { HANDIN_FORMATOS } from './trimestre-export';

/** Job payloads, keyed by job name; each is parsed with its schema when the job starts. */
/**
 * `userId`: the plan's owner, for the worker's per-teacher share of running jobs (absent in jobs queued before it
 * existed: such a job takes no share).
 */
export const generatePlanJobSchema = z.object({ planId: z.uuid(), userId: z.uuid().optional() });
/** One lesson's regeneration. The credit (if any) was taken by the api; `charged` says whether to return it on failure. */
export const regenerateLessonJobSchema = z.object({
  planId: z.uuid(),
  aulaId: z.uuid(),
  /** The lesson's owner (the per-teacher share of running jobs); absent in older jobs. */
  userId: z.uuid().optional(),
  instrucao: z.string().max(LIMITS.instrucaoMax).optional(),
  campo: z.enum(REGENERABLE_FIELDS).optional(),
  habilidadesFixadas: z.array(z.string()).max(LIMITS.habilidadesFixadasMax).optional(),
  /** An adaptation of the lesson's activities for this barreira (POST .../adaptar): campo is 'experiencias'. */
  adaptacao: z.enum(BARREIRAS).optional(),
  charged: z.boolean(),
});
export const exportPlanJobSchema = z.object({ planId: z.uuid(), userId: z.uuid() });
/** An assessment's writing (issue 26): its questions and rubric per skill; the credit was taken by the api. */
export const generateAssessmentJobSchema = z.object({ avaliacaoId: z.uuid() });
/** An assessment's .docx (the test, the gabarito, the rubric), stored like a plan's export. */
export const exportAssessmentJobSchema = z.object({ avaliacaoId: z.uuid(), userId: z.uuid() });
/**
 * A class's period hand-in: every finished plan of that period behind a summary, as .docx or as PDF. The period is
 * `periodo` (1..4) of the year `ano` (the kind is the one the plans of that year carry). Jobs queued before periods
 * existed carry `trimestre` instead: it reads as `periodo`, of the current year.
 */
export const exportTrimestreJobSchema = z.object({
  turmaId: z.uuid(),
  userId: z.uuid(),
  trimestre: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
  periodo: z.number().int().min(1).max(PERIODO_MAX).optional(),
  ano: z.number().int().optional(),
  formato: z.enum(HANDIN_FORMATOS),
  /** A hand-in by subject: only the plans of this general subject, and its summary line. */
  materia: z.enum(MATERIA_VALUES).optional(),
});
/** The reason an export-trimestre job fails with when the worker has no LibreOffice (soffice) for the PDF. */
export const PDF_UNAVAILABLE_REASON = 'pdf-unavailable: soffice not found in PATH';
/**
 * The reasons an export job fails with when its document's render (in a child process) passed its memory cap or its
 * time limit, or when that child died (killed): the api answers each with its Portuguese message, never a 504.
 */
export const RENDER_LIMIT_REASON = 'render-limit';
export const RENDER_CRASHED_REASON = 'render-crashed';
/**
 * Token e-mails carry only the stored record's id: the worker makes the token, stores its hash and puts the
 * plaintext in the e-mail alone (never in job data, Redis or logs).
 */
const passwordResetMailJobSchema = z.object({ kind: z.literal('password-reset'), tokenId: z.uuid() });
const verifyEmailMailJobSchema = z.object({ kind: z.literal('verify-email'), tokenId: z.uuid() });
const bulkMailJobSchema = z.object({ kind: z.literal('bulk'), logId: z.uuid() });
export const mailJobSchema = z.discriminatedUnion('kind', [passwordResetMailJobSchema, verifyEmailMailJobSchema, bulkMailJobSchema]);

export type GeneratePlanJob = z.infer<typeof generatePlanJobSchema>;
export type RegenerateLessonJob = z.infer<typeof regenerateLessonJobSchema>;
export type ExportPlanJob = z.infer<typeof exportPlanJobSchema>;
export type MailJob = z.infer<typeof mailJobSchema>;
export type GenerateAssessmentJob = z.infer<typeof generateAssessmentJobSchema>;
export type ExportAssessmentJob = z.infer<typeof exportAssessmentJobSchema>;
export type ExportTrimestreJob = z.infer<typeof exportTrimestreJobSchema>;

/**
 * What an export job returns (kept in Redis briefly). The .docx itself waits in PostgreSQL (export_files) under
 * fileId until the api streams it: its bytes never sit in Redis.
 */
export interface ExportPlanResult {
  fileName: string;
  fileId: string;
  bytes: number;
}
