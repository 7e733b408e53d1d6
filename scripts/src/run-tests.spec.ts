import { plan, TEST_WORKERS } from './run-tests';

describe('npm test plan', () => {
  it('runs every tier in one jest run on the shared workers, passing extra arguments', () => {
    expect(plan(['libs/ai'])).toEqual([{ name: 'all', args: [`--maxWorkers=${TEST_WORKERS}`, 'libs/ai'] }]);
  });

  it('runs once when the caller picks the projects', () => {
    expect(plan(['--selectProjects', 'unit'])).toEqual([{ name: 'selected', args: ['--selectProjects', 'unit'] }]);
  });
});
