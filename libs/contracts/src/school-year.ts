import { z } from 'zod';
import type { ResultadoResumo } from './avaliacoes';
import { MSG } from './messages';
import { PERIODO_MAX } from './periodos';

/** The RS state network's school year: three trimestres. */
export const TRIMESTRES = [1, 2, 3] as const;
export type Trimestre = (typeof TRIMESTRES)[number];

export const SCHOOL_YEAR_LIMITS = {
  duracaoAulaMin: 30,
  duracaoAulaMax: 300,
  duracaoAulaDefault: 50,
} as const;

/** Brazil's school calendar time zone: a date's month is read there. */
export const SCHOOL_TIME_ZONE = 'America/Sao_Paulo';

/** The trimestre of a date when the teacher names none: January-April 1, May-August 2, September-December 3. */
export function trimestreOf(date: Date = new Date()): Trimestre {
  const month = Number(new Intl.DateTimeFormat('en-US', { timeZone: SCHOOL_TIME_ZONE, month: 'numeric' }).format(date));
  return month <= 4 ? 1 : month <= 8 ? 2 : 3;
}

export const trimestreSchema = z.coerce
  .number({ error: MSG.trimestreInvalid })
  .int(MSG.trimestreInvalid)
  .min(1, MSG.trimestreInvalid)
  .max(3, MSG.trimestreInvalid)
  .transform((n) => n as Trimestre);

/** A period's number of any kind: 1..4 (the count of the year's kind is checked against its calendar). */
export const periodoSchema = z.coerce
  .number({ error: MSG.periodoInvalid })
  .int(MSG.periodoInvalid)
  .min(1, MSG.periodoInvalid)
  .max(PERIODO_MAX, MSG.periodoInvalid);

/** A calendar date as ISO 'aaaa-mm-dd' that exists (no 30 February). */
export const isoDateSchema = z
  .string({ error: MSG.dataInvalida })
  .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.dataInvalida)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, MSG.dataInvalida);

const duracaoAulaSchema = z.coerce
  .number({ error: MSG.duracaoAulaInvalida })
  .int(MSG.duracaoAulaInvalida)
  .min(SCHOOL_YEAR_LIMITS.duracaoAulaMin, MSG.duracaoAulaInvalida)
  .max(SCHOOL_YEAR_LIMITS.duracaoAulaMax, MSG.duracaoAulaInvalida);

/** The plan's place in the school year, as the generate request and PUT accept it (all optional, null clears). */
export const schoolYearFields = {
  /** Only under a trimestre calendar; with `periodo`, the same number. */
  trimestre: trimestreSchema.optional(),
  /** The period of the year's kind (1..its count), chosen by the teacher. */
  periodo: periodoSchema.optional(),
  dataInicio: isoDateSchema.nullish(),
  dataFim: isoDateSchema.nullish(),
  duracaoAulaMin: duracaoAulaSchema.nullish(),
};

/** Start <= end when both are given (ISO dates compare as strings). */
export function periodIsOrdered(value: { dataInicio?: string | null; dataFim?: string | null }): boolean {
  return !value.dataInicio || !value.dataFim || value.dataInicio <= value.dataFim;
}

/** 'dd/mm/aaaa' from 'aaaa-mm-dd'. */
export function formatIsoDatePtBr(value: string): string {
  const [y, m, d] = value.split('-');
  return `${d}/${m}/${y}`;
}

/** GET /api/turmas/{id}/cobertura. */
/** A lesson of a plan that cites the skill. */
export interface CoberturaAula {
  id: string;
  numeroAula: number;
  titulo: string | null;
}
export interface CoberturaPlano {
  id: string;
  temaPrincipal: string;
  /** The plan's trimestre under a trimestre calendar, else null. */
  trimestre: number | null;
  /** The plan's period (1..4) of its year's kind, and that year. */
  periodo: number;
  ano: number;
  /** The plan's lessons that cite the skill, in lesson order. */
  aulas: CoberturaAula[];
}
export interface CoberturaHabilidade {
  code: string;
  description: string;
  unidade: string;
  /** The trimestres of the plans that cite it (sorted, no repeats; plans under a trimestre calendar); empty: none. */
  trimestres: number[];
  /** The periods (any kind) of the plans that cite it (sorted, no repeats); empty: not covered. */
  periodos: number[];
  planos: CoberturaPlano[];
  /** A finished assessment of the class (POST /api/turmas/{id}/avaliacoes) includes it. */
  avaliada: boolean;
  /** The results of the newest assessment of the class holding the skill with results; null when none has. */
  resultado: ResultadoResumo | null;
}
export interface CoberturaMateria {
  materia: string;
  total: number;
  cobertas: number;
  habilidades: CoberturaHabilidade[];
}
export interface Cobertura {
  turmaId: string;
  ano: string;
  materias: CoberturaMateria[];
}

/** GET /api/turmas/cobertura: every class of the user with each subject's share covered (for the class cards). */
export interface CoberturaResumo {
  turmaId: string;
  ano: string;
  materias: { materia: string; total: number; cobertas: number }[];
}
