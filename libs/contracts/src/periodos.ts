/**
 * Period kinds (decisions.md, "School year", "Period kinds"): a school year is split into trimestres (3; the RS
 * state network), bimestres (4; many municipal and private schools, and RS itself in 2022) or semestres (2), as the
 * teacher's calendar for that year says. A period is always a year and a number.
 */
export const PERIODO_TIPOS = ['trimestre', 'bimestre', 'semestre'] as const;
export type PeriodoTipo = (typeof PERIODO_TIPOS)[number];

/** How many periods each kind splits the year into. */
export const PERIODOS_POR_TIPO: Readonly<Record<PeriodoTipo, number>> = { trimestre: 3, bimestre: 4, semestre: 2 };

/** The highest period number of any kind (a bimestre calendar's 4th). */
export const PERIODO_MAX = 4;

/** The period numbers of a kind: [1, 2, 3] for trimestres. */
export function periodosDoTipo(tipo: PeriodoTipo): number[] {
  return Array.from({ length: PERIODOS_POR_TIPO[tipo] }, (_, i) => i + 1);
}

/** "2º bimestre", "1º semestre", "3º trimestre": how every page, message and document names a period. */
export function periodoLabel(n: number, tipo: PeriodoTipo = 'trimestre'): string {
  return `${n}º ${tipo}`;
}

/** "bimestres": the kind in the plural (the calendar is "dividido em bimestres"). */
export function periodoTipoPlural(tipo: PeriodoTipo): string {
  return `${tipo}s`;
}

/** "Bimestre": the kind as a label (a form field, a document's row). */
export function periodoTipoTitulo(tipo: PeriodoTipo): string {
  return tipo.charAt(0).toUpperCase() + tipo.slice(1);
}

/** "1º, 2º, 3º e 4º": the ordinals of a kind's periods, as the messages list them. */
export function periodoOrdinais(tipo: PeriodoTipo): string {
  const ns = periodosDoTipo(tipo).map((n) => `${n}º`);
  return `${ns.slice(0, -1).join(', ')} e ${ns[ns.length - 1]}`;
}
