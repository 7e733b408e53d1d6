import { SCHOOL_TIME_ZONE } from '@planejador/contracts';

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

/** '5' -> '5º ano'; a value that already says 'ano' is kept. */
export function formatAno(ano: string): string {
  const value = ano.trim();
  if (/ano/i.test(value)) return value;
  return /^\d+$/.test(value) ? `${value}º ano` : value;
}

