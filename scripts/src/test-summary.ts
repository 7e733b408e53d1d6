import { existsSync, readFileSync } from 'node:fs';

/** The parts of jest's --json result that the closing line needs. */
export interface JestJson {
  numPassedTests: number;
  numFailedTests: number;
  numRuntimeErrorTestSuites: number;
  success: boolean;
}

/** A suite's file and its start and end (jest's --json testResults). */
interface SuiteResult {
  name: string;
  startTime: number;
  endTime: number;
  status: string;
}

export interface Tally {
  passed: number;
  failed: number;
}

/**
 * Counts one jest invocation: passed and failed tests, plus suites that failed to run. A run that
 * failed without saying why (no result file, global set-up error) counts as one failure, so a broken
 * run can never print "0 failed".
 */
export function tallyRun(resultFile: string, exitCode: number): Tally {
  if (!existsSync(resultFile)) return { passed: 0, failed: 1 };
  let json: JestJson;
  try {
    json = JSON.parse(readFileSync(resultFile, 'utf8')) as JestJson;
  } catch {
    return { passed: 0, failed: 1 };
  }
  const failed = json.numFailedTests + json.numRuntimeErrorTestSuites;
  if (failed === 0 && (exitCode !== 0 || !json.success)) return { passed: json.numPassedTests, failed: 1 };
  return { passed: json.numPassedTests, failed };
}

export function addTallies(tallies: Tally[]): Tally {
  return tallies.reduce((sum, t) => ({ passed: sum.passed + t.passed, failed: sum.failed + t.failed }), { passed: 0, failed: 0 });
}

export function closingLine(tally: Tally): string {
  return `${tally.passed} passed, ${tally.failed} failed`;
}

/**
 * Every suite of one jest run with its time, slowest first, and the run's wall time: printed after each run so that
 * a slow suite shows (issue 18: the whole `npm test` under 10 minutes on a 2-core machine).
 */
export function suiteTimes(resultFile: string, root: string, wallMs: number): string {
  let suites: SuiteResult[] = [];
  try {
    suites = (JSON.parse(readFileSync(resultFile, 'utf8')) as { testResults?: SuiteResult[] }).testResults ?? [];
  } catch {
    // no result: nothing to list
  }
  const rows = suites
    .map((suite) => ({ file: suite.name.startsWith(root) ? suite.name.slice(root.length + 1) : suite.name, ms: suite.endTime - suite.startTime, failed: suite.status !== 'passed' }))
    .sort((a, b) => b.ms - a.ms);
  const lines = rows.map((row) => `${(row.ms / 1000).toFixed(1).padStart(7)} s  ${row.file}${row.failed ? '  (failed)' : ''}`);
  return [`suite times (${rows.length} suites, ${(wallMs / 1000).toFixed(1)} s wall):`, ...lines].join('\n');
}

/**
 * The tier of a test file (issue 35): unit (services on faked repositories), web (the web's logic in jsdom), rules
 * (libs' queries and documents, and the apps' services as `*.rules.int-spec.ts`, on real PostgreSQL, no process), stack (the api and worker shared per jest worker),
 * own processes (files that kill, restart or start processes of their own) and e2e (Chromium on the shared stacks).
 */
export function tierOf(file: string): string {
  if (file.startsWith('web/e2e/')) return 'e2e';
  if (file.startsWith('web/src/')) return 'web';
  if (!file.endsWith('.int-spec.ts')) return 'unit';
  if (file.startsWith('libs/') || file.endsWith('.rules.int-spec.ts')) return 'rules';
  if (file.startsWith('api/test/') && !/(faults|cluster|revocation)\.int-spec\.ts$/.test(file)) return 'stack';
  return 'own processes';
}

const TIER_ORDER = ['unit', 'web', 'rules', 'stack', 'own processes', 'e2e'];

/**
 * Each tier's time in one jest run: its wall time (its first file's start to its last file's end; tiers run side by
 * side, so these overlap) and the sum of its files' times, with its file count.
 */
export function tierTimes(resultFile: string, root: string): string {
  let suites: SuiteResult[] = [];
  try {
    suites = (JSON.parse(readFileSync(resultFile, 'utf8')) as { testResults?: SuiteResult[] }).testResults ?? [];
  } catch {
    // no result: no tier
  }
  const tiers = new Map<string, { files: number; start: number; end: number; sum: number }>();
  for (const suite of suites) {
    const tier = tierOf(suite.name.startsWith(root) ? suite.name.slice(root.length + 1) : suite.name);
    const t = tiers.get(tier) ?? { files: 0, start: Infinity, end: 0, sum: 0 };
    t.files += 1;
    t.start = Math.min(t.start, suite.startTime);
    t.end = Math.max(t.end, suite.endTime);
    t.sum += suite.endTime - suite.startTime;
    tiers.set(tier, t);
  }
  const rows = TIER_ORDER.filter((tier) => tiers.has(tier)).map((tier) => {
    const t = tiers.get(tier)!;
    const wall = ((t.end - t.start) / 1000).toFixed(1);
    return `  ${tier.padEnd(14)} ${String(t.files).padStart(3)} files  ${wall.padStart(6)} s wall  ${(t.sum / 1000).toFixed(1).padStart(7)} s summed`;
  });
  return ['tier times:', ...rows].join('\n');
}
