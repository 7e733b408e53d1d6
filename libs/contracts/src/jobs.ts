import { z } from 'zod';

/** Job payloads, keyed by job name; each is parsed with its schema when the job starts. */
export const generatePlanJobSchema = z.object({ planId: z.uuid() });
export const exportPlanJobSchema = z.object({ planId: z.uuid(), userId: z.uuid() });
export const passwordResetMailJobSchema = z.object({
  kind: z.literal('password-reset'),
  to: z.email(),
  name: z.string().nullable(),
  resetUrl: z.url(),
});
export const bulkMailJobSchema = z.object({ kind: z.literal('bulk'), logId: z.uuid() });
export const mailJobSchema = z.discriminatedUnion('kind', [passwordResetMailJobSchema, bulkMailJobSchema]);

export type GeneratePlanJob = z.infer<typeof generatePlanJobSchema>;
export type ExportPlanJob = z.infer<typeof exportPlanJobSchema>;
export type MailJob = z.infer<typeof mailJobSchema>;

/** What an export job returns (kept in Redis briefly; the api streams it). */
export interface ExportPlanResult {
  fileName: string;
  /** The .docx, base64-encoded. */
  contentBase64: string;
  bytes: number;
}
