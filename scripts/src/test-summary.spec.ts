import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addTallies, closingLine, suiteTimes, tallyRun, tierOf, tierTimes } from './test-summary';

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

  it('lists every suite with its time, slowest first, relative to the repository', () => {
    const file = resultFile('f.json', {
      testResults: [
        { name: '/repo/api/test/a.int-spec.ts', startTime: 1_000, endTime: 3_500, status: 'passed' },
        { name: '/repo/web/e2e/b.e2e-spec.ts', startTime: 1_000, endTime: 13_000, status: 'failed' },
      ],
    });
    expect(suiteTimes(file, '/repo', 14_000).split('\n')).toEqual([
      'suite times (2 suites, 14.0 s wall):',
      '   12.0 s  web/e2e/b.e2e-spec.ts  (failed)',
      '    2.5 s  api/test/a.int-spec.ts',
    ]);
    expect(suiteTimes(join(dir, 'missing.json'), '/repo', 0)).toBe('suite times (0 suites, 0.0 s wall):');
  });

  it('names each file\'s tier and prints each tier\'s wall and summed time', () => {
    expect(['libs/ai/src/a.spec.ts', 'web/src/x.test.tsx', 'libs/db/src/repositories/p.int-spec.ts', 'api/test/planos.int-spec.ts', 'api/src/planos/aulas.rules.int-spec.ts', 'api/test/assessment-faults.int-spec.ts', 'worker/test/faults.int-spec.ts', 'web/e2e/plans.e2e-spec.ts'].map(tierOf)).toEqual([
      'unit',
      'web',
      'rules',
      'stack',
      'rules',
      'own processes',
      'own processes',
      'e2e',
    ]);
    const file = resultFile('g.json', {
      testResults: [
        { name: '/repo/api/test/a.int-spec.ts', startTime: 1_000, endTime: 3_500, status: 'passed' },
        { name: '/repo/api/test/b.int-spec.ts', startTime: 2_000, endTime: 6_000, status: 'passed' },
        { name: '/repo/libs/x/src/c.spec.ts', startTime: 1_000, endTime: 1_200, status: 'passed' },
      ],
    });
    expect(tierTimes(file, '/repo').split('\n')).toEqual([
      'tier times:',
      '  unit             1 files     0.2 s wall      0.2 s summed',
      '  stack            2 files     5.0 s wall      6.5 s summed',
    ]);
  });
});
