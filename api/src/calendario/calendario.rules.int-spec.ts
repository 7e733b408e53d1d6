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
  for (const date of dates) trimestres.push(await calendario.trimestreFor(userId, date));
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
      expect(await calendario.get(user.id, 2023)).toEqual({ ano: 2023, fonte: 'professor', ato: null, trimestres: OWN_2023 });
      expect(await trimestresOf(calendario, user.id, dates)).toEqual([1, 2, 2, 3, 3]);
      // Another year, and another teacher, keep the network's.
      expect((await calendario.get(user.id, 2024)).fonte).not.toBe('professor');
      const other = await rules.user();
      expect(await calendario.trimestreFor(other.id, '2023-05-15')).toBe(1);
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
      expect(saved).toEqual({ ano: 2023, fonte: 'professor', ato: null, trimestres: OWN_2023, planosMovidos: 1 });
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
});
