import { networkCalendar, putCalendarioSchema, schoolDate, trimestreNoCalendario } from './calendario';
import { MSG } from './messages';

describe('school calendar', () => {
  it('answers the published RS trimestres with their act, and no trimestres for a bimestre year', () => {
    expect(networkCalendar(2020)).toMatchObject({ fonte: 'rede', ato: 'Decreto nº 54.875, de 21/11/2019' });
    expect(networkCalendar(2022).fonte).toBe('provisorio');
  });

  it('builds a provisional year from the latest published one, on weekdays', () => {
    const cal = networkCalendar(2026);
    expect(cal).toMatchObject({ ano: 2026, fonte: 'provisorio', ato: 'Portaria SEDUC/RS nº 281/2022' });
    for (const t of cal.trimestres) {
      for (const day of [t.inicio, t.fim]) expect([0, 6]).not.toContain(new Date(`${day}T12:00:00Z`).getUTCDay());
      expect(t.inicio <= t.fim).toBe(true);
    }
    // 23/02/2026 is a Monday: the start stays; 31/05/2026 is a Sunday: the end moves back to Friday 29/05.
    expect(cal.trimestres[0]).toEqual({ numero: 1, inicio: '2026-02-23', fim: '2026-05-29' });
  });

  it('places a date in the trimestre that holds it; a day between two goes to the next, the edges to the first and last', () => {
    const cal = networkCalendar(2023);
    expect(trimestreNoCalendario(cal, '2023-05-15')).toBe(1);
    expect(trimestreNoCalendario(cal, '2023-05-31')).toBe(1);
    expect(trimestreNoCalendario(cal, '2023-06-01')).toBe(2);
    expect(trimestreNoCalendario(cal, '2023-09-16')).toBe(3);
    expect(trimestreNoCalendario(cal, '2023-01-10')).toBe(1);
    expect(trimestreNoCalendario(cal, '2023-12-28')).toBe(3);
  });

  it('reads today in the school time zone', () => {
    expect(schoolDate(new Date('2026-03-01T02:00:00Z'))).toBe('2026-02-28');
  });

  it('names the first problem of a calendar', () => {
    const t = (numero: number, inicio: string, fim: string) => ({ numero, inicio, fim });
    const ok = [t(1, '2026-02-23', '2026-05-29'), t(2, '2026-06-01', '2026-09-15'), t(3, '2026-09-16', '2026-12-18')];
    expect(putCalendarioSchema.safeParse({ ano: 2026, trimestres: ok }).success).toBe(true);
    expect(putCalendarioSchema.safeParse({ ano: 2026, trimestres: [ok[1], ok[0], ok[2]] }).error?.issues[0].message).toBe(MSG.calendarioTrimestresTres);
  });
});
