import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../../platform/clock/clock';
import type { AppConfig } from '../../../platform/config/app-config';
import { APP_CONFIG } from '../../../platform/config/config.module';
import { MeasurementPartitionsWriter, partitionNameOf } from './measurement-partitions.writer';

const DAY_MS = 86_400_000;
const PARTITION = /^measurements_p(\d{4})(\d{2})(\d{2})$/;

export function dayOf(instant: Date): Date {
  return new Date(Math.floor(instant.getTime() / DAY_MS) * DAY_MS);
}

// `measurements` is range-partitioned by UTC day. Partitions are created on demand, before the report's
// transaction writes into them (DDL stays out of the hot transaction), and whole days older than
// MEASUREMENT_RETENTION_DAYS are dropped: retention costs one DROP TABLE a day, never a DELETE.
// Both are DDL on `measurements`, which needs its owner: the runtime connections run as the service
// role, which owns nothing (platform/database/service-role.ts), so these two transactions, and only
// they, act as the session's user (the owner) with SET LOCAL ROLE NONE, which ends with the transaction.
// When the service connects as a role of the deployment's own, that role must own `measurements`.
@Injectable()
export class MeasurementPartitions {
  private readonly logger = new Logger(MeasurementPartitions.name);
  private readonly known = new Set<string>();

  constructor(
    private readonly writer: MeasurementPartitionsWriter,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async ensureFor(instants: Date[]): Promise<void> {
    const missing = [...new Set(instants.map((instant) => dayOf(instant).getTime()))]
      .map((time) => new Date(time))
      .filter((day) => !this.known.has(partitionNameOf(day)));
    if (missing.length === 0) return;
    await this.writer.createDays(missing);
    for (const day of missing) this.known.add(partitionNameOf(day));
  }

  // Drops the days that ended before now - retention; returns the dropped partitions' names.
  async prune(now: Date = this.clock.now()): Promise<string[]> {
    const cutoff = dayOf(new Date(now.getTime() - this.config.measurementRetentionDays * DAY_MS));
    const dropped = await this.writer.dropPartitions((name) => {
      const match = PARTITION.exec(name);
      if (!match) return false;
      const day = new Date(`${match[1]}-${match[2]}-${match[3]}T00:00:00Z`);
      return day.getTime() + DAY_MS <= cutoff.getTime();
    });
    for (const name of dropped) this.known.delete(name);
    if (dropped.length > 0) this.logger.log({ msg: 'measurement partitions dropped', partitions: dropped });
    return dropped;
  }
}
