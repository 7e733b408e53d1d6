import { fail, info } from './log';
import { ManagedProcess } from './processes';

/**
 * Owns the launcher's long-running children. Stops them in layers (apps first, then Redis, then
 * PostgreSQL) on Ctrl-C, and stops everything with a non-zero exit when one of them ends by itself.
 */
export class Supervisor {
  private readonly layers: ManagedProcess[][] = [[], [], []];
  private shuttingDown: Promise<never> | undefined;

  get stopping(): boolean {
    return this.shuttingDown !== undefined;
  }

  /** layer 0 = infrastructure that stops last (postgres), 1 = redis, 2 = apps (stop first). */
  add(process: ManagedProcess, layer: 0 | 1 | 2): void {
    this.layers[layer].push(process);
    process.exited.then((exit) => {
      if (this.stopping || process.stoppingOnPurpose) return;
      const how = exit.signal ? `sinal ${exit.signal}` : `código ${exit.code}`;
      fail(`${process.name} terminou inesperadamente (${how}); parando tudo / ${process.name} exited, stopping everything`);
      void this.shutdown(1);
    });
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
      for (const layer of this.layers) for (const child of layer) child.signalNow();
    });
  }

  shutdown(code: number): Promise<never> {
    this.shuttingDown ??= this.stopAll().then(() => {
      info(code === 0 ? 'Tudo parado. Até logo! / All stopped.' : 'Parado com erro. / Stopped after an error.');
      process.exit(code);
    });
    return this.shuttingDown;
  }

  private async stopAll(): Promise<void> {
    for (const layer of [...this.layers].reverse()) {
      await Promise.all(layer.map((child) => child.stop(child.name === 'postgres' ? 30_000 : 10_000)));
    }
  }
}
