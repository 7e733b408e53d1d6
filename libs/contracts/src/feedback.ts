import { z } from 'zod';
import { LIMITS } from './domain';
import { MSG } from './messages';

export const feedbackSchema = z.object({
  rating: z
    .number({ error: MSG.ratingRequired })
    .int(MSG.ratingRequired)
    .min(LIMITS.ratingMin, MSG.ratingRequired)
    .max(LIMITS.ratingMax, MSG.ratingRequired),
  comment: z
    .string()
    .max(LIMITS.commentMax, MSG.commentTooLong)
    .nullish()
    .transform((v) => (v && v.trim() ? v.trim() : undefined)),
});
export type FeedbackInput = z.input<typeof feedbackSchema>;

export const RATING_WORDS = ['Deixe sua avaliação', 'Ruim', 'Regular', 'Bom', 'Ótimo', 'Excelente'] as const;

export const frontendErrorSchema = z.object({
  message: z.string().max(5000).default(''),
  stack: z.string().max(20000).nullish(),
  componentStack: z.string().max(20000).nullish(),
  timestamp: z.string().max(64).nullish(),
  url: z.string().max(2000).nullish(),
  userAgent: z.string().max(1000).nullish(),
});
export type FrontendErrorInput = z.input<typeof frontendErrorSchema>;
