import type { PlanDocument } from '@planejador/contracts';
import type { AssessmentDocument, HandinDocument } from '@planejador/documents';

/**
 * What the worker and its render child say to each other over the IPC channel (advanced serialization: dates and
 * bytes travel as they are). One request per child: the worker forks a child, sends the document, reads one reply,
 * and the child ends.
 */
export type RenderRequest = { kind: 'plan'; doc: PlanDocument } | { kind: 'assessment'; doc: AssessmentDocument } | { kind: 'handin'; doc: HandinDocument };

export type RenderReply = { ok: true; content: Uint8Array; peakRssMb: number } | { ok: false; error: string };

/** The render passed its memory cap or its time limit: that export fails with its Portuguese message, nothing else. */
export class RenderLimitError extends Error {
  constructor(readonly limit: 'memory' | 'time', detail: string) {
    super(detail);
  }
}

/** The render child died without answering (killed from outside): that export fails; the worker goes on. */
export class RenderCrashedError extends Error {}

/** How a render child ended without a reply, and whether it was the worker that killed it at the time limit. */
export interface ChildEnd {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The end of its stderr (V8 says "heap out of memory" there when it reaches the heap's cap). */
  stderr: string;
  timedOut: boolean;
  timeLimitMs: number;
  memoryMb: number;
}

/**
 * Why a child that sent no reply ended. V8 aborts (SIGABRT, or exit code 134 through a shell) when the heap reaches
 * --max-old-space-size; the time limit is the worker's own kill; anything else (kill -9 from outside, a crash) is a
 * child that died.
 */
export function childEndError(end: ChildEnd): RenderLimitError | RenderCrashedError {
  if (end.timedOut) return new RenderLimitError('time', `render passed its time limit of ${end.timeLimitMs} ms`);
  if (end.signal === 'SIGABRT' || end.code === 134 || /heap out of memory|Reached heap limit|Allocation failed/i.test(end.stderr)) {
    return new RenderLimitError('memory', `render passed its memory cap of ${end.memoryMb} MB`);
  }
  return new RenderCrashedError(`render child ended with ${end.signal ?? `code ${end.code}`} before answering`);
}

/** A reply as the bytes of the document (IPC gives a Uint8Array view; Buffer keeps it without a copy). */
export function replyContent(reply: Extract<RenderReply, { ok: true }>): Buffer {
  const { content } = reply;
  return Buffer.isBuffer(content) ? content : Buffer.from(content.buffer, content.byteOffset, content.byteLength);
}
