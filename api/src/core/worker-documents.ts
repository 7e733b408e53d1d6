import { GatewayTimeoutException, HttpException, Inject, Injectable, InternalServerErrorException, Logger } from '@nestjs/common';
import type { ExportPlanResult } from '@planejador/contracts';
import type { Settings } from '@planejador/config';
import { JobProducer, QUEUES, type JobName, type JobPayloads } from '@planejador/queue';
import { ExportFilesRepository } from '@planejador/db';
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
 * Asks the worker's export queue for a document and waits for it with the export time-out; the api never renders
 * one. The worker stores the file in PostgreSQL and the job returns its id (the bytes never sit in Redis); the file
 * is taken (streamed once) and the job removed, so the next request renders again.
 */
@Injectable()
export class WorkerDocuments {
  private readonly logger = new Logger(WorkerDocuments.name);

  constructor(
    private readonly exportFiles: ExportFilesRepository,
    @Inject(JOB_PRODUCER) private readonly producer: JobProducer,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  async render<N extends JobName>(userId: string, name: N, payload: JobPayloads[N], jobId: string, request: DocumentRequest): Promise<WorkerDocument> {
    const queue = this.producer.queue(QUEUES.export);
    // A finished job's file is streamed once: any earlier job of this id (done or failed) goes first.
    await queue.remove(jobId).catch(() => undefined);
    const job = await this.producer.enqueue(name, payload, jobId);
    let result: ExportPlanResult | undefined;
    try {
      result = (await job.waitUntilFinished(this.producer.queueEvents(QUEUES.export), this.settings.EXPORT_TIMEOUT_MS)) as ExportPlanResult | undefined;
    } catch (err) {
      const message = (err as Error).message ?? '';
      this.logger.warn({ ...request.context, err: message }, 'document export failed');
      if (/timed out/i.test(message)) throw new GatewayTimeoutException({ message: DOCUMENT_TIMEOUT });
      throw request.onFailure?.(message) ?? new InternalServerErrorException({ message: request.failed });
    }
    await queue.remove(jobId).catch(() => undefined);
    const file = result?.fileId ? await this.exportFiles.takeExportFile(userId, result.fileId) : null;
    if (!file || file.content.length !== file.bytes || file.content.subarray(0, request.magic.length).toString('latin1') !== request.magic) {
      throw new InternalServerErrorException({ message: request.failed });
    }
    return { fileName: file.fileName, content: file.content };
  }
}
