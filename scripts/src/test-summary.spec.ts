import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addTallies, closingLine, tallyRun } from './test-summary';

const dir = mkdtempSync(join(tmpdir(), 'planejador-summary-'));
function resultFile(name: string, json: object): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(json));
  return file;
}

describe('the closing test line', () => {
  it('sums passed and failed tests over both jest runs', () => {
    const first = tallyRun(resultFile('a.json', { numPassedTests: 40, numFailedTests: 2, numRuntimeErrorTestSuites: 0, success: false }), 1);
    const second = tallyRun(resultFile('b.json', { numPassedTests: 5, numFailedTests: 0, numRuntimeErrorTestSuites: 0, success: true }), 0);
    expect(closingLine(addTallies([first, second]))).toBe('45 passed, 2 failed');
  });

  it('counts a suite that failed to run as failed', () => {
    const tally = tallyRun(resultFile('c.json', { numPassedTests: 3, numFailedTests: 0, numRuntimeErrorTestSuites: 2, success: false }), 1);
    expect(tally).toEqual({ passed: 3, failed: 2 });
  });

  it('never reports 0 failed for a run that broke without a result', () => {
    expect(tallyRun(join(dir, 'missing.json'), 1)).toEqual({ passed: 0, failed: 1 });
    const silentFailure = tallyRun(resultFile('d.json', { numPassedTests: 7, numFailedTests: 0, numRuntimeErrorTestSuites: 0, success: false }), 1);
    expect(silentFailure).toEqual({ passed: 7, failed: 1 });
  });

  it('reports an empty run as 0 passed, 0 failed', () => {
    const empty = tallyRun(resultFile('e.json', { numPassedTests: 0, numFailedTests: 0, numRuntimeErrorTestSuites: 0, success: true }), 0);
    expect(closingLine(empty)).toBe('0 passed, 0 failed');
  });
});
