import { z } from 'zod';
import { MATERIA_VALUES } from './domain';
import { MSG } from './messages';
import { trimestreSchema, type CoberturaMateria, type Trimestre } from './school-year';

/**
 * The trimestre hand-in (decisions.md, "Trimestre hand-in"): GET /api/turmas/{id}/trimestres/{n}/export?formato=
 * gives one document with every finished plan of the class in that trimestre, opened by a summary per subject.
 */
export const HANDIN_FORMATOS = ['docx', 'pdf'] as const;
export type HandinFormato = (typeof HANDIN_FORMATOS)[number];

/** The route's `{n}`: 1, 2 or 3. */
export const handinTrimestreSchema = trimestreSchema;

/** `?formato=` (absent: docx) and `?materia=` (absent: every subject; a hand-in holds at most LIMITS.handinPlanosMax plans). */
export const handinQuerySchema = z.object({
  formato: z.enum(HANDIN_FORMATOS, { error: MSG.handinFormatoInvalido }).default('docx'),
  materia: z.enum(MATERIA_VALUES, { error: MSG.materiaInvalid }).optional(),
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

/** The summary's covered and still uncovered skills of each subject that has skills in the class's year. */
export function handinResumo(materias: readonly CoberturaMateria[], trimestre: Trimestre): HandinResumoMateria[] {
  return materias.map((m) => ({
    materia: m.materia,
    cobertas: m.habilidades.filter((h) => h.trimestres.includes(trimestre)).map(({ code, description }) => ({ code, description })),
    descobertas: m.habilidades.filter((h) => !h.trimestres.some((t) => t <= trimestre)).map(({ code, description }) => ({ code, description })),
  }));
}
