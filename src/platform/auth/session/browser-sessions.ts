import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Clock } from '../../clock/clock';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { BrowserSessionsStore } from './browser-sessions.store';
import {
  clearedSessionCookies,
  CSRF_COOKIE,
  readCookie,
  SESSION_COOKIE,
  sessionCookies,
} from './session-cookies';

const PRUNE_INTERVAL_MS = 60_000;
// Methods that change nothing: no CSRF token asked.
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type SessionLookup =
  { kind: 'none' } | { kind: 'session'; username: string } | { kind: 'csrf-mismatch'; username: string };

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

// Browser sessions opened by a federated sign-in, kept in Postgres so every instance knows them. The
// session id and the CSRF token are 32 random bytes each, handed to the browser only; the table keeps
// their SHA-256 hashes.
@Injectable()
export class BrowserSessions implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('BrowserSessions');
  private pruneTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.pruneTimer = setInterval(() => {
      const now = this.clock.now();
      new BrowserSessionsStore(this.dataSource.manager)
        .deleteStale(now, this.idleSince(now))
        .catch((error: unknown) => this.logger.warn({ msg: 'session pruning failed', err: String(error) }));
    }, PRUNE_INTERVAL_MS);
    this.pruneTimer.unref();
  }

  onApplicationShutdown(): void {
    if (this.pruneTimer) clearInterval(this.pruneTimer);
  }

  // Opens a session for the user in the caller's transaction; returns the Set-Cookie values.
  async open(username: string, secure: boolean): Promise<string[]> {
    const token = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    await new BrowserSessionsStore(this.txHost.tx).insert({
      idHash: sha256(token),
      csrfHash: sha256(csrfToken),
      username,
      now,
      expiresAt: new Date(now.getTime() + this.config.sessionMaxSeconds * 1000),
    });
    return sessionCookies(token, csrfToken, { secure, maxAgeSeconds: this.config.sessionMaxSeconds });
  }

  // The authentication path's lookup (outside any transaction): the session named by the cookie, when it
  // is live; a change (any method but GET, HEAD, OPTIONS) must carry the CSRF token in its header too.
  async lookup(
    cookieHeader: string | undefined,
    csrfHeader: string | undefined,
    method: string,
  ): Promise<SessionLookup> {
    const token = readCookie(cookieHeader, SESSION_COOKIE);
    if (token === undefined) return { kind: 'none' };
    const now = this.clock.now();
    const session = await new BrowserSessionsStore(this.dataSource.manager).touch(
      sha256(token),
      now,
      this.idleSince(now),
    );
    if (!session) return { kind: 'none' };
    if (SAFE_METHODS.has(method.toUpperCase())) return { kind: 'session', username: session.username };
    const cookieToken = readCookie(cookieHeader, CSRF_COOKIE);
    const matches =
      csrfHeader !== undefined &&
      cookieToken !== undefined &&
      csrfHeader === cookieToken &&
      sameHash(sha256(csrfHeader), session.csrfHash);
    return matches
      ? { kind: 'session', username: session.username }
      : { kind: 'csrf-mismatch', username: session.username };
  }

  // Ends the session named by the cookie (if any); returns the Set-Cookie values that clear both cookies.
  async close(cookieHeader: string | undefined, secure: boolean): Promise<string[]> {
    const token = readCookie(cookieHeader, SESSION_COOKIE);
    if (token !== undefined) await new BrowserSessionsStore(this.dataSource.manager).delete(sha256(token));
    return clearedSessionCookies(secure);
  }

  private idleSince(now: Date): Date {
    return new Date(now.getTime() - this.config.sessionIdleSeconds * 1000);
  }
}
