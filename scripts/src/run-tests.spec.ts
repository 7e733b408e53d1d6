import { plan } from './run-tests';

describe('npm test plan', () => {
  it('runs unit and integration, then e2e, each with two workers, passing extra arguments to both', () => {
    expect(plan(['libs/ai'])).toEqual([
      { name: 'unit-integration', args: ['--selectProjects', 'unit', 'web', 'integration', '--maxWorkers=2', 'libs/ai'] },
      { name: 'e2e', args: ['--selectProjects', 'e2e', '--maxWorkers=2', 'libs/ai'] },
    ]);
  });

  it('runs once when the caller picks the projects', () => {
    expect(plan(['--selectProjects', 'unit'])).toEqual([{ name: 'selected', args: ['--selectProjects', 'unit'] }]);
  });
});
