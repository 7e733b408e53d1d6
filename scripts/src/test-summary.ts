import { existsSync, readFileSync } from 'node:fs';

/** The parts of jest's --json result that the closing line needs. */
export interface JestJson {
  numPassedTests: number;
  numFailedTests: number;
  numRuntimeErrorTestSuites: number;
  success: boolean;
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
