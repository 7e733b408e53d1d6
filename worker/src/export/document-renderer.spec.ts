import { EventEmitter } from 'node:events';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import type { ChildProcess } from 'node:child_process';
import { UnrecoverableError } from 'bullmq';
import { RENDER_CRASHED_REASON, RENDER_LIMIT_REASON } from '@planejador/contracts';
import type { Settings } from '@planejador/config';
import { samplePlanDocument } from '@planejador/documents';
import { quietLogs } from '../../test/doubles';
import { DocumentRenderer, type StartRenderChild } from './document-renderer';
import { childEndError, RenderCrashedError, RenderLimitError, replyContent, type RenderReply, type RenderRequest } from './render-protocol';

quietLogs();

const SETTINGS = { RENDER_MEMORY_MB: 256, EXPORT_TIMEOUT_MS: 5000 } as Settings;
const REQUEST: RenderRequest = { kind: 'plan', doc: samplePlanDocument(1) };

/**
 * A render child as DocumentRenderer sees one: what it was sent and with which flags; the spec answers for it
 * (`reply`), ends it (`exit`) or writes to its stderr. `kill` records the signals the worker sent (never to a real pid).
 */
class ChildDouble extends EventEmitter {
  static nextPid = 4_000_000;
  readonly pid = ChildDouble.nextPid++;
  readonly stderr = new PassThrough();
  readonly sent: RenderRequest[] = [];
  constructor(readonly execArgv: string[]) {
    super();
  }
  send(message: RenderRequest, callback?: (err: Error | null) => void): boolean {
    this.sent.push(message);
    callback?.(null);
    return true;
  }
  reply(message: RenderReply): void {
    this.emit('message', message);
    this.exit(0, null);
  }
  exit(code: number | null, signal: NodeJS.Signals | null): void {
    this.emit('exit', code, signal);
  }
}

function setup(settings: Settings = SETTINGS) {
  const children: ChildDouble[] = [];
  const start: StartRenderChild = (execArgv) => {
    const child = new ChildDouble(execArgv);
    children.push(child);
    return child as unknown as ChildProcess;
  };
  const renderer = new DocumentRenderer(settings, start);
  renderer.onModuleInit();
  const started = async () => {
    while (!children.length) await new Promise((resolve) => setImmediate(resolve));
    return children[children.length - 1];
  };
  return { renderer, children, started };
}

describe('render protocol: why a child ended without its document', () => {
  const end = { code: null, signal: null, stderr: '', timedOut: false, timeLimitMs: 20000, memoryMb: 512 };

  it("V8's abort at the heap cap is the memory limit; the worker's kill at the deadline, the time limit", () => {
    expect(childEndError({ ...end, signal: 'SIGABRT' })).toEqual(new RenderLimitError('memory', 'render passed its memory cap of 512 MB'));
    expect(childEndError({ ...end, code: 134 })).toBeInstanceOf(RenderLimitError);
    expect(childEndError({ ...end, code: 1, stderr: 'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory' })).toMatchObject({ limit: 'memory' });
    expect(childEndError({ ...end, signal: 'SIGKILL', timedOut: true })).toMatchObject({ limit: 'time', message: 'render passed its time limit of 20000 ms' });
  });

  it('any other end (kill -9 from outside, a crash) is a child that died', () => {
    expect(childEndError({ ...end, signal: 'SIGKILL' })).toEqual(new RenderCrashedError('render child ended with SIGKILL before answering'));
    expect(childEndError({ ...end, code: 1 })).toBeInstanceOf(RenderCrashedError);
  });

  it("a reply's bytes come back as a Buffer over the same memory", () => {
    const bytes = new Uint8Array([0x50, 0x4b, 3, 4]);
    const content = replyContent({ ok: true, content: bytes, peakRssMb: 80 });
    expect(Buffer.isBuffer(content)).toBe(true);
    expect(content.subarray(0, 2).toString()).toBe('PK');
    expect(content.buffer).toBe(bytes.buffer);
  });
});

