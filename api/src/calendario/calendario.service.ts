import { EntityManager } from '@mikro-orm/postgresql';
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
import { findCalendario, rederivePlanTrimestres, saveCalendario } from '@planejador/db';

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

  constructor(private readonly em: EntityManager) {}

  async get(userId: string, ano: number = Number(schoolDate().slice(0, 4)), em: EntityManager = this.em.fork()): Promise<Calendario> {
    const own = await findCalendario(em, userId, ano);
    if (own) return { ano, trimestres: own, fonte: 'professor', ato: null };
    return networkCalendar(ano);
  }

  /** Saves the teacher's dates and moves her derived plans of that year with them, in one transaction. */
  async put(userId: string, data: PutCalendarioData): Promise<CalendarioSalvo> {
    const trimestres: CalendarioTrimestre[] = data.trimestres.map((t) => ({ numero: t.numero, inicio: t.inicio, fim: t.fim }));
    const moved = await this.em.fork().transactional(async (tx) => {
      await saveCalendario(tx, userId, data.ano, trimestres);
      return rederivePlanTrimestres(tx, userId, data.ano, trimestres, SCHOOL_TIME_ZONE);
    });
    this.logger.log({ ano: data.ano, planosMovidos: moved }, 'school calendar saved');
    return { ano: data.ano, trimestres, fonte: 'professor', ato: null, planosMovidos: moved };
  }

  /** The trimestre of the teacher's calendar that holds a date ('aaaa-mm-dd'; absent: today in the school's zone). */
  async trimestreFor(userId: string, isoDate: string | null | undefined, em?: EntityManager): Promise<Trimestre> {
    const day = isoDate ?? schoolDate();
    const calendario = await this.get(userId, Number(day.slice(0, 4)), em ?? this.em.fork());
    return trimestreNoCalendario(calendario, day);
  }
}
