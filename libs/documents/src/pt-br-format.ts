import { anoLabel, DEFAULT_ETAPA, SCHOOL_TIME_ZONE, type Etapa } from '@planejador/contracts';

// Dates in the documents and file names follow the teachers' clock (the school's time zone), not the server's.

function dateParts(date: Date): { day: string; month: string; year: string } {
  const parts = new Intl.DateTimeFormat('pt-BR', {
    timeZone: SCHOOL_TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(date);
  const pick = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? '';
  return { day: pick('day'), month: pick('month'), year: pick('year') };
}

/** dd/mm/aaaa */
export function formatDatePtBr(date: Date): string {
  const { day, month, year } = dateParts(date);
  return `${day}/${month}/${year}`;
}

/** dd-mm-aaaa (slashes are not allowed in file names) */
export function formatDateForFileName(date: Date): string {
  const { day, month, year } = dateParts(date);
  return `${day}-${month}-${year}`;
}

/** '5' -> '5º ano' (the stage's label: '1' in médio -> '1ª série do Ensino Médio'); any other text is kept. */
export function formatAno(ano: string, etapa: Etapa = DEFAULT_ETAPA): string {
  const value = ano.trim();
  return /^\d+$/.test(value) ? anoLabel(value, etapa) : value;
}

