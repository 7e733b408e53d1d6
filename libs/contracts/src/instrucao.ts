import { z } from 'zod';
import { LIMITS } from './domain';
import { MSG } from './messages';

/**
 * The teacher's wish for a new text (a regeneration's or an adaptation's), for example "mais prática, com
 * experimento": trimmed, at most LIMITS.instrucaoMax characters, and absent when empty.
 */
export const instrucaoSchema = z
  .string({ error: MSG.instrucaoTooLong })
  .trim()
  .max(LIMITS.instrucaoMax, MSG.instrucaoTooLong)
  .optional()
  .transform((v) => (v ? v : undefined));
