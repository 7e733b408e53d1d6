import { readFileSync } from 'node:fs';
import { conversionRoot, endOrphanedConversions } from '@planejador/config';
import { isAlive, launch } from './processes';
import { Supervisor } from './supervisor';
import { repoRoot } from './paths';

/** Whether a pid is a process still running (a zombie awaiting its reaper has ended). */
function running(pid: number): boolean {
  if (!isAlive(pid)) return false;
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

/** Real child processes (node -e), the launcher's own Supervisor; only its waits are short and its exit is caught. */
describe('Supervisor.keep', () => {
  const restart = { maxCrashes: 3, windowMs: 60_000, baseDelayMs: 20, maxDelayMs: 100 };
  const lines: string[] = [];
  const node = (name: string, code: string) => () =>
    launch(name, process.execPath, ['-e', code], { env: process.env, cwd: repoRoot, colour: 'grey', onLine: (line) => lines.push(line) });
  let output: jest.SpyInstance[] = [];
  beforeEach(() => {
    lines.length = 0;
    output = [jest.spyOn(console, 'log').mockImplementation(() => undefined), jest.spyOn(console, 'warn').mockImplementation(() => undefined), jest.spyOn(console, 'error').mockImplementation(() => undefined)];
  });
  afterEach(() => output.forEach((spy) => spy.mockRestore()));
  const said = (spy: jest.SpyInstance) => spy.mock.calls.map((args) => String(args[0])).join('\n');

  it('restarts a crashed app with growing waits while the other keeps running, and stops all, saying why, at the 3rd crash in the window', async () => {
    let exitCode: number | undefined;
    const stopped = new Promise<void>((resolve) => {
      const supervisor = new Supervisor(restart, (code) => {
        exitCode = code;
        resolve();
      });
      supervisor.keep('crashy', node('crashy', 'console.log("run"); process.exit(3)'));
      supervisor.keep('steady', node('steady', 'console.log("steady"); setInterval(() => undefined, 1000)'));
    });
    await stopped;
    expect(exitCode).toBe(1);
    // Started three times: twice restarted, the third crash stops everything (the steady app too).
    expect(lines.filter((l) => l === 'run')).toHaveLength(3);
    expect(lines.filter((l) => l === 'steady')).toHaveLength(1);
    expect(said(output[1])).toMatch(/crashy terminou inesperadamente \(código 3\); reiniciando em 0 s[\s\S]*reiniciando em 0 s/);
    expect(said(output[2])).toContain('crashy terminou inesperadamente (código 3) pela 3ª vez em 60 s; parando tudo');
  }, 20_000);

  it("ends the orphaned conversions of a worker killed with -9 (its marked process groups) before restarting it", async () => {
    // Each run starts a stand-in conversion in a group of its own, marks it in its folder, and dies by SIGKILL.
    const worker = `const { spawn } = require('node:child_process'); const fs = require('node:fs'); const path = require('node:path');
      const folder = path.join(${JSON.stringify(conversionRoot())}, String(process.pid)); fs.mkdirSync(folder, { recursive: true });
      const soffice = spawn('sleep', ['60'], { detached: true, stdio: 'ignore' }); fs.writeFileSync(path.join(folder, 'group-' + soffice.pid), '');
      console.log('conversion ' + soffice.pid); process.kill(process.pid, 'SIGKILL');`;
    const endedRuns: number[] = [];
    await new Promise<void>((resolve) => {
      const supervisor = new Supervisor(restart, () => resolve());
      supervisor.keep('worker', node('worker', worker), (run) => {
        endedRuns.push(run.child.pid!);
        endOrphanedConversions(run.child.pid!);
      });
    });
    const conversions = lines.filter((l) => l.startsWith('conversion ')).map((l) => Number(l.slice('conversion '.length)));
    expect(conversions).toHaveLength(3);
    expect(endedRuns).toHaveLength(3);
    // SIGKILL is sent at once; the kernel takes a moment to end (and init to reap) each one.
    const deadline = Date.now() + 5000;
    while (conversions.some(running) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(conversions.filter(running)).toEqual([]);
    expect(said(output[1])).toContain('worker terminou inesperadamente (sinal SIGKILL); reiniciando');
  }, 20_000);
});
