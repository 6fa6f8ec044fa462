import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../../platform/clock/clock';
import type { AppConfig } from '../../../platform/config/app-config';
import { APP_CONFIG } from '../../../platform/config/config.module';
import { sqlStateOf } from '../../../platform/database/pg-errors';
import { MeasurementPartitionsWriter } from './measurement-partitions.writer';
import { covers, type PartitionRange } from './partition-ranges';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DROP_GRACE_MS = 5 * MINUTE_MS;
const CHECK_VIOLATION = '23514';

// How Postgres refuses a row of `measurements` that no partition holds (`measurements` has no CHECK
// constraint of its own: check_violation on it is this).
export function isNoPartitionError(error: unknown): boolean {
  if (sqlStateOf(error) !== CHECK_VIOLATION) return false;
  const { table, driverError } = error as { table?: unknown; driverError?: { table?: unknown } };
  return (driverError?.table ?? table) === 'measurements';
}

// `measurements` is range-partitioned by time, MEASUREMENT_PARTITION_MINUTES a partition (a UTC day by
// default). Partitions are created before the report's transaction writes into them (DDL stays out of the
// hot transaction), ahead of time by a job and on demand for a sample no partition holds; a partition
// is dropped once its newest possible sample is older than MEASUREMENT_RETENTION_HOURS (and a grace):
// retention costs one DROP TABLE a partition, never a DELETE.
// Both are DDL on `measurements`, which needs its owner: the runtime connections run as the service
// role, which owns nothing (platform/database/service-role.ts), so this DDL, and only it, acts as the
// session's user (the owner) with SET ROLE NONE, undone before the connection is handed back.
// When the service connects as a role of the deployment's own, that role must own `measurements`.
@Injectable()
export class MeasurementPartitions {
  private readonly logger = new Logger(MeasurementPartitions.name);
  // The partitions this instance knows of; another instance's are found when a sample falls outside these,
  // and one another instance dropped when a write into it is refused (remake).
  private known: PartitionRange[] = [];
  // The creation under way: reports arriving meanwhile wait for it rather than queue a catalog read each.
  private creating: Promise<void> | undefined;

  constructor(
    private readonly writer: MeasurementPartitionsWriter,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async ensureFor(instants: readonly Date[]): Promise<void> {
    let missing = [...new Set(instants.map((instant) => instant.getTime()))];
    for (;;) {
      missing = missing.filter((at) => !covers(this.known, at));
      if (missing.length === 0) return;
      if (this.creating === undefined) break;
      await this.creating.catch(() => undefined);
    }
    const creating = this.writer
      .createCovering(missing, this.config.measurementPartitionMinutes)
      .then((partitions) => {
        this.known = partitions;
      });
    this.creating = creating;
    try {
      await creating;
    } finally {
      if (this.creating === creating) this.creating = undefined;
    }
  }

  // For a write refused because no partition holds one of its samples (SQLSTATE 23514): another instance
  // with a shorter retention dropped a partition this one still knew of. The partitions are read again
  // from the catalog and the missing one is made.
  async remake(instants: readonly Date[]): Promise<void> {
    this.known = await this.writer.list();
    await this.ensureFor(instants);
  }

  // Makes the partitions of now and of the next slot before any report needs them.
  async ensureAhead(now: Date = this.clock.now()): Promise<void> {
    await this.ensureFor([
      now,
      new Date(now.getTime() + this.config.measurementPartitionMinutes * MINUTE_MS),
    ]);
  }

  // Drops the partitions that ended before now - retention - a grace; returns their names. The grace
  // covers a report accepted just inside the retention that waited in the queue (or on another
  // instance's slightly different clock) before writing.
  async prune(now: Date = this.clock.now()): Promise<string[]> {
    const cutoff = now.getTime() - this.config.measurementRetentionHours * HOUR_MS - DROP_GRACE_MS;
    const dropped = await this.writer.dropPartitions((partition) => partition.to <= cutoff);
    if (dropped.length > 0) {
      this.known = await this.writer.list();
      this.logger.log({ msg: 'measurement partitions dropped', partitions: dropped });
    }
    return dropped;
  }

  // How often the jobs run: often enough that a partition is made well before its slot starts and
  // dropped soon after it expires, at most every 10 minutes (one catalog read when there is nothing to do).
  upkeepIntervalMs(): number {
    return Math.min(10 * MINUTE_MS, (this.config.measurementPartitionMinutes * MINUTE_MS) / 3);
  }
}
