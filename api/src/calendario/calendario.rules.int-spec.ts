import { Logger } from '@nestjs/common';
import { putCalendarioSchema, type CalendarioTrimestre } from '@planejador/contracts';
import { CalendariosRepository, PlanosRepository } from '@planejador/db';
import { useRulesDatabase } from '@planejador/testing';
import { CalendarioService } from './calendario.service';

/**
 * The rules tier: CalendarioService on the real repositories, each test in a transaction rolled back at its end
 * (decisions.md, "School year": the network's calendar until the teacher saves her own; a date's trimestre; saving
 * moves the plans whose trimestre was derived, never a chosen one, nor another year's or another teacher's).
 */
const rules = useRulesDatabase();
beforeAll(() => Logger.overrideLogger(false));

const service = () => new CalendarioService(rules.database, rules.repository(CalendariosRepository));

/** Her own 2023: T1 to 30/04, T2 to 31/08, T3 to 20/12. */
const OWN_2023: CalendarioTrimestre[] = [
  { numero: 1, inicio: '2023-02-01', fim: '2023-04-30' },
  { numero: 2, inicio: '2023-05-01', fim: '2023-08-31' },
  { numero: 3, inicio: '2023-09-01', fim: '2023-12-20' },
];

/** Each date's trimestre, one after the other (one transaction runs one statement at a time). */
async function trimestresOf(calendario: CalendarioService, userId: string, dates: string[]) {
  const trimestres: number[] = [];
  for (const date of dates) trimestres.push((await calendario.periodoFor(userId, date)).periodo);
  return trimestres;
}

const trimestreOf = async (userId: string, planId: string) => (await rules.repository(PlanosRepository).findPlanoWithAulas(planId, userId))!.trimestre;

