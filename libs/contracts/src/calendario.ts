import { z } from 'zod';
import { MSG } from './messages';
import { isoDateSchema, SCHOOL_TIME_ZONE, type Trimestre } from './school-year';

/**
 * The school calendar (decisions.md, "School year"): the teacher's trimestre dates for a year, else the RS state
 * network's where the product ships them with their act, else a provisional calendar built like the latest shipped
 * one, which the pages ask the teacher to confirm. A plan's trimestre, when the teacher did not choose it, is the
 * one of this calendar that holds the plan's start date (or its creation date).
 */
export const CALENDARIO_FONTES = ['professor', 'rede', 'provisorio'] as const;
export type CalendarioFonte = (typeof CALENDARIO_FONTES)[number];

export interface CalendarioTrimestre {
  numero: Trimestre;
  /** ISO dates, 'aaaa-mm-dd'. */
  inicio: string;
  fim: string;
}

export interface Calendario {
  ano: number;
  trimestres: CalendarioTrimestre[];
  fonte: CalendarioFonte;
  /** The act that published the network's dates ('rede'), or the one the provisional dates copy. */
  ato: string | null;
}

/** A year of a school calendar the product accepts. */
const CALENDAR_YEAR_MIN = 2000;
const CALENDAR_YEAR_MAX = 2100;

const anoSchema = z.coerce
  .number({ error: MSG.calendarioAnoInvalido })
  .int(MSG.calendarioAnoInvalido)
  .min(CALENDAR_YEAR_MIN, MSG.calendarioAnoInvalido)
  .max(CALENDAR_YEAR_MAX, MSG.calendarioAnoInvalido);

/** GET /api/calendario?ano=2026 (absent: the current year in the school's time zone). */
export const calendarioQuerySchema = z.object({ ano: anoSchema.optional() });

const periodoSchema = z.object({
  numero: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: MSG.calendarioTrimestresTres }),
  inicio: isoDateSchema,
  fim: isoDateSchema,
});

/**
 * PUT /api/calendario: the teacher's own dates. Three periods, numbered 1 to 3 in order, each starting on or before
 * its end, none overlapping the next, all inside the year; else 400 naming the problem.
 */
export const putCalendarioSchema = z
  .object({
    ano: anoSchema,
    trimestres: z.array(periodoSchema, { error: MSG.calendarioTrimestresTres }).length(3, MSG.calendarioTrimestresTres),
  })
  .superRefine((value, ctx) => {
    value.trimestres.forEach((t, i) => {
      const path = ['trimestres', i];
      if (t.numero !== i + 1) ctx.addIssue({ code: 'custom', path: [...path, 'numero'], message: MSG.calendarioTrimestresTres });
      if (!t.inicio.startsWith(`${value.ano}-`) || !t.fim.startsWith(`${value.ano}-`)) {
        ctx.addIssue({ code: 'custom', path, message: MSG.calendarioForaDoAno(i + 1, value.ano) });
      } else if (t.inicio > t.fim) {
        ctx.addIssue({ code: 'custom', path: [...path, 'fim'], message: MSG.calendarioInicioDepoisDoFim(i + 1) });
      }
      const next = value.trimestres[i + 1];
      if (next && t.fim >= next.inicio) {
        ctx.addIssue({ code: 'custom', path: ['trimestres', i + 1, 'inicio'], message: MSG.calendarioSobreposto(i + 1, i + 2) });
      }
    });
  });
export type PutCalendarioInput = z.input<typeof putCalendarioSchema>;
export type PutCalendarioData = z.output<typeof putCalendarioSchema>;

/** A published calendar of the RS state network (its sources: libs/contracts/data/calendarios-rs.md). */
export interface RedeCalendar {
  ano: number;
  ato: string;
  /** The network switched between bimestres (2022) and trimestres: only trimestre years answer as 'rede'. */
  periodo: 'trimestres' | 'bimestres';
  /** The periods, ISO dates. */
  periodos: { inicio: string; fim: string }[];
}

/**
 * The RS state network's published calendars (rede pública estadual), with their acts. Sources: the Decreto and the
 * Portarias named, as read from educacao.rs.gov.br and the DOE (see libs/contracts/data/calendarios-rs.md).
 */
