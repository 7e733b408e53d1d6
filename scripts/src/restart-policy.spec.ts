import { RestartPolicy } from './restart-policy';

describe('RestartPolicy', () => {
  const options = { maxCrashes: 5, windowMs: 60_000, baseDelayMs: 1000, maxDelayMs: 30_000 };

  it('waits longer after each crash and gives up at the 5th within a minute', () => {
    const policy = new RestartPolicy(options);
    expect([0, 5_000, 10_000, 20_000].map((t) => policy.onCrash(t))).toEqual([1000, 2000, 4000, 8000]);
    expect(policy.onCrash(40_000)).toBeNull();
    expect(policy.recentCrashes).toBe(5);
  });

  it('forgets crashes older than the window: occasional crashes are restarted for ever, with the first wait', () => {
    const policy = new RestartPolicy(options);
    for (let i = 0; i < 20; i++) expect(policy.onCrash(i * 61_000)).toBe(1000);
    // Four crashes within a second, then one 60.5 s after the first: that one is forgotten, the window holds 4, the wait is 8 s.
    const burst = new RestartPolicy(options);
    expect([0, 1_000, 2_000, 3_000, 60_500].map((t) => burst.onCrash(t))).toEqual([1000, 2000, 4000, 8000, 8000]);
  });

  it('never waits more than maxDelayMs', () => {
    const policy = new RestartPolicy({ ...options, maxCrashes: 100, baseDelayMs: 10_000 });
    expect([0, 1, 2, 3, 4].map((t) => policy.onCrash(t))).toEqual([10_000, 20_000, 30_000, 30_000, 30_000]);
  });
});
