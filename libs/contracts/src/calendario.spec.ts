import { networkCalendar, periodoNoCalendario, putCalendarioSchema, schoolDate, trimestreNoCalendario } from './calendario';
import { MSG } from './messages';
import { periodoLabel } from './periodos';

describe('school calendar', () => {
  it('answers the published RS trimestres with their act', () => {
    const cal = networkCalendar(2020);
    expect(cal).toMatchObject({ tipo: 'trimestre', fonte: 'rede', ato: 'Decreto nº 54.875, de 21/11/2019' });
    expect(cal.trimestres).toEqual(cal.periodos);
    expect(cal.periodos).toHaveLength(3);
    expect(networkCalendar(2023)).toMatchObject({ tipo: 'trimestre', fonte: 'rede', ato: 'Portaria SEDUC/RS nº 281/2022' });
  });

  it("answers 2022 as the network's bimestres, with their act and no trimestres", () => {
    expect(networkCalendar(2022)).toEqual({
      ano: 2022,
      tipo: 'bimestre',
      fonte: 'rede',
      ato: 'Portaria SEDUC/RS nº 300/2021',
      trimestres: [],
      periodos: [
        { numero: 1, inicio: '2022-02-21', fim: '2022-05-05' },
        { numero: 2, inicio: '2022-05-06', fim: '2022-07-15' },
        { numero: 3, inicio: '2022-07-18', fim: '2022-10-04' },
        { numero: 4, inicio: '2022-10-05', fim: '2022-12-16' },
      ],
    });
  });

  it("answers 2026 as the trimestres inferred from Portaria 705/2025, provisional until the teacher confirms them", () => {
    const periodos = [
      { numero: 1, inicio: '2026-02-18', fim: '2026-05-22' },
      { numero: 2, inicio: '2026-05-25', fim: '2026-09-04' },
      { numero: 3, inicio: '2026-09-08', fim: '2026-12-18' },
    ];
    expect(networkCalendar(2026)).toEqual({ ano: 2026, tipo: 'trimestre', fonte: 'provisorio', ato: 'Portaria SEDUC/RS nº 705/2025', periodos, trimestres: periodos });
  });

  it('builds another year like the latest year an act published (2023), on weekdays', () => {
    const cal = networkCalendar(2027);
    expect(cal).toMatchObject({ ano: 2027, tipo: 'trimestre', fonte: 'provisorio', ato: 'Portaria SEDUC/RS nº 281/2022' });
    for (const t of cal.trimestres) {
      for (const day of [t.inicio, t.fim]) expect([0, 6]).not.toContain(new Date(`${day}T12:00:00Z`).getUTCDay());
      expect(t.inicio <= t.fim).toBe(true);
    }
    // 23/02/2027 is a Tuesday: the start stays; 31/05/2027 is a Monday: the end stays.
    expect(cal.trimestres[0]).toEqual({ numero: 1, inicio: '2027-02-23', fim: '2027-05-31' });
    // 22/12/2029 is a Saturday: the end moves back to Friday 21/12.
    expect(networkCalendar(2029).periodos[2].fim).toBe('2029-12-21');
  });

  it('places a date in the period of any kind that holds it', () => {
    const bimestres = networkCalendar(2022);
    expect(periodoNoCalendario(bimestres, '2022-05-05')).toBe(1);
    expect(periodoNoCalendario(bimestres, '2022-07-16')).toBe(3);
    expect(periodoNoCalendario(bimestres, '2022-10-05')).toBe(4);
    expect(periodoNoCalendario(bimestres, '2022-12-30')).toBe(4);
    expect(periodoNoCalendario(networkCalendar(2026), '2026-05-25')).toBe(2);
    const semestres = { periodos: [{ numero: 1, inicio: '2026-02-18', fim: '2026-07-10' }, { numero: 2, inicio: '2026-07-27', fim: '2026-12-18' }] };
    expect(periodoNoCalendario(semestres, '2026-07-20')).toBe(2);
  });

  it('names a period by its kind', () => {
    expect(periodoLabel(2, 'bimestre')).toBe('2º bimestre');
    expect(periodoLabel(1, 'semestre')).toBe('1º semestre');
    expect(periodoLabel(3, 'trimestre')).toBe('3º trimestre');
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
    // The older body answers as a trimestre calendar.
    expect(putCalendarioSchema.parse({ ano: 2026, trimestres: ok })).toEqual({ ano: 2026, tipo: 'trimestre', periodos: ok });
  });

  it('takes 4 bimestres, 2 semestres or 3 trimestres, naming the count of the kind', () => {
    const t = (numero: number, inicio: string, fim: string) => ({ numero, inicio, fim });
    const bimestres = [t(1, '2026-02-18', '2026-04-30'), t(2, '2026-05-04', '2026-07-10'), t(3, '2026-07-27', '2026-09-30'), t(4, '2026-10-01', '2026-12-18')];
    const semestres = [t(1, '2026-02-18', '2026-07-10'), t(2, '2026-07-27', '2026-12-18')];
    expect(putCalendarioSchema.parse({ ano: 2026, tipo: 'bimestre', periodos: bimestres })).toEqual({ ano: 2026, tipo: 'bimestre', periodos: bimestres });
    expect(putCalendarioSchema.parse({ ano: 2026, tipo: 'semestre', periodos: semestres }).tipo).toBe('semestre');
    const issue = (body: unknown) => putCalendarioSchema.safeParse(body).error?.issues[0].message;
    expect(issue({ ano: 2026, tipo: 'bimestre', periodos: bimestres.slice(0, 3) })).toBe(MSG.calendarioPeriodosContagem('bimestre'));
    expect(MSG.calendarioPeriodosContagem('bimestre')).toBe('Informe os 4 bimestres, em ordem (1º, 2º, 3º e 4º).');
    expect(issue({ ano: 2026, tipo: 'semestre', periodos: bimestres })).toBe(MSG.calendarioPeriodosContagem('semestre'));
    expect(issue({ ano: 2026, tipo: 'quinzena', periodos: semestres })).toBe(MSG.calendarioTipoInvalido);
    expect(issue({ ano: 2026, tipo: 'bimestre', periodos: [bimestres[0], { ...bimestres[1], inicio: '2026-04-30' }, bimestres[2], bimestres[3]] })).toBe(
      MSG.calendarioSobreposto(1, 2, 'bimestre'),
    );
    expect(issue({ ano: 2026, tipo: 'semestre', periodos: [semestres[0], { ...semestres[1], fim: '2027-01-10' }] })).toBe(MSG.calendarioForaDoAno(2, 2026, 'semestre'));
    // Both bodies: `periodos` wins.
    const trimestres = [t(1, '2026-02-23', '2026-05-29'), t(2, '2026-06-01', '2026-09-15'), t(3, '2026-09-16', '2026-12-18')];
    expect(putCalendarioSchema.parse({ ano: 2026, trimestres, tipo: 'semestre', periodos: semestres })).toEqual({ ano: 2026, tipo: 'semestre', periodos: semestres });
  });
});
