import { z } from 'zod';
import { LIMITS } from './domain';
import { materiaLabel } from './domain';
import { anosOf, componentOfCode, DEFAULT_ETAPA, ETAPAS, etapaDef, isAnoOf, isMateriaOf, yearsOfCode, type Etapa } from './etapas';
import { materiaSchema } from './materia';
import { MSG } from './messages';

const bnccRecordShape = z.object({
  code: z.string().min(1),
  /** The school stage; the EF file's records name none and are `fundamental`. */
  etapa: z.enum(ETAPAS).default(DEFAULT_ETAPA),
  component: z.string().min(1),
  bnccComponent: z.string().min(1),
  /** The stage's years (grupos etários in infantil); empty in médio, whose skills have no série. */
  years: z.array(z.number().int()),
  unit: z.string().min(1),
  field: z.string().optional(),
  axis: z.string().optional(),
  knowledgeObjects: z.array(z.string()),
  description: z.string().min(1),
});

/**
 * A record follows its stage (etapas.ts): the code's pattern; the component its letters name (the campo de
 * experiências in infantil, the área or Língua Portuguesa in médio); the years its digits name (the grupo etário in
 * infantil), none in médio.
 */
function checkStage(
  record: { code: string; etapa: Etapa; component: string; years: number[] },
  ctx: z.RefinementCtx,
  codePattern?: RegExp,
): void {
  const def = etapaDef(record.etapa);
  if (!(codePattern ?? def.codePattern).test(record.code)) {
    ctx.addIssue({ code: 'custom', path: ['code'], message: `código fora do padrão de ${def.label}` });
    return;
  }
  const owner = componentOfCode(record.code);
  if (owner?.component !== record.component) {
    ctx.addIssue({ code: 'custom', path: ['component'], message: `o código é de ${owner?.component ?? 'nenhum componente'}` });
  }
  const outside = record.years.map((year, i) => [year, i] as const).filter(([year]) => !isAnoOf(record.etapa, year));
  for (const [year, i] of outside) ctx.addIssue({ code: 'custom', path: ['years', i], message: `ano ${year} fora de ${def.label}` });
  if (!def.skillsByAno && record.years.length > 0) {
    ctx.addIssue({ code: 'custom', path: ['years'], message: `${def.label} não tem habilidades por ano` });
  }
  const years = yearsOfCode(record.code);
  if (def.skillsByAno && !outside.length && years.join() !== record.years.join()) {
    ctx.addIssue({ code: 'custom', path: ['years'], message: `o código é ${years.length > 1 ? 'dos anos' : 'do ano'} ${years.join(', ')}` });
  }
}

/** One record of a curriculum file (see libs/curriculum/data/SOURCES.md). */
export const bnccRecordSchema = bnccRecordShape.superRefine((record, ctx) => checkStage(record, ctx));
export type BnccRecord = z.output<typeof bnccRecordSchema>;

/**
 * A record of a state (RS) matrix: the BNCC shape, codes that may carry a state suffix ('EF01MA01RS-1') after a code
 * of the record's stage, and the expectations of learning that the state attaches.
 */
export const rsRecordSchema = bnccRecordShape
  .extend({ code: z.string().max(16), expectativas: z.array(z.string().min(1)).default([]) })
  .superRefine((record, ctx) => {
    const stagePattern = etapaDef(record.etapa).codePattern.source.slice(1, -1);
    checkStage(record, ctx, new RegExp(`^${stagePattern}[A-Z0-9-]*$`));
  });

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

/** GET /api/habilidades: the stage (default fundamental) and an ano and subject of that stage. */
export const habilidadesQuerySchema = z
  .object({
    etapa: z.enum(ETAPAS, { error: MSG.etapaInvalid }).optional().default(DEFAULT_ETAPA),
    ano: z.string({ error: MSG.anoRequired }).trim().min(1, MSG.anoRequired),
    materia: materiaSchema,
    q: z.string().max(LIMITS.habilidadesQueryMax).optional().default(''),
    limit: z.coerce.number().int().min(1).max(LIMITS.habilidadesPageMax).optional().default(LIMITS.habilidadesPageDefault),
  })
  .superRefine((query, ctx) => {
    if (!isAnoOf(query.etapa, query.ano)) ctx.addIssue({ code: 'custom', path: ['ano'], message: MSG.anoForaDaEtapa(query.ano, etapaDef(query.etapa).label, anosOf(query.etapa)) });
    if (!isMateriaOf(query.etapa, query.materia)) {
      ctx.addIssue({ code: 'custom', path: ['materia'], message: MSG.materiaForaDaEtapa(materiaLabel(query.materia), etapaDef(query.etapa).label) });
    }
  });

export interface HabilidadeMatch {
  code: string;
  description: string;
  unit: string;
  field: string | null;
  knowledgeObjects: string[];
  score: number;
}
