import { jobOptions } from './options';
import { QUEUES } from './names';

describe('jobOptions: every job retried and kept by one rule per queue', () => {
  const options = jobOptions({ GENERATION_RETRY_BASE_MS: 3000, MAIL_RETRY_BASE_MS: 700 });

  it('gives every queue retries and a backoff', () => {
    for (const name of Object.values(QUEUES)) {
      expect(options[name].attempts).toBeGreaterThanOrEqual(name === QUEUES.maintenance ? 1 : 2);
      expect(options[name].backoff).toBeDefined();
    }
  });

  it('takes the backoff of plans, regenerations, assessments and every e-mail from the settings', () => {
    expect(options[QUEUES.generation].backoff).toEqual({ type: 'exponential', delay: 3000 });
    expect(options[QUEUES.assessment].backoff).toEqual({ type: 'exponential', delay: 3000 });
    expect(options[QUEUES.mail].backoff).toEqual({ type: 'exponential', delay: 700 });
  });
});
