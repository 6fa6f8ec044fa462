import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { RecentResult } from '../concurrency/recent-result';
import { pingDatabase } from './database-ping.store';
import { ListenerChecks } from './listener-checks';
import { pendingMigrations } from './migrations.store';

export interface ReadinessReport {
  // The checks that fail: `database`, `migrations`, `listener:<name>`.
  failing: string[];
  checks: {
    database: 'up' | 'down';
    migrations: 'applied' | 'pending' | 'unknown';
    listeners: 'connected' | 'disconnected';
  };
}

// Probes are unauthenticated: whatever their rate, the checks run at most once per this period.
const MAX_AGE_MS = 1_000;
// An unreachable server (a partition, not a refused connection) would leave the query waiting for TCP.
const DATABASE_TIMEOUT_MS = 2_000;

// Ready to serve: the database answers, every migration of this build has run on it, and the
// connections kept beside the pool (LISTEN) are up. Liveness (/health) asks less: see health.controller.
@Injectable()
export class Readiness {
  private readonly recent = new RecentResult(() => this.check(), MAX_AGE_MS);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly listeners: ListenerChecks,
  ) {}

  report(): Promise<ReadinessReport> {
    return this.recent.get();
  }

  private async check(): Promise<ReadinessReport> {
    const failing: string[] = [];
    const checks: ReadinessReport['checks'] = {
      database: 'up',
      migrations: 'applied',
      listeners: 'connected',
    };
    try {
      const pending = await withTimeout(
        pingDatabase(this.dataSource).then(() => pendingMigrations(this.dataSource)),
        DATABASE_TIMEOUT_MS,
      );
      if (pending.length > 0) {
        checks.migrations = 'pending';
        failing.push('migrations');
      }
    } catch {
      checks.database = 'down';
      checks.migrations = 'unknown';
      failing.push('database');
    }
    const disconnected = this.listeners.disconnected();
    if (disconnected.length > 0) {
      checks.listeners = 'disconnected';
      failing.push(...disconnected.map((name) => `listener:${name}`));
    }
    return { failing, checks };
  }
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}
