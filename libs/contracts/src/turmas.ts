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

const turmaFields = z.object({
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
});

/** The 400 for a year outside its stage, naming the stage and its range; null when the year is one of the stage's. */
export function anoForaDaEtapa(etapa: Etapa, ano: string): string | null {
  return isAnoOf(etapa, ano) ? null : MSG.anoForaDaEtapa(ano, etapaDef(etapa).label, anosOf(etapa));
}

/** A new class (POST /api/turmas, and the form). */
export const turmaSchema = turmaFields.superRefine((turma, ctx) => {
  const message = anoForaDaEtapa(turma.etapa, turma.ano);
  if (message) ctx.addIssue({ code: 'custom', path: ['ano'], message });
});
export type TurmaInput = z.input<typeof turmaSchema>;
export type TurmaData = z.output<typeof turmaSchema>;

/**
 * An edit of a class (PUT /api/turmas/{id}): as a new one, except that a body without `etapa` keeps the class's stage
 * (its year is then checked against that stage by the api) instead of making it fundamental.
 */
export const turmaUpdateSchema = turmaFields.extend({ etapa: z.enum(ETAPAS, { error: MSG.etapaInvalid }).optional() }).superRefine((turma, ctx) => {
  const message = turma.etapa ? anoForaDaEtapa(turma.etapa, turma.ano) : null;
  if (message) ctx.addIssue({ code: 'custom', path: ['ano'], message });
});
export type TurmaUpdateData = z.output<typeof turmaUpdateSchema>;

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

