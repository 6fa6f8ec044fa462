import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../clock/clock';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { ApiError } from '../../http/api-error';
import { CommonErrors } from '../../http/error-codes';
import { parseCidr } from '../../net/cidr';
import { AuthFailuresStore } from './auth-failures.store';
import { FailureBuckets, type BucketRule } from './failure-buckets';

// Who failed: `scope` separates credential spaces (Digest user names, a project's Prometheus user).
export interface FailureSubject {
  scope: string;
  name: string;
  address: string;
}

const PRUNE_INTERVAL_MS = 60_000;
// Cap on what an attacker with many names or addresses can make one instance remember.
const MAX_BUCKETS = 200_000;
// Names are the caller's choice: long ones are hashed rather than stored as they came.
const MAX_NAME_IN_KEY = 200;

// One IPv4 address, or one IPv6 /64: a single IPv6 host usually holds a whole /64, and would otherwise
// get fresh buckets from every address in it.
export function clientOf(address: string): string {
  const cidr = parseCidr(address);
  if (!cidr) return address;
  return cidr.family === 'ipv4' ? cidr.network : (parseCidr(`${cidr.network}/64`)?.text ?? cidr.network);
}

// Throttles password guessing. Failed verifications are counted in Postgres per (name, address) and per
// address, so every instance on the database counts the same failures; past a bucket's free failures,
// each further one blocks it for twice as long as the one before (capped). A stranger elsewhere cannot
// lock the owner out: the owner's own (name, address) and address buckets stay clear.
// A check is reserved before the answer is verified (reserve, then recordFailure or release), in this
// instance's memory and in one synchronous step, so answers sent together get no more checks than the
// free failures: the ones past them wait for the block. The success path costs nothing: with nothing
// failing or in flight here, no bucket key is even worked out. Across instances, each reserves against
// the shared count as it last learned it: answers spread over N instances at once get at most N times the
// free failures checked, and every instance blocks at its next failure once the shared count is past them.
@Injectable()
export class AuthFailureThrottle implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('AuthFailureThrottle');
  private readonly buckets: FailureBuckets;
  private pruneTimer: NodeJS.Timeout | undefined;
  private readonly store: AuthFailuresStore;

  constructor(
    dataSource: DataSource,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.store = new AuthFailuresStore(dataSource);
    this.buckets = new FailureBuckets(
      {
        blockMs: config.authFailureBlockMs,
        maxBlockMs: config.authFailureMaxBlockMs,
        resetMs: config.authFailureResetMs,
      },
      MAX_BUCKETS,
    );
  }

  onModuleInit(): void {
    this.pruneTimer = setInterval(() => {
      this.prune(this.clock.now().getTime()).catch((error: unknown) => {
        this.logger.warn({ msg: 'failed-authentication pruning failed', err: String(error) });
      });
    }, PRUNE_INTERVAL_MS);
    this.pruneTimer.unref();
  }

  onApplicationShutdown(): void {
    if (this.pruneTimer) clearInterval(this.pruneTimer);
  }

  // False when nobody is blocked here at `now`: then retryAfterSeconds may still refuse an answer that
  // arrives while the free failures are in flight, but nothing refused from a known block alone.
  blockingAt(now: number): boolean {
    return this.buckets.blockingAt(now);
  }

  // Seconds the subject must wait before its credentials are checked again; 0 when it may try now. A check
  // admitted here must be reserved in the same synchronous step, before anything else is awaited.
  retryAfterSeconds(subject: FailureSubject, now: number): number {
    if (this.buckets.empty) return 0;
    return seconds(this.buckets.waitFor(this.rulesOf(subject), now));
  }

  // 0: a check is reserved for the subject, to be ended by recordFailure or release. Otherwise the seconds
  // to wait, and nothing is reserved.
  reserve(subject: FailureSubject, now: number): number {
    return seconds(this.buckets.reserve(this.rulesOf(subject), now));
  }

  // A reserved check that succeeded.
  release(subject: FailureSubject): void {
    this.buckets.release(this.rulesOf(subject).map((rule) => rule.key));
  }

  // Counts the failure of a reserved check and ends it; returns the seconds to wait when this failure was
  // past a bucket's free failures (it started or lengthened the block), else 0. A failure within the free
  // ones is answered as the wrong answer it is (401) even if answers refused while it was in flight have
  // blocked the bucket meanwhile: within the free failures, a checked answer is never told to wait.
  async recordFailure(subject: FailureSubject, now: number): Promise<number> {
    const rules = this.rulesOf(subject);
    const keys = rules.map((rule) => rule.key);
    let past = false;
    try {
      const rows = await this.store.record(
        keys,
        new Date(now),
        new Date(now - this.config.authFailureResetMs),
      );
      for (const row of rows) {
        const rule = rules.find((candidate) => candidate.key === row.bucket_key);
        if (rule && this.buckets.learn(rule, row.failures, now)) past = true;
      }
    } finally {
      this.buckets.release(keys);
    }
    const wait = past ? seconds(this.buckets.waitFor(rules, now)) : 0;
    this.logger.warn({
      msg: 'authentication failed',
      scope: subject.scope,
      username: subject.name,
      remoteAddress: subject.address,
      ...(wait > 0 ? { blockedForSeconds: wait } : {}),
    });
    return wait;
  }

  // A success forgets the (name, address) count, never the address's: one good credential must not
  // clear an address that keeps guessing others. Only after failures seen here, so it is rarely a write.
  async recordSuccess(subject: FailureSubject): Promise<void> {
    if (this.buckets.empty) return;
    const [pair] = this.rulesOf(subject);
    if (!this.buckets.forget(pair.key)) return;
    await this.store.forget(pair.key);
  }

  // The product's 429 body, naming the refused resource, the free failures and the reset time.
  refusal(path: string, retryAfterSeconds: number): ApiError {
    const parameters = [
      path,
      this.config.authFailuresPerNameAddress,
      Math.max(1, Math.round(this.config.authFailureResetMs / 60_000)),
    ];
    return CommonErrors.RATE_LIMITED(...parameters).withHeaders({ 'Retry-After': String(retryAfterSeconds) });
  }

  async prune(now: number): Promise<void> {
    this.buckets.prune(now);
    await this.store.deleteQuietSince(new Date(now - this.config.authFailureResetMs));
  }

  private rulesOf(subject: FailureSubject): [BucketRule, BucketRule] {
    const client = clientOf(subject.address);
    const name =
      subject.name.length > MAX_NAME_IN_KEY
        ? `sha256:${createHash('sha256').update(subject.name).digest('hex')}`
        : subject.name;
    return [
      { key: `${subject.scope}|${client}|${name}`, free: this.config.authFailuresPerNameAddress },
      { key: `address|${client}`, free: this.config.authFailuresPerAddress },
    ];
  }
}

function seconds(ms: number): number {
  return ms <= 0 ? 0 : Math.max(1, Math.ceil(ms / 1000));
}
