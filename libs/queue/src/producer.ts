import { Queue, QueueEvents, type JobsOptions, type JobState } from 'bullmq';
import type { Redis } from 'ioredis';
import { jobOptions, type RetryBases } from './options';
import { JOB_QUEUE, type JobName, type JobPayloads, type QueueName, QUEUES } from './names';

/** Typed enqueue over the queues, each with its job options (jobOptions: retries and backoff set once). */
export class JobProducer {
  private readonly queues = new Map<QueueName, Queue>();
  private readonly events = new Map<QueueName, QueueEvents>();
  /** The connections made for the queue events: BullMQ leaves a connection it was given open, so close() ends them. */
  private readonly eventConnections: Redis[] = [];

  constructor(
    private readonly connection: Redis,
    private readonly prefix: string,
    retry: RetryBases,
  ) {
    const options = jobOptions(retry);
    for (const name of Object.values(QUEUES)) {
      this.queues.set(name, new Queue(name, { connection, prefix, defaultJobOptions: options[name] }));
    }
  }

  queue(name: QueueName): Queue {
    const q = this.queues.get(name);
    if (!q) throw new Error(`unknown queue ${name}`);
    return q;
  }

  allQueues(): Queue[] {
    return [...this.queues.values()];
  }

  /** Adds the job under its id (a second add of the same id is a no-op); only its priority is the caller's. */
  async enqueue<N extends JobName>(name: N, payload: JobPayloads[N], jobId: string, opts: Pick<JobsOptions, 'priority'> = {}) {
    return this.queue(JOB_QUEUE[name]).add(name, payload, { jobId, ...opts });
  }

  /** A job's state, 'missing' when the queue holds no job of that id, and why it failed if it did (the sweepers decide by it). */
  async jobState(name: QueueName, jobId: string): Promise<{ state: JobState | 'unknown' | 'missing'; failedReason?: string }> {
    const job = await this.queue(name).getJob(jobId);
    if (!job) return { state: 'missing' };
    return { state: await job.getState(), failedReason: job.failedReason };
  }

  /** Removes the job, so that its id can be added again; one that cannot be removed (locked by a worker) stays. */
  async removeJob(name: QueueName, jobId: string): Promise<void> {
    await this.queue(name)
      .remove(jobId)
      .catch(() => undefined);
  }

  /** Queue events, created on first use (one blocking connection per queue). */
  queueEvents(name: QueueName): QueueEvents {
    let ev = this.events.get(name);
    if (!ev) {
      const connection = this.connection.duplicate({ maxRetriesPerRequest: null, enableOfflineQueue: true });
      this.eventConnections.push(connection);
      ev = new QueueEvents(name, { connection, prefix: this.prefix });
      this.events.set(name, ev);
    }
    return ev;
  }

  async close(): Promise<void> {
    await Promise.all([...this.events.values()].map((e) => e.close()));
    for (const connection of this.eventConnections) connection.disconnect();
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }
}
