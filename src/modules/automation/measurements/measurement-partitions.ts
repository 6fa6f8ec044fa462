import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../../platform/clock/clock';
import type { AppConfig } from '../../../platform/config/app-config';
import { APP_CONFIG } from '../../../platform/config/config.module';
import { MeasurementPartitionsWriter } from './measurement-partitions.writer';
import { covers, type PartitionRange } from './partition-ranges';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

// `measurements` is range-partitioned by time, MEASUREMENT_PARTITION_MINUTES a partition (a UTC day by
// default). Partitions are created before the report's transaction writes into them (DDL stays out of the
// hot transaction), ahead of time by the upkeep job and on demand for a sample no partition holds; a
// partition is dropped once its newest possible sample is older than MEASUREMENT_RETENTION_HOURS:
// retention costs one DROP TABLE a partition, never a DELETE.
// Both are DDL on `measurements`, which needs its owner: the runtime connections run as the service
// role, which owns nothing (platform/database/service-role.ts), so this DDL, and only it, acts as the
// session's user (the owner) with SET ROLE NONE, undone before the connection is handed back.
// When the service connects as a role of the deployment's own, that role must own `measurements`.
@Injectable()
export class MeasurementPartitions {
  private readonly logger = new Logger(MeasurementPartitions.name);
  // The partitions this instance knows of; another instance's are found when a sample falls outside these.
  private known: PartitionRange[] = [];

  constructor(
    private readonly writer: MeasurementPartitionsWriter,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async ensureFor(instants: readonly Date[]): Promise<void> {
    const missing = [...new Set(instants.map((instant) => instant.getTime()))].filter(
      (at) => !covers(this.known, at),
    );
    if (missing.length === 0) return;
    this.known = await this.writer.createCovering(missing, this.config.measurementPartitionMinutes);
  }

  // The retention job: makes the partitions of now and of the next slot before any report needs them,
  // then drops the expired ones.
  async upkeep(now: Date = this.clock.now()): Promise<void> {
    const width = this.config.measurementPartitionMinutes * MINUTE_MS;
    await this.ensureFor([now, new Date(now.getTime() + width)]);
    await this.prune(now);
  }

  // Drops the partitions that ended before now - retention; returns their names.
  async prune(now: Date = this.clock.now()): Promise<string[]> {
    const cutoff = now.getTime() - this.config.measurementRetentionHours * HOUR_MS;
    const dropped = await this.writer.dropPartitions((partition) => partition.to <= cutoff);
    if (dropped.length > 0) {
      this.known = await this.writer.list();
      this.logger.log({ msg: 'measurement partitions dropped', partitions: dropped });
    }
    return dropped;
  }

  // How often the upkeep runs: often enough that a partition is made well before its slot starts and
  // dropped soon after it expires, at most every 10 minutes (one catalog read when there is nothing to do).
  upkeepIntervalMs(): number {
    return Math.min(10 * MINUTE_MS, (this.config.measurementPartitionMinutes * MINUTE_MS) / 3);
  }
}
