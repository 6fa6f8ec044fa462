import { FailureBuckets, type BucketRule } from './failure-buckets';

const TIMING = { blockMs: 1_000, maxBlockMs: 8_000, resetMs: 60_000 };
const PAIR: BucketRule = { key: 'digest|192.0.2.7|alice', free: 3 };
const ADDRESS: BucketRule = { key: 'address|192.0.2.7', free: 5 };
const RULES = [PAIR, ADDRESS];

describe('FailureBuckets', () => {
  it('should reserve no more checks at once than the free failures, then refuse and start the block', () => {
    const buckets = new FailureBuckets(TIMING, 100);
    expect([0, 1, 2].map(() => buckets.reserve(RULES, 0))).toEqual([0, 0, 0]);
    expect(buckets.reserve(RULES, 0)).toBe(1_000);
    expect(buckets.reserve(RULES, 500)).toBe(500);
  });

  it('should let a check start again when the one in flight succeeded', () => {
    const buckets = new FailureBuckets(TIMING, 100);
    expect(buckets.reserve(RULES, 0)).toBe(0);
    buckets.release([PAIR.key, ADDRESS.key]);
    for (let i = 0; i < 10; i++) {
      expect(buckets.reserve(RULES, 0)).toBe(0);
      buckets.release([PAIR.key, ADDRESS.key]);
    }
  });

  it('should check one answer at a time past the free failures, doubling the block with each failure', () => {
    const buckets = new FailureBuckets(TIMING, 100);
    for (let failures = 1; failures <= 3; failures++) {
      expect(buckets.reserve(RULES, 0)).toBe(0);
      buckets.learn(PAIR, failures, 0);
      buckets.release([PAIR.key, ADDRESS.key]);
    }
    // The free failures are spent and nothing is in flight: one more check, and only one. The answer
    // refused meanwhile would be the fifth failure: it blocks for what that failure would (2 s).
    expect(buckets.reserve(RULES, 0)).toBe(0);
    expect(buckets.reserve(RULES, 0)).toBe(2_000);
    buckets.learn(PAIR, 4, 0);
    buckets.release([PAIR.key, ADDRESS.key]);
    expect(buckets.waitFor(RULES, 0)).toBe(2_000);
    buckets.learn(PAIR, 5, 1_000);
    expect(buckets.waitFor(RULES, 1_000)).toBe(2_000);
    buckets.learn(PAIR, 9, 3_000);
    expect(buckets.waitFor(RULES, 3_000)).toBe(8_000);
  });

  it('should tell whether a learned failure was past the free failures when checks in flight already blocked the bucket', () => {
    const buckets = new FailureBuckets(TIMING, 100);
    expect([0, 1, 2].map(() => buckets.reserve(RULES, 0))).toEqual([0, 0, 0]);
    expect(buckets.reserve(RULES, 0)).toBe(1_000);
    expect([1, 2, 3].map((failures) => buckets.learn(PAIR, failures, 0))).toEqual([false, false, false]);
    expect(buckets.learn(PAIR, 4, 0)).toBe(true);
    expect(buckets.waitFor(RULES, 0)).toBe(1_000);
  });

  it('should admit one check past the free failures, no more, when the counts of checks in flight come back out of order', () => {
    const buckets = new FailureBuckets(TIMING, 100);
    expect([0, 1, 2].map(() => buckets.reserve(RULES, 0))).toEqual([0, 0, 0]);
    for (const failures of [3, 2, 1]) {
      buckets.learn(PAIR, failures, 0);
      buckets.release(RULES.map((rule) => rule.key));
    }
    expect(buckets.reserve(RULES, 0)).toBe(0);
    expect(buckets.reserve(RULES, 0)).toBeGreaterThan(0);
  });

  it('should start over once a bucket had no failure for the reset time', () => {
    const buckets = new FailureBuckets(TIMING, 100);
    buckets.learn(PAIR, 3, 0);
    expect(buckets.reserve(RULES, 60_000)).toBe(0);
    expect(buckets.reserve(RULES, 60_000)).toBe(0);
    expect(buckets.reserve(RULES, 60_000)).toBe(0);
    expect(buckets.reserve(RULES, 60_000)).toBe(1_000);
  });

  it('should forget a count on success but keep the checks in flight', () => {
    const buckets = new FailureBuckets(TIMING, 100);
    buckets.learn(PAIR, 2, 0);
    expect(buckets.reserve(RULES, 0)).toBe(0);
    expect(buckets.forget(PAIR.key)).toBe(true);
    expect(buckets.forget(PAIR.key)).toBe(false);
    expect(buckets.reserve(RULES, 0)).toBe(0);
    expect(buckets.reserve(RULES, 0)).toBe(0);
    expect(buckets.reserve(RULES, 0)).toBe(1_000);
  });

  it('should drop the least recently used bucket when full, and prune idle ones', () => {
    const buckets = new FailureBuckets(TIMING, 2);
    buckets.learn({ key: 'a', free: 1 }, 1, 0);
    buckets.learn({ key: 'b', free: 1 }, 1, 0);
    buckets.learn({ key: 'a', free: 1 }, 1, 0);
    buckets.learn({ key: 'c', free: 1 }, 1, 0);
    expect(buckets.forget('b')).toBe(false);
    expect(buckets.forget('a')).toBe(true);
    buckets.prune(60_000);
    expect(buckets.empty).toBe(true);
  });
});
