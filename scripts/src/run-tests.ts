import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './paths';
import { addTallies, closingLine, suiteTimes, Tally, tallyRun, tierTimes } from './test-summary';

const JEST = join(repoRoot, 'node_modules/jest/bin/jest.js');

interface Invocation {
  name: string;
  args: string[];
}

/**
 * Jest workers of a whole run: most of a stack file's or an e2e file's time is waiting on the api, the worker and
 * Chromium (other processes), so four workers keep the 2 cores busy (bench/README.md, "Test suite").
 */
export const TEST_WORKERS = Number(process.env.TEST_WORKERS ?? 4);

/**
 * Every tier in one jest run (issue 35): unit, web, the integration tiers and e2e share the workers, the costliest
 * files first, so no tier waits for another to end. Each jest worker starts one api + worker per settings profile
 * and one Chromium, shared by its files (libs/testing/src/stack/pool.ts).
 */
export function plan(extraArgs: string[]): Invocation[] {
  if (extraArgs.some((arg) => arg === '--selectProjects' || arg.startsWith('--selectProjects='))) {
    return [{ name: 'selected', args: extraArgs }];
  }
  return [{ name: 'all', args: [`--maxWorkers=${TEST_WORKERS}`, ...extraArgs] }];
}

/** Stops what a test left running (servers, workers it spawned): everything in jest's process group. */
function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is already gone
  }
}

function runJest(invocation: Invocation): Promise<Tally> {
  const resultFile = join(tmpdir(), `planejador-jest-${process.pid}-${invocation.name}.json`);
  rmSync(resultFile, { force: true });
  // --forceExit: a handle left open by one test must not hang the whole run.
  const args = [JEST, '--json', `--outputFile=${resultFile}`, '--passWithNoTests', '--forceExit', ...invocation.args];
  const started = Date.now();
  return new Promise((resolve) => {
    // Its own process group, so processes that tests spawned and forgot can be stopped afterwards.
    const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: 'inherit', detached: true });
    const forward = (signal: NodeJS.Signals) => killGroup(child.pid, signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      killGroup(child.pid, 'SIGTERM');
      const tally = tallyRun(resultFile, code ?? (signal ? 1 : 0));
      process.stdout.write(`${suiteTimes(resultFile, repoRoot, Date.now() - started)}\n${tierTimes(resultFile, repoRoot)}\n`);
      rmSync(resultFile, { force: true });
      resolve(tally);
    });
    child.on('error', () => resolve({ passed: 0, failed: 1 }));
  });
}

/** The machine-checked boundaries and dead code (ESLint, package cycles, knip): each a check that passes or fails. */
const CHECKS: Invocation[] = [
  { name: 'eslint (boundaries, cycles, hooks, unused code)', args: [join(repoRoot, 'node_modules/eslint/bin/eslint.js'), '.'] },
  { name: 'package cycles (package.json dependencies)', args: [join(__dirname, 'package-cycles.js')] },
  { name: 'knip (unused files and dependencies)', args: [join(repoRoot, 'node_modules/knip/bin/knip.js'), '--no-progress'] },
];

function runCheck(check: Invocation): Promise<Tally> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, check.args, { cwd: repoRoot, stdio: 'inherit' });
    child.on('exit', (code) => {
      process.stdout.write(`[check] ${check.name}: ${code === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
      resolve(code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 });
    });
    child.on('error', () => resolve({ passed: 0, failed: 1 }));
  });
}

async function main(): Promise<void> {
  const tallies: Tally[] = [];
  const args = process.argv.slice(2);
  // A selected run (one project, a pattern) skips the repository-wide checks.
  if (!args.length) for (const check of CHECKS) tallies.push(await runCheck(check));
  for (const invocation of plan(args)) {
    tallies.push(await runJest(invocation));
  }
  const total = addTallies(tallies);
  writeFileSync(join(repoRoot, '.jest-results.json'), `${JSON.stringify({ runs: tallies, total }, null, 2)}\n`);
  // The last line, alone: CI reads it.
  process.stdout.write(`${closingLine(total)}\n`);
  process.exit(total.failed > 0 ? 1 : 0);
}

if (require.main === module) void main();
