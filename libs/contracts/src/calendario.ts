import { z } from 'zod';
import { MSG } from './messages';
import { PERIODO_TIPOS, PERIODOS_POR_TIPO, type PeriodoTipo } from './periodos';
import { isoDateSchema, SCHOOL_TIME_ZONE, type Trimestre } from './school-year';

/**
 * The school calendar (decisions.md, "School year"): the teacher's period dates for a year, else the RS state
 * network's where the product ships them with their act, else a provisional calendar built like the latest year whose
 * dates an act published, which the pages ask the teacher to confirm. A year is split into trimestres, bimestres or
 * semestres (`tipo`). A plan's period, when the teacher did not choose it, is the one of this calendar that holds the
 * plan's start date (or its creation date).
 */
export const CALENDARIO_FONTES = ['professor', 'rede', 'provisorio'] as const;
export type CalendarioFonte = (typeof CALENDARIO_FONTES)[number];

export interface CalendarioPeriodo {
  /** 1..PERIODOS_POR_TIPO[tipo]. */
  numero: number;
  /** ISO dates, 'aaaa-mm-dd'. */
  inicio: string;
  fim: string;
}

export interface CalendarioTrimestre extends CalendarioPeriodo {
  numero: Trimestre;
}

export interface Calendario {
  ano: number;
  /** How the year is split: trimestres (3 periods), bimestres (4) or semestres (2). */
  tipo: PeriodoTipo;
  periodos: CalendarioPeriodo[];
  /** Equals `periodos` under a trimestre calendar, else []. */
  trimestres: CalendarioTrimestre[];
  fonte: CalendarioFonte;
  /** The act that published the network's dates ('rede'), or the one the provisional dates come from; else null. */
  ato: string | null;
}

/** The calendar's answer from its kind and periods (`trimestres` follows `periodos` under a trimestre calendar). */
export function calendarioDe(
  ano: number,
  tipo: PeriodoTipo,
  periodos: readonly CalendarioPeriodo[],
  fonte: CalendarioFonte,
  ato: string | null,
): Calendario {
  const list = periodos.map((p) => ({ numero: p.numero, inicio: p.inicio, fim: p.fim }));
  return { ano, tipo, periodos: list, trimestres: tipo === 'trimestre' ? (list as CalendarioTrimestre[]) : [], fonte, ato };
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
  numero: z.number().int(),
  inicio: isoDateSchema,
  fim: isoDateSchema,
});

/**
 * PUT /api/calendario: the teacher's own dates, as `{ ano, tipo, periodos }` (2, 3 or 4 periods by kind) or as the
 * older `{ ano, trimestres }` (3); a body with both takes `periodos`. The periods are numbered 1..n in order, each
 * starting on or before its end, none overlapping the next, all inside the year; else 400 naming the problem. The
 * output is always `{ ano, tipo, periodos }`.
 */
export const putCalendarioSchema = z
  .object({
    ano: anoSchema,
    tipo: z.enum(PERIODO_TIPOS, { error: MSG.calendarioTipoInvalido }).optional(),
    periodos: z.array(periodoSchema).optional(),
    trimestres: z.array(periodoSchema).optional(),
  })
  .superRefine((value, ctx) => {
    const key = value.periodos !== undefined ? 'periodos' : 'trimestres';
    const tipo: PeriodoTipo = key === 'periodos' ? (value.tipo ?? 'trimestre') : 'trimestre';
    const periodos = value[key];
    const contagem = key === 'trimestres' ? MSG.calendarioTrimestresTres : MSG.calendarioPeriodosContagem(tipo);
    if (!periodos || periodos.length !== PERIODOS_POR_TIPO[tipo]) {
      ctx.addIssue({ code: 'custom', path: [key], message: contagem });
      return;
    }
    periodos.forEach((t, i) => {
      const path = [key, i];
      if (t.numero !== i + 1) ctx.addIssue({ code: 'custom', path: [...path, 'numero'], message: contagem });
      if (!t.inicio.startsWith(`${value.ano}-`) || !t.fim.startsWith(`${value.ano}-`)) {
        ctx.addIssue({ code: 'custom', path, message: MSG.calendarioForaDoAno(i + 1, value.ano, tipo) });
      } else if (t.inicio > t.fim) {
        ctx.addIssue({ code: 'custom', path: [...path, 'fim'], message: MSG.calendarioInicioDepoisDoFim(i + 1, tipo) });
      }
      const next = periodos[i + 1];
      if (next && t.fim >= next.inicio) {
        ctx.addIssue({ code: 'custom', path: [key, i + 1, 'inicio'], message: MSG.calendarioSobreposto(i + 1, i + 2, tipo) });
      }
    });
  })
  .transform((value) => {
    const tipo: PeriodoTipo = value.periodos !== undefined ? (value.tipo ?? 'trimestre') : 'trimestre';
    const periodos = (value.periodos ?? value.trimestres ?? []).map((p) => ({ numero: p.numero, inicio: p.inicio, fim: p.fim }));
    return { ano: value.ano, tipo, periodos };
  });
