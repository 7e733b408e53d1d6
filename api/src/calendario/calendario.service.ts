import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import {
  calendarioDe,
  MSG,
  PERIODOS_POR_TIPO,
  periodoNoCalendario,
  SCHOOL_TIME_ZONE,
  schoolDate,
  type Calendario,
  type PeriodoTipo,
  type PutCalendarioData,
} from '@planejador/contracts';
import { CalendariosRepository, Database } from '@planejador/db';

/** PUT /api/calendario's answer: the calendar as now stored, and how many plans moved to another period. */
export interface CalendarioSalvo extends Calendario {
  planosMovidos: number;
}

/** A period as a body names it: `periodo` (any kind) and/or `trimestre` (only under a trimestre calendar). */
export interface PeriodoPedido {
  periodo?: number;
  trimestre?: number;
}

/** Where a plan or an assessment sits in the school year: its year, the kind of that year's calendar and its period. */
export interface PeriodoLugar {
  ano: number;
  tipo: PeriodoTipo;
  periodo: number;
}

/**
 * The teacher's school calendar per year (decisions.md, "School year", "Period kinds"): her own kind and dates once she
 * saves them, else the calendar the product ships for that year, else provisional dates. A plan's period, unless the
 * teacher chose it, is the one of this calendar that holds the plan's start date (or the day it was made).
 */
@Injectable()
export class CalendarioService {
  private readonly logger = new Logger(CalendarioService.name);

  constructor(
    private readonly db: Database,
    private readonly calendarios: CalendariosRepository,
  ) {}

  get(userId: string, ano: number = Number(schoolDate().slice(0, 4))): Promise<Calendario> {
    return this.calendarios.calendarioFor(userId, ano);
  }

  /**
   * Saves the teacher's calendar (kind and dates) and places her plans and assessments of that year in it, in one
   * transaction: derived periods follow the new dates; a chosen period keeps its number where the kind has it.
   */
  async put(userId: string, data: PutCalendarioData): Promise<CalendarioSalvo> {
    const { ano, tipo, periodos } = data;
    const moved = await this.db.transaction(async () => {
      await this.calendarios.saveCalendario(userId, ano, tipo, periodos);
      await this.calendarios.rederiveAvaliacaoPeriodos(userId, ano, tipo, periodos, SCHOOL_TIME_ZONE);
      return this.calendarios.rederivePlanPeriodos(userId, ano, tipo, periodos, SCHOOL_TIME_ZONE);
    });
    this.logger.log({ ano, tipo, planosMovidos: moved }, 'school calendar saved');
    return { ...calendarioDe(ano, tipo, periodos, 'professor', null), planosMovidos: moved };
  }

  /**
   * The period of the teacher's calendar that holds a date ('aaaa-mm-dd'; absent: today in the school's zone), with
   * that date's year and its calendar's kind; read in the caller's transaction when there is one.
   */
  async periodoFor(userId: string, isoDate: string | null | undefined): Promise<PeriodoLugar> {
    const day = isoDate ?? schoolDate();
    const calendario = await this.get(userId, Number(day.slice(0, 4)));
    return { ano: calendario.ano, tipo: calendario.tipo, periodo: periodoNoCalendario(calendario, day) };
  }

  /**
   * Where something dated `day` ('aaaa-mm-dd') sits in the year `ano` (default: the day's year): the period the body
   * names (`escolhido`; the rules of checkPeriodo), else the one of that year's calendar holding the day.
   */
  async place(userId: string, day: string, pedido: PeriodoPedido, ano: number = Number(day.slice(0, 4))): Promise<PeriodoLugar & { escolhido: boolean }> {
    const calendario = await this.get(userId, ano);
    if (pedido.periodo !== undefined || pedido.trimestre !== undefined) {
      return { ano, tipo: calendario.tipo, periodo: checkPeriodo(pedido, calendario.tipo, ano), escolhido: true };
    }
    return { ano, tipo: calendario.tipo, periodo: periodoNoCalendario(calendario, day), escolhido: false };
  }

  /**
   * The period a body asks for in the year `ano`'s calendar, or null when it names none: `trimestre` only under a
   * trimestre calendar (else 400 naming the kind), equal to `periodo` when both come (else 400), and a `periodo`
   * within the kind's count (else 400 naming it).
   */
  async chosenPeriodo(userId: string, ano: number, pedido: PeriodoPedido): Promise<PeriodoLugar | null> {
    if (pedido.periodo === undefined && pedido.trimestre === undefined) return null;
    const { tipo } = await this.get(userId, ano);
    return { ano, tipo, periodo: checkPeriodo(pedido, tipo, ano) };
  }
}

/** The period number a body names under a calendar of kind `tipo` of year `ano` (the rules of chosenPeriodo). */
export function checkPeriodo(pedido: PeriodoPedido, tipo: PeriodoTipo, ano: number): number {
  if (pedido.trimestre !== undefined && tipo !== 'trimestre') throw new BadRequestException({ message: MSG.trimestreForaDoCalendario(tipo, ano) });
  if (pedido.trimestre !== undefined && pedido.periodo !== undefined && pedido.trimestre !== pedido.periodo) {
    throw new BadRequestException({ message: MSG.periodoTrimestreDivergem });
  }
  const periodo = (pedido.periodo ?? pedido.trimestre)!;
  if (periodo > PERIODOS_POR_TIPO[tipo]) throw new BadRequestException({ message: MSG.periodoAcimaDoTipo(periodo, tipo, ano) });
  return periodo;
}
