import type { AiError, SequenceLesson } from '@planejador/ai';
import { planTitleFromLessons, type PlanProgressEvent } from '@planejador/contracts';
import type { AulaRecord, PlanoComAulas, TurmaRecord } from '@planejador/db';

type PlanEventType = PlanProgressEvent['type'];

/**
 * One run of a plan's generation job: the plan's lessons in order, the ones still to write (so a retried or resumed
 * job never writes a lesson twice), and what this run wrote, saw fail, or was stopped by. No I/O: the service reads
 * and writes, this keeps the count and the rules.
 */
export class PlanRun {
  readonly planId: string;
  readonly userId: string;
  readonly turma: TurmaRecord;
  readonly aulas: AulaRecord[];
  /** The plan's lessons in order (number and description), for each lesson's place in the sequence. */
  readonly sequencia: SequenceLesson[];
  /** The lessons not yet done, in order. */
  readonly pending: AulaRecord[];
  /** Lessons done, earlier runs' included: every event carries it. */
  done: number;
  /** The AI's failures of this run's lessons (each lesson is marked failed as it fails). */
  readonly failures: AiError[] = [];
  /**
   * The first outage (PostgreSQL or Redis unreachable for longer than a step waits) that stopped a lesson: no
   * lesson's failure. No lesson starts after it; once those in flight settle the job is set aside, and its next run
   * resumes the lessons not yet stored.
   */
  interrupted: unknown;
  /** Each lesson's title as stored (a lesson done by an earlier run has it already), for a title the server builds. */
  private readonly titles: Map<string, string | null>;

  constructor(readonly plano: PlanoComAulas) {
    this.planId = plano.id;
    this.userId = plano.userId;
    this.turma = plano.turma;
    // In their order (findPlanoWithAulas reads them so; kept here too, as the run depends on it).
    this.aulas = plano.aulas.slice().sort((a, b) => a.numeroAula - b.numeroAula);
    this.sequencia = this.aulas.map((a) => ({ numeroAula: a.numeroAula, prompt: a.prompt }));
    this.done = this.aulas.filter((a) => a.generationState === 'done').length;
    this.pending = this.aulas.filter((a) => a.generationState !== 'done');
    this.titles = new Map(this.aulas.map((a) => [a.id, a.titulo]));
  }

  get total(): number {
    return this.aulas.length;
  }

  /** A lesson's text stored by this run (not by another run meanwhile): one more done, its title kept. */
  stored(aula: AulaRecord, titulo: string | null): void {
    this.done++;
    this.titles.set(aula.id, titulo);
  }

  /** A plan progress event as of now (done of total); the plan is running until its 'done'. */
  event(type: PlanEventType, extra: { numeroAula?: number; error?: string } = {}): Omit<PlanProgressEvent, 'at'> {
    return { planId: this.planId, type, state: type === 'done' ? 'done' : 'running', done: this.done, total: this.total, ...extra };
  }

  /** A plan the teacher left untitled is named after its lessons' titles, once they are written; null otherwise. */
  automaticTitle(): string | null {
    if (!this.plano.temaAutomatico) return null;
    return planTitleFromLessons(
      this.aulas.map((a) => this.titles.get(a.id)),
      this.plano.temaPrincipal,
    );
  }
}