describe('DocumentRenderer (each document in a child process with a heap cap and a time limit)', () => {
  afterEach(() => jest.useRealTimers());

  it('sends the request to a child started with the heap cap, and answers its document; the child is marked for the launcher while it runs', async () => {
    const { renderer, started } = setup();
    const rendering = renderer.render(REQUEST);
    const child = await started();
    expect(child.execArgv).toEqual(['--max-old-space-size=256']);
    expect(child.sent).toEqual([REQUEST]);
    expect(readdirSync(renderer.folder)).toContain(`group-${child.pid}`);
    child.reply({ ok: true, content: Buffer.from('PK fake docx'), peakRssMb: 90 });
    expect((await rendering).toString()).toBe('PK fake docx');
    expect(readdirSync(renderer.folder)).not.toContain(`group-${child.pid}`);
  });

  it('a child past its heap cap fails that export for good with the render-limit reason', async () => {
    const { renderer, started } = setup();
    const rendering = renderer.render(REQUEST);
    (await started()).exit(null, 'SIGABRT');
    await expect(rendering).rejects.toEqual(new UnrecoverableError(`${RENDER_LIMIT_REASON}: render passed its memory cap of 256 MB`));
  });

  it('a child past the deadline is killed as a group and fails that export for good with the render-limit reason', async () => {
    jest.useFakeTimers();
    const kill = jest.spyOn(process, 'kill').mockImplementation(() => true);
    try {
      const { renderer, started } = setup();
      const rendering = renderer.render(REQUEST, Date.now() + 1000);
      const child = await started();
      jest.advanceTimersByTime(999);
      // Signals sent, not liveness probes (kill(pid, 0)) that other code of this test process may make meanwhile.
      expect(kill.mock.calls.filter(([, signal]) => signal !== 0)).toEqual([]);
      jest.advanceTimersByTime(1);
      expect(kill).toHaveBeenCalledWith(-child.pid, 'SIGKILL');
      child.exit(null, 'SIGKILL');
      await expect(rendering).rejects.toEqual(new UnrecoverableError(`${RENDER_LIMIT_REASON}: render passed its time limit of 1000 ms`));
    } finally {
      kill.mockRestore();
    }
  });

  it('a child killed from outside fails that export for good with the render-crashed reason; the next render has a child of its own', async () => {
    const { renderer, started, children } = setup();
    const first = renderer.render(REQUEST);
    (await started()).exit(null, 'SIGKILL');
    await expect(first).rejects.toEqual(new UnrecoverableError(`${RENDER_CRASHED_REASON}: render child ended with SIGKILL before answering`));

    const second = renderer.render(REQUEST);
    while (children.length < 2) await new Promise((resolve) => setImmediate(resolve));
    children[1].reply({ ok: true, content: Buffer.from('PK'), peakRssMb: 90 });
    expect((await second).toString()).toBe('PK');
  });

  it("a render that threw in the child is an ordinary failure (left to the job's retry)", async () => {
    const { renderer, started } = setup();
    const rendering = renderer.render(REQUEST);
    (await started()).reply({ ok: false, error: 'bad table' });
    const err = await rendering.catch((e: unknown) => e);
    expect(err).toEqual(new Error('render failed: bad table'));
    expect(err).not.toBeInstanceOf(UnrecoverableError);
  });

  it('the deadline is RENDER_TIMEOUT_MS from now, else 80% of the api wait for an export', () => {
    const now = Date.now();
    expect(setup().renderer.deadline() - now).toBeGreaterThanOrEqual(4000);
    expect(setup().renderer.deadline() - now).toBeLessThan(4100);
    expect(setup({ ...SETTINGS, RENDER_TIMEOUT_MS: 1500 }).renderer.deadline() - now).toBeLessThan(1600);
  });

  it("removes its folder at shutdown (another worker's stays)", () => {
    const { renderer } = setup();
    const folder = renderer.folder;
    renderer.onApplicationShutdown();
    expect(existsSync(folder)).toBe(false);
    rmSync(folder, { recursive: true, force: true });
  });
});