export const RS_REDE_CALENDARS: readonly RedeCalendar[] = [
  {
    ano: 2020,
    ato: 'Decreto nº 54.875, de 21/11/2019',
    periodo: 'trimestres',
    periodos: [
      { inicio: '2020-02-18', fim: '2020-05-26' },
      { inicio: '2020-05-27', fim: '2020-09-09' },
      { inicio: '2020-09-10', fim: '2020-12-16' },
    ],
  },
  {
    ano: 2022,
    ato: 'Portaria SEDUC/RS nº 300/2021',
    periodo: 'bimestres',
    periodos: [
      { inicio: '2022-02-21', fim: '2022-05-05' },
      { inicio: '2022-05-06', fim: '2022-07-15' },
      { inicio: '2022-07-18', fim: '2022-10-04' },
      { inicio: '2022-10-05', fim: '2022-12-16' },
    ],
  },
  {
    ano: 2023,
    ato: 'Portaria SEDUC/RS nº 281/2022',
    periodo: 'trimestres',
    periodos: [
      { inicio: '2023-02-23', fim: '2023-05-31' },
      { inicio: '2023-06-01', fim: '2023-09-15' },
      { inicio: '2023-09-18', fim: '2023-12-22' },
    ],
  },
];

const toTrimestres = (periodos: { inicio: string; fim: string }[]): CalendarioTrimestre[] =>
  periodos.map((p, i) => ({ numero: (i + 1) as Trimestre, inicio: p.inicio, fim: p.fim }));

/** 'aaaa-mm-dd' moved to another year, kept on a weekday (a start moves forward, an end back). */
function sameDayIn(ano: number, iso: string, kind: 'inicio' | 'fim'): string {
  const [, m, d] = iso.split('-');
  let date = new Date(Date.UTC(ano, Number(m) - 1, Number(d)));
  if (date.getUTCMonth() !== Number(m) - 1) date = new Date(Date.UTC(ano, Number(m) - 1, 28)); // 29/02 in a common year
  const step = kind === 'inicio' ? 1 : -1;
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6) date = new Date(date.getTime() + step * 86_400_000);
  return date.toISOString().slice(0, 10);
}

/**
 * The calendar of a year before the teacher saves her own: the network's published trimestres, else a provisional
 * one with the latest published trimestre dates moved to that year (on weekdays).
 */
export function networkCalendar(ano: number): Calendario {
  const published = RS_REDE_CALENDARS.find((c) => c.ano === ano && c.periodo === 'trimestres');
  if (published) return { ano, trimestres: toTrimestres(published.periodos), fonte: 'rede', ato: published.ato };
  const latest = [...RS_REDE_CALENDARS].filter((c) => c.periodo === 'trimestres').sort((a, b) => b.ano - a.ano)[0];
  return {
    ano,
    fonte: 'provisorio',
    ato: latest.ato,
    trimestres: toTrimestres(latest.periodos.map((p) => ({ inicio: sameDayIn(ano, p.inicio, 'inicio'), fim: sameDayIn(ano, p.fim, 'fim') }))),
  };
}

/**
 * The trimestre of a calendar that holds an ISO date: up to the end of the 1st, the 1st; up to the end of the 2nd,
 * the 2nd; else the 3rd (a day between two trimestres belongs to the next one, the year's edges to the first and
 * the last).
 */
export function trimestreNoCalendario(calendario: Pick<Calendario, 'trimestres'>, isoDate: string): Trimestre {
  const [t1, t2] = calendario.trimestres;
  if (isoDate <= t1.fim) return 1;
  if (isoDate <= t2.fim) return 2;
  return 3;
}

/** A moment's calendar date in the school's time zone, 'aaaa-mm-dd'. */
export function schoolDate(moment: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: SCHOOL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(moment);
}

/** 'dd/mm' of an ISO date (the calendar's periods as the pages show them). */
export function dayMonthPtBr(iso: string): string {
  const [, m, d] = iso.split('-');
  return `${d}/${m}`;
}
