import { z } from 'zod';
import { ANOS, LIMITS } from './domain';
import { materiaSchema } from './materia';

/** One record of the BNCC file (see libs/curriculum/data/SOURCES.md). */
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
/** { '5º ano': { 'Números': [items...] } }: the spec's matrix, keyed by year, then by thematic unit (the tabs). */
export type MatrizData = Record<string, Record<string, MatrizItem[]>>;
/**
 * What the curriculum service builds: the matrix (the body of GET /api/matriz/{turma}/{materia}, the spec's
 * year-keyed object itself) and its facts, which travel in MATRIZ_HEADERS and in GET .../info.
 */
export interface MatrizResponse {
  data: MatrizData;
  meta: MatrizMeta;
}

/** The matrix's facts (GET /api/matriz/{turma}/{materia}/info). */
export interface MatrizMeta {
  ano: string;
  materia: string;
  componente: string | null;
  total: number;
  /** Why the matrix is empty, if it is (for example English before year 6). */
  reason?: string | null;
  /** Whether state (RS) data is loaded. */
  rsLoaded: boolean;
  credit: string;
}

/** Response headers of GET /api/matriz/{turma}/{materia} (the reason percent-encoded: headers carry ASCII). */
export const MATRIZ_HEADERS = {
  ano: 'X-Matriz-Ano',
  total: 'X-Matriz-Total',
  rsLoaded: 'X-Matriz-RS-Carregada',
  reason: 'X-Matriz-Motivo',
} as const;

export const habilidadesQuerySchema = z.object({
  ano: z.enum(ANOS),
  materia: materiaSchema,
  q: z.string().max(LIMITS.habilidadesQueryMax).optional().default(''),
  limit: z.coerce.number().int().min(1).max(LIMITS.habilidadesPageMax).optional().default(LIMITS.habilidadesPageDefault),
});

export interface HabilidadeMatch {
  code: string;
  description: string;
  unit: string;
  field: string | null;
  knowledgeObjects: string[];
  score: number;
}
