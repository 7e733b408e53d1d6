import type { AiCallGrant } from '@planejador/db';

/**
 * The plan's first lesson asks the AI before its others start (they follow at once): when many plans start
 * together (a school on a Monday morning), every teacher's first lesson is under way before anyone's fifth competes
 * with it for the worker and the database (decisions.md, "Generation": Fairness). That lesson was marked running and
 * its first AI call taken in the transaction that started the plan: its first attempt spends that call, a retry
 * takes its own. With no such lesson (the offline drafter, nothing left to write) no lesson waits.
 */
export class FirstLessonGate<T> {
  private startGrant: AiCallGrant | undefined;
  private release: () => void = () => undefined;
  private readonly opened: Promise<void>;

  constructor(
    private readonly first: T | undefined,
    startGrant: AiCallGrant | undefined,
  ) {
    this.startGrant = first === undefined ? undefined : startGrant;
    this.opened = first === undefined ? Promise.resolve() : new Promise<void>((resolve) => (this.release = resolve));
  }

  /** The lesson started with the plan (already running: the start transaction marked it so). */
  isFirst(lesson: T): boolean {
    return this.first !== undefined && lesson === this.first;
  }

  /** Resolves when `lesson` may start: the first one at once, the others once the first has asked the AI (or never will). */
  async waitTurn(lesson: T): Promise<void> {
    if (!this.isFirst(lesson)) await this.opened;
  }

  /** The call taken with the plan's running state, for the first lesson's first attempt only; undefined otherwise. */
  takeStartGrant(lesson: T): AiCallGrant | undefined {
    if (!this.isFirst(lesson)) return undefined;
    const grant = this.startGrant;
    this.startGrant = undefined;
    return grant;
  }

  /** The first lesson has asked the AI, or will not (it failed before its call): the others go. */
  open(lesson: T): void {
    if (this.isFirst(lesson)) this.release();
  }
}
