import { Inject, Injectable, Logger, Optional, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { fork, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { UnrecoverableError } from 'bullmq';
import { RENDER_CRASHED_REASON, RENDER_LIMIT_REASON } from '@planejador/contracts';
import { ensureConversionFolder, forgetGroup, killGroup, recordGroup, removeFoldersOfGoneOwners, renderTimeoutMs, type Settings } from '@planejador/config';
import { SETTINGS } from '../core/tokens';
import { childEndError, RenderCrashedError, RenderLimitError, replyContent, type RenderReply, type RenderRequest } from './render-protocol';

/** Starts one render child with these V8 flags (the real one forks render-child.js; unit specs pass a double). */
export type StartRenderChild = (execArgv: string[]) => ChildProcess;
export const START_RENDER_CHILD = 'START_RENDER_CHILD';

const forkRenderChild: StartRenderChild = (execArgv) =>
  // Detached: a group of its own, which the worker (at its time limit) and the launcher (for a dead worker) kill whole.
  fork(join(__dirname, 'render-child.js'), [], { execArgv, serialization: 'advanced', stdio: ['ignore', 'ignore', 'pipe', 'ipc'], detached: true });

/** The job's failure for a render that passed a limit or whose child died (the api answers each in Portuguese). */
export function renderFailure(err: unknown): unknown {
  if (err instanceof RenderLimitError) return new UnrecoverableError(`${RENDER_LIMIT_REASON}: ${err.message}`);
  if (err instanceof RenderCrashedError) return new UnrecoverableError(`${RENDER_CRASHED_REASON}: ${err.message}`);
  return err;
}

/**
 * Renders documents (.docx of a plan, an assessment, a hand-in) in child processes, apart from the event loop that
 * runs generation: each render gets a child of its own with a heap cap (RENDER_MEMORY_MB) and a time limit
 * (RENDER_TIMEOUT_MS, below the api's wait). A render past either fails that export alone with RENDER_LIMIT_REASON;
 * a child killed from outside fails it with RENDER_CRASHED_REASON; the worker goes on either way. Also owns this
 * worker process's conversion folder (where LibreOffice works and each running child is marked for the launcher).
 */
@Injectable()
export class DocumentRenderer implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(DocumentRenderer.name);
  private folderPath: string | undefined;

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    @Optional() @Inject(START_RENDER_CHILD) private readonly startChild: StartRenderChild = forkRenderChild,
  ) {}

  /** At start: the folders of worker processes that are gone are removed (never another live worker's). */
  onModuleInit(): void {
    const removed = removeFoldersOfGoneOwners();
    if (removed) this.logger.log({ removed }, 'conversion folders of ended workers removed');
    this.folderPath = ensureConversionFolder();
  }

  onApplicationShutdown(): void {
    if (this.folderPath) rmSync(this.folderPath, { recursive: true, force: true });
  }

  /** This worker process's conversion folder. */
  get folder(): string {
    return (this.folderPath ??= ensureConversionFolder());
  }

  /** When a render starting now must be done by (the .docx and any PDF conversion after it). */
  deadline(): number {
    return Date.now() + renderTimeoutMs(this.settings);
  }

  /** The document's .docx, rendered in a child by `deadline`; a limit passed or a child killed fails the job for good. */
  async render(request: RenderRequest, deadline = this.deadline()): Promise<Buffer> {
    try {
      return await this.inChild(request, deadline);
    } catch (err) {
      throw renderFailure(err);
    }
  }

  private inChild(request: RenderRequest, deadline: number): Promise<Buffer> {
    const memoryMb = this.settings.RENDER_MEMORY_MB;
    const timeLimitMs = Math.max(1, deadline - Date.now());
    const child = this.startChild([`--max-old-space-size=${memoryMb}`]);
    const pid = child.pid;
    if (pid) recordGroup(this.folder, pid);
    return new Promise<Buffer>((resolve, reject) => {
      let settled = false;
      let timedOut = false;
      let stderr = '';
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        outcome();
      };
      const timer = setTimeout(() => {
        timedOut = true;
        killGroup(pid);
      }, timeLimitMs);
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString()).slice(-2000);
      });
      child.once('message', (reply: RenderReply) => {
        if (reply.ok) {
          this.logger.log({ kind: request.kind, peakRssMb: reply.peakRssMb, bytes: reply.content.byteLength }, 'document rendered');
          finish(() => resolve(replyContent(reply)));
        } else {
          finish(() => reject(new Error(`render failed: ${reply.error}`)));
        }
      });
      child.once('error', (err) => finish(() => reject(err)));
      child.once('exit', (code, signal) => {
        if (pid) forgetGroup(this.folder, pid);
        const error = childEndError({ code, signal, stderr, timedOut, timeLimitMs, memoryMb });
        if (!settled) this.logger.warn({ kind: request.kind, code, signal, err: error.message }, 'render child ended without its document');
        finish(() => reject(error));
      });
      child.send(request, (err) => {
        if (err) finish(() => reject(new RenderCrashedError(`render child took no request: ${err.message}`)));
      });
    });
  }
}
