import { Injectable, Logger } from '@nestjs/common';
import {
  networkCalendar,
  SCHOOL_TIME_ZONE,
  schoolDate,
  trimestreNoCalendario,
  type Calendario,
  type CalendarioTrimestre,
  type PutCalendarioData,
  type Trimestre,
} from '@planejador/contracts';
import { CalendariosRepository, Database } from '@planejador/db';

/** PUT /api/calendario's answer: the calendar as now stored, and how many plans moved to another trimestre. */
export interface CalendarioSalvo extends Calendario {
  planosMovidos: number;
}

/**
 * The teacher's school calendar per year (decisions.md, "School year"): her own dates once she saves them, else the
 * RS network's published trimestres, else provisional dates. A plan's trimestre, unless the teacher chose it, is the
 * one of this calendar that holds the plan's start date (or the day it was made).
 */
@Injectable()
export class CalendarioService {
  private readonly logger = new Logger(CalendarioService.name);

  constructor(
    private readonly db: Database,
    private readonly calendarios: CalendariosRepository,
  ) {}

  async get(userId: string, ano: number = Number(schoolDate().slice(0, 4))): Promise<Calendario> {
    const own = await this.calendarios.findCalendario(userId, ano);
    if (own) return { ano, trimestres: own, fonte: 'professor', ato: null };
    return networkCalendar(ano);
  }

  /** Saves the teacher's dates and moves her derived plans of that year with them, in one transaction. */
  async put(userId: string, data: PutCalendarioData): Promise<CalendarioSalvo> {
    const trimestres: CalendarioTrimestre[] = data.trimestres.map((t) => ({ numero: t.numero, inicio: t.inicio, fim: t.fim }));
    const moved = await this.db.transaction(async () => {
      await this.calendarios.saveCalendario(userId, data.ano, trimestres);
      return this.calendarios.rederivePlanTrimestres(userId, data.ano, trimestres, SCHOOL_TIME_ZONE);
    });
    this.logger.log({ ano: data.ano, planosMovidos: moved }, 'school calendar saved');
    return { ano: data.ano, trimestres, fonte: 'professor', ato: null, planosMovidos: moved };
  }

  /**
   * The trimestre of the teacher's calendar that holds a date ('aaaa-mm-dd'; absent: today in the school's zone); read
   * in the caller's transaction when there is one.
   */
  async trimestreFor(userId: string, isoDate: string | null | undefined): Promise<Trimestre> {
    const day = isoDate ?? schoolDate();
    const calendario = await this.get(userId, Number(day.slice(0, 4)));
    return trimestreNoCalendario(calendario, day);
  }
}
