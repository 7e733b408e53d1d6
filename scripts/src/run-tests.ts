import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './paths';
import { addTallies, closingLine, Tally, tallyRun } from './test-summary';

const JEST = join(repoRoot, 'node_modules/jest/bin/jest.js');

interface Invocation {
  name: string;
  args: string[];
}

/** unit + integration in parallel (2 workers: the machine has 2 cores), then e2e one file at a time. */
export function plan(extraArgs: string[]): Invocation[] {
  if (extraArgs.some((arg) => arg === '--selectProjects' || arg.startsWith('--selectProjects='))) {
    return [{ name: 'selected', args: extraArgs }];
  }
  return [
    { name: 'unit-integration', args: ['--selectProjects', 'unit', 'integration', '--maxWorkers=2', ...extraArgs] },
    { name: 'e2e', args: ['--selectProjects', 'e2e', '--runInBand', ...extraArgs] },
  ];
}

function runJest(invocation: Invocation): Promise<Tally> {
  const resultFile = join(tmpdir(), `planejador-jest-${process.pid}-${invocation.name}.json`);
  rmSync(resultFile, { force: true });
  const args = [JEST, '--json', `--outputFile=${resultFile}`, '--passWithNoTests', ...invocation.args];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: 'inherit' });
    child.on('exit', (code, signal) => {
      const tally = tallyRun(resultFile, code ?? (signal ? 1 : 0));
      rmSync(resultFile, { force: true });
      resolve(tally);
    });
    child.on('error', () => resolve({ passed: 0, failed: 1 }));
  });
}

async function main(): Promise<void> {
  const tallies: Tally[] = [];
  for (const invocation of plan(process.argv.slice(2))) {
    tallies.push(await runJest(invocation));
  }
  const total = addTallies(tallies);
  writeFileSync(join(repoRoot, '.jest-results.json'), `${JSON.stringify({ runs: tallies, total }, null, 2)}\n`);
  // The last line, alone: CI reads it.
  process.stdout.write(`${closingLine(total)}\n`);
  process.exit(total.failed > 0 ? 1 : 0);
}

if (require.main === module) void main();
