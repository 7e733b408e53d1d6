import { z } from 'zod';
import { LIMITS } from './domain';
import { MSG } from './messages';

const EMAIL_RE = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

function isValidEmailAddress(value: string): boolean {
  return value.length <= 254 && EMAIL_RE.test(value);
}

/** Splits a semicolon list, trims, drops invalid addresses silently and de-duplicates. */
function parseEmailList(bulk: string | null | undefined): string[] {
  if (!bulk) return [];
  const seen = new Set<string>();
  for (const part of bulk.split(';')) {
    const address = part.trim().toLowerCase();
    if (address && isValidEmailAddress(address)) seen.add(address);
  }
  return [...seen];
}

/**
 * The addresses of these semicolon lists that are not valid e-mail addresses, as typed (trimmed), each once and in
 * order: the form lists them as ignored (the same rule as parseEmailList, which drops them).
 */
export function invalidAddresses(...bulks: (string | null | undefined)[]): string[] {
  const seen = new Set<string>();
  for (const bulk of bulks) {
    for (const part of (bulk ?? '').split(';')) {
      const value = part.trim();
      if (value && !isValidEmailAddress(value.toLowerCase())) seen.add(value);
    }
  }
  return [...seen];
}

export interface Recipients {
  to: string[];
  cc: string[];
  bcc: string[];
  total: number;
}

/** De-duplicates across Para, CC and CCO: an address keeps its most visible place. */
export function resolveRecipients(toBulk: string, ccBulk?: string | null, bccBulk?: string | null): Recipients {
  const to = parseEmailList(toBulk);
  const cc = parseEmailList(ccBulk).filter((a) => !to.includes(a));
  const bcc = parseEmailList(bccBulk).filter((a) => !to.includes(a) && !cc.includes(a));
  return { to, cc, bcc, total: to.length + cc.length + bcc.length };
}

const bulk = z.string().max(20000).nullish().transform((v) => v ?? '');

export const emailSenderSchema = z
  .object({
    toBulk: bulk,
    ccBulk: bulk,
    bccBulk: bulk,
    to: z.array(z.string().max(254)).max(1000).optional(),
    cc: z.array(z.string().max(254)).max(1000).optional(),
    bcc: z.array(z.string().max(254)).max(1000).optional(),
    subject: z
      .string({ error: MSG.subjectRequired })
      .trim()
      .min(1, MSG.subjectRequired)
      .max(LIMITS.emailSubjectMax, MSG.subjectTooLong)
      .refine((s) => !/[\r\n]/.test(s), MSG.subjectLineBreak),
    html: z
      .string({ error: MSG.htmlRequired })
      .min(1, MSG.htmlRequired)
      .max(LIMITS.emailHtmlMax, MSG.htmlTooLong),
    text: z.string().max(LIMITS.emailTextMax, MSG.textBodyTooLong).nullish(),
  })
  .transform((d, ctx) => {
    // The raw bulk strings win; the arrays are accepted for clients that send only them.
    const toBulk = d.toBulk || (d.to ?? []).join(';');
    const ccBulk = d.ccBulk || (d.cc ?? []).join(';');
    const bccBulk = d.bccBulk || (d.bcc ?? []).join(';');
    const recipients = resolveRecipients(toBulk, ccBulk, bccBulk);
    if (recipients.to.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['toBulk'], message: recipients.total === 0 ? MSG.noRecipients : MSG.emailToRequired });
      return z.NEVER;
    }
    if (recipients.total > LIMITS.emailMaxRecipients) {
      ctx.addIssue({ code: 'custom', path: ['toBulk'], message: MSG.tooManyRecipients });
      return z.NEVER;
    }
    return { subject: d.subject, html: d.html, text: d.text?.trim() ? d.text : null, recipients };
  });
export type EmailSenderInput = z.input<typeof emailSenderSchema>;
export type EmailSenderData = z.output<typeof emailSenderSchema>;

/** The admin page's form (the browser shows the same messages before sending). */
export const emailFormSchema = z.object({
  toBulk: z.string().refine((v) => parseEmailList(v).length > 0, MSG.emailToRequired),
  ccBulk: z.string(),
  bccBulk: z.string(),
  subject: z.string().trim().min(1, MSG.subjectRequired).max(LIMITS.emailSubjectMax, MSG.subjectTooLong),
  html: z.string().min(1, MSG.htmlRequired).max(LIMITS.emailHtmlMax, MSG.htmlTooLong),
  text: z.string().max(LIMITS.emailTextMax, MSG.textBodyTooLong),
});

export type EmailSendStatus = 'queued' | 'sending' | 'sent' | 'failed';

export interface EmailLogEntry {
  id: string;
  createdAt: string;
  adminEmail: string;
  subject: string;
  recipientCount: number;
  status: EmailSendStatus;
  error: string | null;
  sentAt: string | null;
}