describe('CalendarioService on PostgreSQL', () => {
  it(
    "the network's calendar until the teacher saves her own; a date's trimestre follows the one in force",
    rules.rolledBack(async () => {
      const user = await rules.user();
      const calendario = service();
      expect(await calendario.get(user.id, 2023)).toMatchObject({
        fonte: 'rede',
        trimestres: [
          { numero: 1, inicio: '2023-02-23', fim: '2023-05-31' },
          { numero: 2, inicio: '2023-06-01', fim: '2023-09-15' },
          { numero: 3, inicio: '2023-09-18', fim: '2023-12-22' },
        ],
      });
      // RS 2023: 15/05 in T1; 01/06 in T2; 16/09, between T2 and T3, in the next; the year's edges in the first and last.
      const dates = ['2023-01-10', '2023-05-15', '2023-06-01', '2023-09-16', '2023-12-28'];
      expect(await trimestresOf(calendario, user.id, dates)).toEqual([1, 1, 2, 3, 3]);

      await calendario.put(user.id, putCalendarioSchema.parse({ ano: 2023, trimestres: OWN_2023 }));
      expect(await calendario.get(user.id, 2023)).toEqual({ ano: 2023, tipo: 'trimestre', fonte: 'professor', ato: null, trimestres: OWN_2023, periodos: OWN_2023 });
      expect(await trimestresOf(calendario, user.id, dates)).toEqual([1, 2, 2, 3, 3]);
      // Another year, and another teacher, keep the network's.
      expect((await calendario.get(user.id, 2024)).fonte).not.toBe('professor');
      const other = await rules.user();
      expect(await calendario.periodoFor(other.id, '2023-05-15')).toEqual({ ano: 2023, tipo: 'trimestre', periodo: 1 });
    }),
  );

  it(
    'saving her dates moves her derived plans of that year to their new trimestre, never chosen ones, other years or other teachers',
    rules.rolledBack(async () => {
      const user = await rules.user();
      const turma = await rules.turma(user.id);
      const plan = (options: Parameters<typeof rules.plano>[2]) => rules.plano(user.id, turma.id, options);
      const moves = await plan({ dataInicio: '2023-05-15', trimestre: 1 });
      const stays = await plan({ dataInicio: '2023-03-15', trimestre: 1 });
      const chosen = await plan({ dataInicio: '2023-05-15', trimestre: 1, trimestreEscolhido: true });
      const otherYear = await plan({ dataInicio: '2024-05-15', trimestre: 1 });
      const other = await rules.user();
      const theirs = await rules.plano(other.id, (await rules.turma(other.id)).id, { dataInicio: '2023-05-15', trimestre: 1 });

      const saved = await service().put(user.id, putCalendarioSchema.parse({ ano: 2023, trimestres: OWN_2023 }));
      expect(saved).toEqual({ ano: 2023, tipo: 'trimestre', fonte: 'professor', ato: null, trimestres: OWN_2023, periodos: OWN_2023, planosMovidos: 1 });
      expect(await trimestreOf(user.id, moves.id)).toBe(2);
      expect(await trimestreOf(user.id, stays.id)).toBe(1);
      expect(await trimestreOf(user.id, chosen.id)).toBe(1);
      expect(await trimestreOf(user.id, otherYear.id)).toBe(1);
      expect(await trimestreOf(other.id, theirs.id)).toBe(1);

      // Saved again with the network's dates, the derived plan comes back; the same dates again move nothing.
      const network = (await service().get(other.id, 2023)).trimestres;
      expect((await service().put(user.id, putCalendarioSchema.parse({ ano: 2023, trimestres: network }))).planosMovidos).toBe(1);
      expect(await trimestreOf(user.id, moves.id)).toBe(1);
      expect((await service().put(user.id, putCalendarioSchema.parse({ ano: 2023, trimestres: network }))).planosMovidos).toBe(0);
    }),
  );

  const BIMESTRES_2023 = [
    { numero: 1, inicio: '2023-02-23', fim: '2023-04-28' },
    { numero: 2, inicio: '2023-05-02', fim: '2023-07-14' },
    { numero: 3, inicio: '2023-07-31', fim: '2023-09-29' },
    { numero: 4, inicio: '2023-10-02', fim: '2023-12-22' },
  ];
  const SEMESTRES_2023 = [
    { numero: 1, inicio: '2023-02-23', fim: '2023-07-14' },
    { numero: 2, inicio: '2023-07-31', fim: '2023-12-22' },
  ];
  const placeOf = async (userId: string, planId: string) => {
    const p = (await rules.repository(PlanosRepository).findPlanoWithAulas(planId, userId))!;
    return { periodo: p.periodo, ano: p.ano, periodoTipo: p.periodoTipo, trimestre: p.trimestre, escolhido: p.trimestreEscolhido };
  };

  it(
    'a bimestre calendar moves derived plans to the bimestre of their date and leaves chosen ones; trimestre becomes null',
    rules.rolledBack(async () => {
      const user = await rules.user();
      const turma = await rules.turma(user.id);
      const plan = (options: Parameters<typeof rules.plano>[2]) => rules.plano(user.id, turma.id, options);
      const may = await plan({ dataInicio: '2023-05-15', trimestre: 1 });
      const october = await plan({ dataInicio: '2023-10-20', trimestre: 3 });
      const chosen = await plan({ dataInicio: '2023-10-20', trimestre: 2, trimestreEscolhido: true });

      const saved = await service().put(user.id, putCalendarioSchema.parse({ ano: 2023, tipo: 'bimestre', periodos: BIMESTRES_2023 }));
      expect(saved).toMatchObject({ ano: 2023, tipo: 'bimestre', fonte: 'professor', periodos: BIMESTRES_2023, trimestres: [], planosMovidos: 3 });
      expect(await placeOf(user.id, may.id)).toEqual({ periodo: 2, ano: 2023, periodoTipo: 'bimestre', trimestre: null, escolhido: false });
      expect(await placeOf(user.id, october.id)).toEqual({ periodo: 4, ano: 2023, periodoTipo: 'bimestre', trimestre: null, escolhido: false });
      expect(await placeOf(user.id, chosen.id)).toEqual({ periodo: 2, ano: 2023, periodoTipo: 'bimestre', trimestre: null, escolhido: true });
      // A date's period now counts in bimestres.
      expect(await service().periodoFor(user.id, '2023-09-01')).toEqual({ ano: 2023, tipo: 'bimestre', periodo: 3 });
    }),
  );

  it(
    'a change of kind keeps a chosen period where the new kind has it, else it becomes derived',
    rules.rolledBack(async () => {
      const user = await rules.user();
      const turma = await rules.turma(user.id);
      const plan = (options: Parameters<typeof rules.plano>[2]) => rules.plano(user.id, turma.id, options);
      await service().put(user.id, putCalendarioSchema.parse({ ano: 2023, tipo: 'bimestre', periodos: BIMESTRES_2023 }));
      const second = await plan({ dataInicio: '2023-03-10', periodo: 2, periodoTipo: 'bimestre', trimestreEscolhido: true });
      const fourth = await plan({ dataInicio: '2023-03-10', periodo: 4, periodoTipo: 'bimestre', trimestreEscolhido: true });

      await service().put(user.id, putCalendarioSchema.parse({ ano: 2023, tipo: 'semestre', periodos: SEMESTRES_2023 }));
      expect(await placeOf(user.id, second.id)).toEqual({ periodo: 2, ano: 2023, periodoTipo: 'semestre', trimestre: null, escolhido: true });
      // No 4th semestre: placed by its date (10/03, the 1st semestre), and derived from now on.
      expect(await placeOf(user.id, fourth.id)).toEqual({ periodo: 1, ano: 2023, periodoTipo: 'semestre', trimestre: null, escolhido: false });

      // Back to trimestres (the older body): trimestre follows the period again.
      await service().put(user.id, putCalendarioSchema.parse({ ano: 2023, trimestres: OWN_2023 }));
      expect(await placeOf(user.id, second.id)).toEqual({ periodo: 2, ano: 2023, periodoTipo: 'trimestre', trimestre: 2, escolhido: true });
      expect(await placeOf(user.id, fourth.id)).toEqual({ periodo: 1, ano: 2023, periodoTipo: 'trimestre', trimestre: 1, escolhido: false });
    }),
  );

  it(
    "2022 answers the network's bimestres and 2026 the provisional trimestres of Portaria 705/2025",
    rules.rolledBack(async () => {
      const user = await rules.user();
      expect(await service().get(user.id, 2022)).toMatchObject({ tipo: 'bimestre', fonte: 'rede', ato: 'Portaria SEDUC/RS nº 300/2021', trimestres: [] });
      expect(await service().get(user.id, 2026)).toMatchObject({ tipo: 'trimestre', fonte: 'provisorio', ato: 'Portaria SEDUC/RS nº 705/2025' });
      expect(await service().periodoFor(user.id, '2022-07-20')).toEqual({ ano: 2022, tipo: 'bimestre', periodo: 3 });
      expect(await service().periodoFor(user.id, '2026-05-25')).toEqual({ ano: 2026, tipo: 'trimestre', periodo: 2 });
    }),
  );
});
