import { RecentResult } from './recent-result';

describe('RecentResult', () => {
  it('computes once for callers within the period and again after it', async () => {
    let now = 0;
    let runs = 0;
    const recent = new RecentResult(
      () => Promise.resolve(++runs),
      1000,
      () => now,
    );

    expect(await Promise.all([recent.get(), recent.get(), recent.get()])).toEqual([1, 1, 1]);
    now = 999;
    expect(await recent.get()).toBe(1);
    now = 1000;
    expect(await recent.get()).toBe(2);
    expect(runs).toBe(2);
  });

  it('keeps no failure: the next caller computes again', async () => {
    let fail = true;
    const recent = new RecentResult(
      () => (fail ? Promise.reject(new Error('down')) : Promise.resolve('up')),
      1000,
      () => 0,
    );

    await expect(recent.get()).rejects.toThrow('down');
    fail = false;
    expect(await recent.get()).toBe('up');
  });
});
