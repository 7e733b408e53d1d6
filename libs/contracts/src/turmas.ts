import { z } from 'zod';
import { barreirasSchema, type Barreira } from './barreiras';
import { ESTADOS, INSTITUICOES, LIMITS } from './domain';
import { anosOf, DEFAULT_ETAPA, ETAPAS, etapaDef, isAnoOf, type Etapa } from './etapas';
import { MSG } from './messages';

const requiredText = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(LIMITS.shortTextMax, MSG.textTooLong(LIMITS.shortTextMax));

export const turmaSchema = z.object({
  nomeProfessor: requiredText(MSG.nomeProfessorRequired),
  numero: requiredText(MSG.numeroRequired),
  escola: requiredText(MSG.escolaRequired),
  /** The school stage; absent: fundamental (every class before the stages). */
  etapa: z.enum(ETAPAS, { error: MSG.etapaInvalid }).default(DEFAULT_ETAPA),
  // Nothing chosen asks for a choice; a value outside the stage's years names the stage (superRefine below).
  ano: z.string({ error: MSG.anoRequired }).trim().min(1, MSG.anoRequired),
  estado: z.enum(ESTADOS, { error: MSG.estadoInvalid }).default('RS'),
  instituicao: z.enum(INSTITUICOES, { error: MSG.instituicaoInvalid }).default('SEDUC-RS_2025'),
  observacoesAdicionais: z
    .string()
    .trim()
    .max(LIMITS.observacoesMax, MSG.textTooLong(LIMITS.observacoesMax))
    .nullish()
    .transform((v) => (v ? v : null)),
  /** What the class needs (tags, never people); absent: none. */
  barreiras: barreirasSchema,
}).superRefine((turma, ctx) => {
  // The year is one of the stage's: a 400 names the stage and its range.
  if (!isAnoOf(turma.etapa, turma.ano)) {
    ctx.addIssue({ code: 'custom', path: ['ano'], message: MSG.anoForaDaEtapa(turma.ano, etapaDef(turma.etapa).label, anosOf(turma.etapa)) });
  }
});
export type TurmaInput = z.input<typeof turmaSchema>;
export type TurmaData = z.output<typeof turmaSchema>;

export interface Turma {
  id: string;
  nomeProfessor: string;
  numero: string;
  escola: string;
  etapa: Etapa;
  ano: string;
  estado: string;
  instituicao: string;
  observacoesAdicionais: string | null;
  barreiras: Barreira[];
  userId: string;
  createdAt: string;
  updatedAt: string;
  _count: { planosAula: number };
}

