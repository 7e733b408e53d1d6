import { z } from 'zod';
import { MATERIA_VALUES } from './domain';
import { MSG } from './messages';
import { periodoSchema, trimestreSchema, type CoberturaMateria } from './school-year';

/**
 * The period hand-in (decisions.md, "Trimestre hand-in", "Period kinds"): GET /api/turmas/{id}/periodos/{n}/export
 * ?formato=&ano= (and the older .../trimestres/{n}/export under a trimestre calendar) gives one document with every
 * finished plan of the class in that period of that year, opened by a summary per subject.
 */
export const HANDIN_FORMATOS = ['docx', 'pdf'] as const;
export type HandinFormato = (typeof HANDIN_FORMATOS)[number];

/** The route's `{n}`: 1, 2 or 3 (GET .../trimestres/{n}/export). */
export const handinTrimestreSchema = trimestreSchema;

/** The route's `{n}` of GET .../periodos/{n}/export: 1..4 (above the count of the year's kind: 400). */
export const handinPeriodoSchema = periodoSchema;

/**
 * `?formato=` (absent: docx), `?materia=` (absent: every subject; a hand-in holds at most LIMITS.handinPlanosMax
 * plans) and `?ano=` (the calendar year whose period it is; absent: the current year).
 */
export const handinQuerySchema = z.object({
  formato: z.enum(HANDIN_FORMATOS, { error: MSG.handinFormatoInvalido }).default('docx'),
  materia: z.enum(MATERIA_VALUES, { error: MSG.materiaInvalid }).optional(),
  ano: z.coerce.number({ error: MSG.anoLetivoInvalido }).int(MSG.anoLetivoInvalido).min(2000, MSG.anoLetivoInvalido).max(2100, MSG.anoLetivoInvalido).optional(),
});

/** The media type of a PDF file. */
export const PDF_MEDIA_TYPE = 'application/pdf';

/**
 * One subject's line of the hand-in's summary, from the class's coverage (one rule: a skill is covered in a
 * trimestre when a lesson of a finished plan of that trimestre cites it): the skills its plans of this trimestre
 * covered, and those still uncovered (no plan of this or an earlier trimestre cites them).
 */
export interface HandinResumoMateria {
  materia: string;
  cobertas: { code: string; description: string }[];
  descobertas: { code: string; description: string }[];
}

/**
 * The summary's covered and still uncovered skills of each subject that has skills in the class's year, for the
 * period `periodo` of the year `ano`: covered by a plan of that period; uncovered by any plan of that period, an
 * earlier one of that year, or an earlier year. Without `ano` (entries that carry no year), by period number alone.
 */
export function handinResumo(materias: readonly CoberturaMateria[], periodo: number, ano?: number): HandinResumoMateria[] {
  const inPeriod = (p: { periodo: number; ano: number }) => p.periodo === periodo && (ano === undefined || p.ano === ano);
  const byThen = (p: { periodo: number; ano: number }) => (ano === undefined || p.ano === ano ? p.periodo <= periodo : p.ano < ano);
  return materias.map((m) => ({
    materia: m.materia,
    cobertas: m.habilidades.filter((h) => h.planos.some(inPeriod)).map(({ code, description }) => ({ code, description })),
    descobertas: m.habilidades.filter((h) => !h.planos.some(byThen)).map(({ code, description }) => ({ code, description })),
  }));
}
