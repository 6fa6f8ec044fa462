export interface BlockTiming {
  blockMs: number;
  maxBlockMs: number;
  resetMs: number;
}

// One bucket key and the failures it may have before its checks are spaced out.
export interface BucketRule {
  key: string;
  free: number;
}

interface Bucket {
  // Failures in the shared count, as this instance last learned it.
  failures: number;
  lastFailureAt: number;
  blockedUntil: number;
  // Checks reserved here whose outcome is not known yet.
  pending: number;
}

// This instance's view of the failure buckets. Deciding whether a check may start and reserving it is one
// synchronous step, so answers arriving together cannot all pass a test that none of them has counted in
// yet: a check is reserved before its answer is verified, and counted against the free failures while it
// is in flight. Past the free failures, checks go one at a time: one more while one is in flight is
// refused and starts the block that failure would. A count learned from the database may already hold a
// failure whose check is still in flight here: counted twice for a moment, on the safe side.
export class FailureBuckets {
  private readonly buckets = new Map<string, Bucket>();
  // The end of the latest block set in any bucket: before it, some caller may be refused.
  private blocksEndAt = 0;

  constructor(
    private readonly timing: BlockTiming,
    private readonly maxBuckets: number,
  ) {}

  get empty(): boolean {
    return this.buckets.size === 0;
  }

  // True while a block set in some bucket may still run at `now`; false when none can.
  blockingAt(now: number): boolean {
    return this.blocksEndAt > now;
  }

  // The milliseconds to wait before a check may start, 0 when it may start now (see reserve).
  waitFor(rules: readonly BucketRule[], now: number): number {
    let until = 0;
    for (const rule of rules) {
      const bucket = this.buckets.get(rule.key);
      if (bucket === undefined) continue;
      if (bucket.blockedUntil > now) {
        until = Math.max(until, bucket.blockedUntil);
        continue;
      }
      const spent = this.failuresOf(bucket, now) + bucket.pending;
      if (bucket.pending > 0 && spent >= rule.free) {
        bucket.blockedUntil = now + this.blockFor(spent + 1 - rule.free);
        this.blocksEndAt = Math.max(this.blocksEndAt, bucket.blockedUntil);
        until = Math.max(until, bucket.blockedUntil);
      }
    }
    return until > 0 ? until - now : 0;
  }

  // Reserves a check in every bucket and answers 0, or answers the milliseconds to wait and reserves none.
  reserve(rules: readonly BucketRule[], now: number): number {
    const wait = this.waitFor(rules, now);
    if (wait > 0) return wait;
    for (const rule of rules) this.touch(rule.key, now).pending++;
    return 0;
  }

  // The reserved check is over (success or failure already counted): it no longer holds a place.
  release(keys: readonly string[]): void {
    for (const key of keys) {
      const bucket = this.buckets.get(key);
      if (bucket !== undefined && bucket.pending > 0) bucket.pending--;
    }
  }

  // The shared count of a bucket after a failure: past the free failures, the block doubles with each.
  // True when that failure was past the free failures (it started or lengthened the block).
  learn(rule: BucketRule, failures: number, now: number): boolean {
    const bucket = this.touch(rule.key, now);
    // Counts of checks that ended together come back in any order: a smaller one than already known is
    // an earlier failure's, and taking it would free places the checks in flight still hold.
    bucket.failures = Math.max(failures, this.failuresOf(bucket, now));
    bucket.lastFailureAt = now;
    const over = failures - rule.free;
    if (over > 0) {
      bucket.blockedUntil = Math.max(bucket.blockedUntil, now + this.blockFor(over));
      this.blocksEndAt = Math.max(this.blocksEndAt, bucket.blockedUntil);
    }
    return over > 0;
  }

  // A success clears the bucket's count (not a block, nor the checks still in flight).
  forget(key: string): boolean {
    const bucket = this.buckets.get(key);
    if (bucket === undefined || bucket.failures === 0) return false;
    bucket.failures = 0;
    return true;
  }

  prune(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.pending === 0 && bucket.blockedUntil <= now && this.failuresOf(bucket, now) === 0) {
        this.buckets.delete(key);
      }
    }
  }

  private failuresOf(bucket: Bucket, now: number): number {
    return now - bucket.lastFailureAt >= this.timing.resetMs ? 0 : bucket.failures;
  }

  private blockFor(over: number): number {
    return Math.min(this.timing.maxBlockMs, this.timing.blockMs * 2 ** Math.min(over - 1, 40));
  }

  // Used buckets move to the end, so the ones a flood of new names pushes out are the least recently used.
  private touch(key: string, now: number): Bucket {
    let bucket = this.buckets.get(key);
    if (bucket !== undefined) {
      this.buckets.delete(key);
    } else {
      bucket = { failures: 0, lastFailureAt: now, blockedUntil: 0, pending: 0 };
      while (this.buckets.size >= this.maxBuckets) {
        this.buckets.delete(this.buckets.keys().next().value as string);
      }
    }
    this.buckets.set(key, bucket);
    return bucket;
  }
}
