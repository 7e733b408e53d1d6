import CostliestFirst, { expectedMs } from './test-sequencer';
import { repoRoot } from './paths';
import { join } from 'node:path';

describe('the order of test files', () => {
  it('expects an e2e file to cost more than a stack file of the same size, and that more than a unit spec', () => {
    expect(expectedMs('web/e2e/plans.e2e-spec.ts', 10_000)).toBeGreaterThan(expectedMs('api/test/planos.int-spec.ts', 10_000));
    expect(expectedMs('api/test/planos.int-spec.ts', 10_000)).toBeGreaterThan(expectedMs('libs/ai/src/x.spec.ts', 10_000));
  });

  it('sorts the real files costliest first: an e2e file before an integration file before a unit spec', () => {
    const files = ['scripts/src/paths.ts', 'api/test/planos.int-spec.ts', 'web/e2e/plans.e2e-spec.ts', 'scripts/src/test-summary.spec.ts'];
    const sorted = new CostliestFirst().sort(files.map((file) => ({ path: join(repoRoot, file) }))).map((test) => test.path.slice(repoRoot.length + 1));
    expect(sorted.slice(0, 2)).toEqual(['web/e2e/plans.e2e-spec.ts', 'api/test/planos.int-spec.ts']);
  });
});
