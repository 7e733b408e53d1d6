import { trimestreOf } from './school-year';

/** A moment given as Brazil's (São Paulo, UTC-3) wall-clock time. */
const saoPaulo = (local: string) => new Date(`${local}-03:00`);

describe('trimestreOf', () => {
  it('gives January-April 1, May-August 2, September-December 3', () => {
    const byMonth = Array.from({ length: 12 }, (_, i) => trimestreOf(saoPaulo(`2026-${String(i + 1).padStart(2, '0')}-15T12:00:00`)));
    expect(byMonth).toEqual([1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]);
  });

  it('changes at midnight of the first day of May and September, and of January, in the school’s time zone', () => {
    expect(trimestreOf(saoPaulo('2026-01-01T00:00:00'))).toBe(1);
    expect(trimestreOf(saoPaulo('2025-12-31T23:59:59'))).toBe(3);
    expect(trimestreOf(saoPaulo('2026-04-30T23:59:59'))).toBe(1);
    expect(trimestreOf(saoPaulo('2026-05-01T00:00:00'))).toBe(2);
    expect(trimestreOf(saoPaulo('2026-08-31T23:59:59'))).toBe(2);
    expect(trimestreOf(saoPaulo('2026-09-01T00:00:00'))).toBe(3);
    expect(trimestreOf(saoPaulo('2026-12-31T23:59:59'))).toBe(3);
  });

  it('reads the month in Brazil, not in UTC: late evening of the last day is still the old trimestre', () => {
    // 30 April, 22:00 in São Paulo is already 1 May in UTC.
    const lateApril = saoPaulo('2026-04-30T22:00:00');
    expect(lateApril.getUTCMonth()).toBe(4);
    expect(trimestreOf(lateApril)).toBe(1);
    const lateAugust = saoPaulo('2026-08-31T21:30:00');
    expect(lateAugust.getUTCMonth()).toBe(8);
    expect(trimestreOf(lateAugust)).toBe(2);
  });
});