export type PutCalendarioInput = z.input<typeof putCalendarioSchema>;
export type PutCalendarioData = z.output<typeof putCalendarioSchema>;

/** A calendar the product ships (its sources: libs/contracts/data/calendarios-rs.md). */
export interface RedeCalendar {
  ano: number;
  ato: string;
  tipo: PeriodoTipo;
  /**
   * 'rede': the act published these dates; 'provisorio': inferred from the act (2026's trimestre boundaries), shown
   * for the teacher to confirm.
   */
  fonte: 'rede' | 'provisorio';
  /** The periods, ISO dates. */
  periodos: { inicio: string; fim: string }[];
}

/**
 * The RS state network's calendars (rede pública estadual), with their acts. Sources: the Decreto and the Portarias
 * named, as read from educacao.rs.gov.br and the DOE (see libs/contracts/data/calendarios-rs.md). 2026's trimestre
 * boundaries are an inference (each block of Estudos de Aprendizagem Contínua closes a trimestre), never the network's.
 */
export const RS_REDE_CALENDARS: readonly RedeCalendar[] = [
  {
    ano: 2020,
    ato: 'Decreto nº 54.875, de 21/11/2019',
    tipo: 'trimestre',
    fonte: 'rede',
    periodos: [
      { inicio: '2020-02-18', fim: '2020-05-26' },
      { inicio: '2020-05-27', fim: '2020-09-09' },
      { inicio: '2020-09-10', fim: '2020-12-16' },
    ],
  },
  {
    ano: 2022,
    ato: 'Portaria SEDUC/RS nº 300/2021',
    tipo: 'bimestre',
    fonte: 'rede',
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
    tipo: 'trimestre',
    fonte: 'rede',
    periodos: [
      { inicio: '2023-02-23', fim: '2023-05-31' },
      { inicio: '2023-06-01', fim: '2023-09-15' },
      { inicio: '2023-09-18', fim: '2023-12-22' },
    ],
  },
  {
    ano: 2026,
    ato: 'Portaria SEDUC/RS nº 705/2025',
    tipo: 'trimestre',
    fonte: 'provisorio',
    periodos: [
      { inicio: '2026-02-18', fim: '2026-05-22' },
      { inicio: '2026-05-25', fim: '2026-09-04' },
      { inicio: '2026-09-08', fim: '2026-12-18' },
    ],
  },
];

const numbered = (periodos: readonly { inicio: string; fim: string }[]): CalendarioPeriodo[] =>
  periodos.map((p, i) => ({ numero: i + 1, inicio: p.inicio, fim: p.fim }));

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
 * The calendar of a year before the teacher saves her own: the one the product ships for that year (the network's
 * published periods as 'rede', 2026's inferred trimestres as 'provisorio', each with its act), else a provisional one
 * built like the latest year whose dates an act published (its kind, its dates moved to that year on weekdays).
 */
export function networkCalendar(ano: number): Calendario {
  const shipped = RS_REDE_CALENDARS.find((c) => c.ano === ano);
  if (shipped) return calendarioDe(ano, shipped.tipo, numbered(shipped.periodos), shipped.fonte, shipped.ato);
  const latest = RS_REDE_CALENDARS.filter((c) => c.fonte === 'rede').sort((a, b) => b.ano - a.ano)[0];
  const periodos = latest.periodos.map((p) => ({ inicio: sameDayIn(ano, p.inicio, 'inicio'), fim: sameDayIn(ano, p.fim, 'fim') }));
  return calendarioDe(ano, latest.tipo, numbered(periodos), 'provisorio', latest.ato);
}

/**
 * The period of a calendar that holds an ISO date: the first whose end is on or after it (a day between two periods
 * belongs to the next one; the year's edges to the first and the last).
 */
export function periodoNoCalendario(calendario: Pick<Calendario, 'periodos'>, isoDate: string): number {
  const found = calendario.periodos.find((p) => isoDate <= p.fim);
  return found ? found.numero : calendario.periodos.length;
}

/** The trimestre of a trimestre calendar that holds an ISO date (periodoNoCalendario on its trimestres). */
export function trimestreNoCalendario(calendario: Pick<Calendario, 'trimestres'>, isoDate: string): Trimestre {
  return periodoNoCalendario({ periodos: calendario.trimestres }, isoDate) as Trimestre;
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
