import { z } from 'zod';
import { bnccRecordSchema, type BnccRecord } from '@planejador/contracts';

/** A skill as the library holds it: a BNCC record plus where it came from and its state expectations. */
export interface CurriculumRecord extends BnccRecord {
  /** 'bncc', or 'rs' for a skill that only the state (RS) matrix has. */
  source: 'bncc' | 'rs';
  /** 'Expectativas de Aprendizagens' of the state matrix; empty until one is imported. */
  expectativas: string[];
}

/**
 * A record of a state (RS) matrix: the BNCC shape, codes that may carry a state suffix ('EF01MA01RS-1')
 * and the expectations of learning that the state attaches.
 */
export const rsRecordSchema = bnccRecordSchema.extend({
  code: z
    .string()
    .max(16)
    .regex(/^EF\d{2}[A-Z]{2}\d{2}[A-Z0-9-]*$/),
  expectativas: z.array(z.string().min(1)).default([]),
});
export type RsRecord = z.infer<typeof rsRecordSchema>;

export function fromBncc(record: BnccRecord): CurriculumRecord {
  return { ...record, source: 'bncc', expectativas: [] };
}
