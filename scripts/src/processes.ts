import { ChildProcess, spawn, SpawnOptions } from 'node:child_process';
import { createInterface } from 'node:readline';
import { processAlive } from '@planejador/config';
import { Colour, tag } from './log';
import { formatLogLine } from './log-format';
import { sleep } from './ports';

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A child process the launcher owns: it is stopped on purpose, in order, or its end is an error. */
export class ManagedProcess {
  readonly exited: Promise<Exit>;
  private stopping = false;

  constructor(
    readonly name: string,
    readonly child: ChildProcess,
    private readonly stopSignal: NodeJS.Signals,
  ) {
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => resolve({ code, signal }));
      child.once('error', () => resolve({ code: 1, signal: null }));
    });
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  get stoppingOnPurpose(): boolean {
    return this.stopping;
  }

  /** Asks the process to stop and waits; kills it when it does not stop in time. */
  async stop(timeoutMs = 10_000): Promise<Exit> {
    this.stopping = true;
    if (this.running) {
      this.child.kill(this.stopSignal);
      let timer: NodeJS.Timeout | undefined;
      const timedOut = await Promise.race([
        this.exited.then(() => false),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), timeoutMs))),
      ]);
      clearTimeout(timer);
      if (timedOut && this.running) this.child.kill('SIGKILL');
    }
    return this.exited;
  }

  /** Last-resort signal when the launcher itself exits (synchronous, no waiting). */
  signalNow(): void {
    this.stopping = true;
    if (this.running) this.child.kill(this.stopSignal);
  }
}

export interface LaunchOptions {
  env: NodeJS.ProcessEnv;
  cwd: string;
  colour: Colour;
  /** Signal that asks for a clean stop (postgres: SIGINT = fast shutdown). */
  stopSignal?: NodeJS.Signals;
  /** Own process group, so a terminal Ctrl-C reaches only the launcher, which then stops children in order. */
  detached?: boolean;
  uid?: number;
  gid?: number;
  /** Where output goes: prefixed on the console (default) or to a callback. */
  onLine?: (line: string) => void;
}

/** Spawns a command whose output lines are printed with a [name] prefix. */
export function launch(name: string, command: string, args: string[], options: LaunchOptions): ManagedProcess {
  const spawnOptions: SpawnOptions = {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? true,
  };
  if (options.uid !== undefined) spawnOptions.uid = options.uid;
  if (options.gid !== undefined) spawnOptions.gid = options.gid;
  const child = spawn(command, args, spawnOptions);
  const prefix = tag(name, options.colour);
  const onLine =
    options.onLine ??
    ((line: string) => {
      for (const part of formatLogLine(line).split('\n')) process.stdout.write(`${prefix} ${part}\n`);
    });
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream, crlfDelay: Infinity }).on('line', onLine);
  }
  return new ManagedProcess(name, child, options.stopSignal ?? 'SIGTERM');
}

/** Runs a command to its end with prefixed output; resolves with its exit code. */
export async function runToEnd(name: string, command: string, args: string[], options: LaunchOptions): Promise<number> {
  const managed = launch(name, command, args, { ...options, detached: false });
  const exit = await managed.exited;
  return exit.code ?? 1;
}

/** True when a process with this pid exists (also one of another user). */
export const isAlive = processAlive;

/** Sends a signal to a pid that is not our child and waits until it is gone. */
export async function stopPid(pid: number, signal: NodeJS.Signals, timeoutMs = 15_000): Promise<boolean> {
  try {
    process.kill(pid, signal);
  } catch {
    return !isAlive(pid);
  }
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await sleep(100);
  }
  return !isAlive(pid);
}
