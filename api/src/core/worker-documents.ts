import { GatewayTimeoutException, HttpException, Inject, Injectable, InternalServerErrorException, Logger, UnprocessableEntityException } from '@nestjs/common';
import { MSG, RENDER_LIMIT_REASON, type ExportPlanResult } from '@planejador/contracts';
import type { Settings } from '@planejador/config';
import { JobProducer, QUEUES, type JobName, type JobPayloads } from '@planejador/queue';
import { ExportFilesRepository } from '@planejador/db';
import { ExportSlots } from './export-slots';
import { JOB_PRODUCER, SETTINGS } from './tokens';

export const DOCUMENT_TIMEOUT = 'A exportação demorou mais que o esperado. Tente novamente em instantes.';

/** A document the worker rendered, ready to stream. */
export interface WorkerDocument {
  fileName: string;
  content: Buffer;
}

/** What a request for one document says besides its job. */
export interface DocumentRequest {
  /** The 500's message when the job fails or its file is missing or not what was asked for. */
  failed: string;
  /** Whether the file's first bytes are the expected kind ('PK' for .docx, '%PDF' for PDF). */
  magic: string;
  /** A job failure the caller answers in its own way (its reason -> the exception), else the 500 above. */
  onFailure?: (reason: string) => HttpException | null;
  /** Logged (never the file) when the job fails. */
  context: Record<string, unknown>;
}

/**
 * The one way the api asks for a document (a plan, an assessment, a hand-in): the worker's export queue renders it
 * and the api waits with the export time-out; the api never renders one. The worker stores the file in PostgreSQL
 * and the job returns its id (the bytes never sit in Redis); the file is taken (streamed once) and the job removed,
 * so the next request renders again. Every document holds the user's export slot (one export in flight per user)
 * until its job ends: when the api stops waiting first (504), the slot stays taken until the job is done, so a new
 * click cannot pile another render on one still running.
 */
@Injectable()
export class WorkerDocuments {
  private readonly logger = new Logger(WorkerDocuments.name);

  constructor(
    private readonly exportFiles: ExportFilesRepository,
    @Inject(JOB_PRODUCER) private readonly producer: JobProducer,
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly slots: ExportSlots,
  ) {}

  /** The document, made while holding the user's export slot (429 with MSG.exportInFlight while another is in flight). */
  async render<N extends JobName>(userId: string, name: N, payload: JobPayloads[N], jobId: string, request: DocumentRequest): Promise<WorkerDocument> {
    const slot = await this.slots.take(userId);
    // The job the api stopped waiting for, still running: the slot is freed when it ends (or at the slot's expiry).
    let running: Promise<unknown> | undefined;
    try {
      // Twice at most: a job still running for an earlier request of the same id is joined, and when that request
      // streamed the file first (or the sweeper removed it), the document is rendered once more.
      for (let round = 0; round < 2; round++) {
        const fileId = await this.run(name, payload, jobId, request, (ended) => (running = ended));
        const file = await this.exportFiles.takeExportFile(userId, fileId);
        await this.producer.removeJob(QUEUES.export, jobId);
        if (!file) continue;
        if (file.content.length !== file.bytes || file.content.subarray(0, request.magic.length).toString('latin1') !== request.magic) break;
        return { fileName: file.fileName, content: file.content };
      }
      throw new InternalServerErrorException({ message: request.failed });
    } finally {
      if (running) void running.finally(() => slot.release());
      else await slot.release();
    }
  }

  /**
   * Queues the job and waits for its file's id; an earlier job of this id that has ended (done or failed) goes first.
   * A render past its cap answers 422 with its Portuguese message; when the wait itself runs out (504), `stillRunning`
   * is told when the job will have ended.
   */
  private async run<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    jobId: string,
    request: DocumentRequest,
    stillRunning: (ended: Promise<unknown>) => void,
  ): Promise<string> {
    const { state } = await this.producer.jobState(QUEUES.export, jobId);
    if (state === 'completed' || state === 'failed') await this.producer.removeJob(QUEUES.export, jobId);
    const job = await this.producer.enqueue(name, payload, jobId);
    const events = this.producer.queueEvents(QUEUES.export);
    try {
      const result = (await job.waitUntilFinished(events, this.settings.EXPORT_TIMEOUT_MS)) as ExportPlanResult | undefined;
      if (!result?.fileId) throw new Error('export job returned no file');
      return result.fileId;
    } catch (err) {
      const message = (err as Error).message ?? '';
      this.logger.warn({ ...request.context, err: message }, 'document export failed');
      if (message.includes(RENDER_LIMIT_REASON)) throw new UnprocessableEntityException({ message: MSG.exportGrandeDemais });
      if (/timed out/i.test(message)) {
        stillRunning(job.waitUntilFinished(events, this.settings.EXPORT_TIMEOUT_MS + 10_000).catch(() => undefined));
        throw new GatewayTimeoutException({ message: DOCUMENT_TIMEOUT });
      }
      throw request.onFailure?.(message) ?? new InternalServerErrorException({ message: request.failed });
    }
  }
}
