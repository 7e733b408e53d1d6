import { z } from 'zod';
import { ANOS, materiaSchema } from './domain';

/** One record of the BNCC file (see shared/curriculum/SOURCES.md). */
export const bnccRecordSchema = z.object({
  code: z.string().regex(/^EF\d{2}[A-Z]{2}\d{2}$/),
  component: z.string().min(1),
  bnccComponent: z.string().min(1),
  years: z.array(z.number().int().min(1).max(9)).min(1),
  unit: z.string().min(1),
  field: z.string().optional(),
  axis: z.string().optional(),
  knowledgeObjects: z.array(z.string()),
  description: z.string().min(1),
});
export type BnccRecord = z.infer<typeof bnccRecordSchema>;

export interface MatrizItem {
  'Objetos de Conhecimento': string[];
  Habilidades: { code: string; description: string }[];
  'Expectativas de Aprendizagens': string[];
}
/** { '5º ano': { 'Números': [items...] } } plus meta information for the dialog. */
export type MatrizData = Record<string, Record<string, MatrizItem[]>>;
export interface MatrizResponse {
  data: MatrizData;
  meta: {
    ano: string;
    materia: string;
    componente: string | null;
    total: number;
    /** Why the matrix is empty, if it is (for example English before year 6). */
    reason?: string | null;
    /** Whether state (RS) data is loaded. */
    rsLoaded: boolean;
    credit: string;
  };
}

export const habilidadesQuerySchema = z.object({
  ano: z.enum(ANOS),
  materia: materiaSchema,
  q: z.string().max(500).optional().default(''),
  limit: z.coerce.number().int().min(1).max(50).optional().default(10),
});

export interface HabilidadeMatch {
  code: string;
  description: string;
  unit: string;
  field: string | null;
  knowledgeObjects: string[];
  score: number;
}
