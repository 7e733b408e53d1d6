import { DeltaThrottle } from './delta-throttle';

describe('DeltaThrottle', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('sends the first value at once, then at most one per interval with the latest value, and nothing after stop', () => {
    const sent: number[] = [];
    const throttle = new DeltaThrottle<number>((v) => sent.push(v), 100, () => Date.now());
    throttle.push(1);
    throttle.push(2);
    throttle.push(3);
    expect(sent).toEqual([1]);
    jest.advanceTimersByTime(100);
    expect(sent).toEqual([1, 3]);
    for (let i = 4; i < 24; i++) {
      throttle.push(i);
      jest.advanceTimersByTime(10);
    }
    // 200 ms of pushes every 10 ms: two more sends, each the latest value at its time.
    expect(sent.length).toBeLessThanOrEqual(4);
    throttle.push(99);
    throttle.stop();
    jest.advanceTimersByTime(1000);
    expect(sent).not.toContain(99);
  });
});
