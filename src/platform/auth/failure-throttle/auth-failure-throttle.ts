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

// Who failed: `scope` separates credential spaces (Digest user names, a project's Prometheus user).
export interface FailureSubject {
  scope: string;
  name: string;
  address: string;
}

const PRUNE_INTERVAL_MS = 60_000;
// Caps on what an attacker with many names or addresses can make one instance remember.
const MAX_BLOCKS = 100_000;
const MAX_FAILING = 100_000;
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
// The success path costs nothing: whether a caller is blocked is answered from this instance's memory,
// filled by the failures it records itself. Another instance learns of a block at the first failure it
// verifies there, so two instances give an attacker one extra verification per block at most.
@Injectable()
export class AuthFailureThrottle implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('AuthFailureThrottle');
  // bucket key -> blocked until (epoch ms)
  private readonly blocks = new Map<string, number>();
  // (name, address) keys this instance recorded a failure for: only those pay a write on success.
  private readonly failing = new Set<string>();
  private pruneTimer: NodeJS.Timeout | undefined;
  private readonly store: AuthFailuresStore;

  constructor(
    dataSource: DataSource,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.store = new AuthFailuresStore(dataSource);
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

  // Seconds the subject must wait before its credentials are checked again; 0 when it may try now.
  // Nothing blocked (the usual case): no bucket key is worked out, so a success parses no address.
  retryAfterSeconds(subject: FailureSubject, now: number): number {
    if (this.blocks.size === 0) return 0;
    let until = 0;
    for (const key of this.keysOf(subject)) {
      const blocked = this.blocks.get(key);
      if (blocked === undefined) continue;
      if (blocked <= now) this.blocks.delete(key);
      else until = Math.max(until, blocked);
    }
    return until === 0 ? 0 : Math.max(1, Math.ceil((until - now) / 1000));
  }

  // Counts a failed verification; returns the seconds to wait when it started (or lengthened) a block.
  async recordFailure(subject: FailureSubject, now: number): Promise<number> {
    const keys = this.keysOf(subject);
    const [pair, address] = keys;
    const rows = await this.store.record(keys, new Date(now), new Date(now - this.config.authFailureResetMs));
    this.remember(this.failing, MAX_FAILING, pair);
    for (const row of rows) {
      const free =
        row.bucket_key === address
          ? this.config.authFailuresPerAddress
          : this.config.authFailuresPerNameAddress;
      const over = row.failures - free;
      if (over <= 0) continue;
      const blockMs = Math.min(
        this.config.authFailureMaxBlockMs,
        this.config.authFailureBlockMs * 2 ** Math.min(over - 1, 40),
      );
      this.block(row.bucket_key, now + blockMs);
    }
    const wait = this.retryAfterSeconds(subject, now);
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
    if (this.failing.size === 0) return;
    const [pair] = this.keysOf(subject);
    if (!this.failing.delete(pair)) return;
    await this.store.forget(pair);
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
    for (const [key, until] of this.blocks) if (until <= now) this.blocks.delete(key);
    await this.store.deleteQuietSince(new Date(now - this.config.authFailureResetMs));
  }

  private keysOf(subject: FailureSubject): [string, string] {
    const client = clientOf(subject.address);
    const name =
      subject.name.length > MAX_NAME_IN_KEY
        ? `sha256:${createHash('sha256').update(subject.name).digest('hex')}`
        : subject.name;
    return [`${subject.scope}|${client}|${name}`, `address|${client}`];
  }

  private block(key: string, until: number): void {
    const current = this.blocks.get(key) ?? 0;
    if (until <= current) return;
    this.blocks.delete(key);
    while (this.blocks.size >= MAX_BLOCKS) this.blocks.delete(this.blocks.keys().next().value as string);
    this.blocks.set(key, until);
  }

  private remember(set: Set<string>, max: number, key: string): void {
    set.delete(key);
    while (set.size >= max) set.delete(set.values().next().value as string);
    set.add(key);
  }
}
