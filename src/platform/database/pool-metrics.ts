import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Gauge } from 'prom-client';
import { DataSource } from 'typeorm';
import { MetricsRegistry } from '../metrics/metrics-registry';

// What pg's pool exposes (pg-pool), read when /metrics is scraped: no query, no connection.
interface PoolFigures {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
}

function poolOf(dataSource: DataSource): PoolFigures | undefined {
  const pool = (dataSource.driver as { master?: Partial<PoolFigures> }).master;
  return typeof pool?.totalCount === 'number' ? (pool as PoolFigures) : undefined;
}

// The runtime pool's use: a pool whose `waiting` stays above zero is the bottleneck of every request.
@Injectable()
export class DatabasePoolMetrics {
  constructor(@InjectDataSource() dataSource: DataSource, metrics: MetricsRegistry) {
    new Gauge({
      name: 'dms_db_pool_connections',
      help: 'Database pool: open connections (total), idle ones, and callers waiting for one (waiting).',
      labelNames: ['state'] as const,
      registers: [metrics.registry],
      collect() {
        const pool = poolOf(dataSource);
        if (!pool) return;
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    new Gauge({
      name: 'dms_db_pool_max',
      help: 'Largest number of connections the database pool opens.',
      registers: [metrics.registry],
      collect() {
        const max = poolOf(dataSource)?.options?.max;
        if (max !== undefined) this.set(max);
      },
    });
  }
}
