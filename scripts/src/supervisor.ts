import { fail, info, warn } from './log';
import { sleep } from './ports';
import { ManagedProcess } from './processes';
import { DEFAULT_RESTART, RestartPolicy, type RestartOptions } from './restart-policy';

/** A layer's member: a process, or the latest run of an app that is restarted when it crashes. */
interface Member {
  current: ManagedProcess;
}

const howItEnded = (exit: { code: number | null; signal: NodeJS.Signals | null }) => (exit.signal ? `sinal ${exit.signal}` : `código ${exit.code}`);
const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/**
 * Owns the launcher's long-running children. Stops them in layers (apps first, then Redis, then PostgreSQL) on
 * Ctrl-C. An app (api, worker) that crashes is started again after a wait that grows with its recent crashes, while
 * the others keep serving; only repeated crashes in a short time (RestartOptions: 5 in a minute) stop everything,
 * with a non-zero exit and the reason. PostgreSQL or Redis ending by itself stops everything at once.
 */
export class Supervisor {
  private readonly layers: Member[][] = [[], [], []];
  private shuttingDown: Promise<void> | undefined;

  constructor(
    private readonly restart: RestartOptions = DEFAULT_RESTART,
    /** Ends the launcher once all is stopped (tests pass their own). */
    private readonly exit: (code: number) => void = (code) => process.exit(code),
  ) {}

  get stopping(): boolean {
    return this.shuttingDown !== undefined;
  }

  /** layer 0 = infrastructure that stops last (postgres), 1 = redis, 2 = apps (stop first). Its end stops all. */
  add(process: ManagedProcess, layer: 0 | 1 | 2): void {
    this.layers[layer].push({ current: process });
    void process.exited.then((exit) => {
      if (this.stopping || process.stoppingOnPurpose) return;
      fail(`${process.name} terminou inesperadamente (${howItEnded(exit)}); parando tudo / ${process.name} exited, stopping everything`);
      void this.shutdown(1);
    });
  }

  /**
   * An app (layer 2) that `start` launches, and launches again each time it crashes (see the class). `ended` runs
   * after each run of it ends, crashed or stopped, before any restart (the worker's orphaned conversions go there).
   */
  keep(name: string, start: () => ManagedProcess, ended?: (process: ManagedProcess) => void): void {
    const policy = new RestartPolicy(this.restart);
    const member: Member = { current: start() };
    this.layers[2].push(member);
    const watch = (process: ManagedProcess) => {
      void process.exited.then(async (exit) => {
        ended?.(process);
        if (this.stopping || process.stoppingOnPurpose) return;
        const wait = policy.onCrash(Date.now());
        const window = seconds(this.restart.windowMs);
        if (wait === null) {
          fail(
            `${name} terminou inesperadamente (${howItEnded(exit)}) pela ${policy.recentCrashes}ª vez em ${window}; parando tudo. ` +
              `Veja as linhas [${name}] acima. / ${name} crashed ${policy.recentCrashes} times within ${window}, stopping everything`,
          );
          void this.shutdown(1);
          return;
        }
        warn(
          `${name} terminou inesperadamente (${howItEnded(exit)}); reiniciando em ${seconds(wait)} ` +
            `(${policy.recentCrashes} de ${this.restart.maxCrashes} quedas em ${window} param tudo) / ${name} crashed, restarting in ${seconds(wait)}`,
        );
        await sleep(wait);
        if (this.stopping) return;
        member.current = start();
        info(`${name} reiniciado / restarted`);
        watch(member.current);
      });
    };
    watch(member.current);
  }

  installSignalHandlers(): void {
    const onSignal = (signal: NodeJS.Signals) => {
      if (this.stopping) return; // npm forwards the same Ctrl-C again; the stop already under way has time-outs.
      console.log('');
      info(`${signal} recebido: parando... / stopping...`);
      void this.shutdown(0);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    process.on('SIGHUP', onSignal);
    // Whatever happens to the launcher, children in their own process groups must not outlive it.
    process.on('exit', () => {
      for (const layer of this.layers) for (const member of layer) member.current.signalNow();
    });
  }

  shutdown(code: number): Promise<void> {
    this.shuttingDown ??= this.stopAll().then(() => {
      info(code === 0 ? 'Tudo parado. Até logo! / All stopped.' : 'Parado com erro. / Stopped after an error.');
      this.exit(code);
    });
    return this.shuttingDown;
  }

  private async stopAll(): Promise<void> {
    for (const layer of [...this.layers].reverse()) {
      await Promise.all(layer.map(({ current }) => current.stop(current.name === 'postgres' ? 30_000 : 10_000)));
    }
  }
}
