import { QUEUES } from '@planejador/queue';
import { QueueProcessor, type JobHandlers, type QueueHandlers } from '../core/queue-processor';
import { SweeperService } from './sweeper.service';

type Maintenance = typeof QUEUES.maintenance;

/** The maintenance queue's processor: one sweep at a time in this process, beside (never instead of) the job workers. */
@QueueProcessor(QUEUES.maintenance, (s) => ({ concurrency: 1, lockDuration: s.JOB_LOCK_MS, stalledInterval: s.JOB_LOCK_MS }))
export class SweeperProcessor implements QueueHandlers<Maintenance> {
  constructor(private readonly sweeper: SweeperService) {}

  readonly handlers: JobHandlers<Maintenance> = {
    'sweep-plans': () => this.sweeper.sweep(),
  };
}
