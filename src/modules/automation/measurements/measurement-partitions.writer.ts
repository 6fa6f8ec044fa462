import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { lockMeasurementPartitions } from '../automation.locks';

const DAY_MS = 86_400_000;

export function partitionNameOf(day: Date): string {
  return `measurements_p${day.toISOString().slice(0, 10).replace(/-/g, '')}`;
}

// The DDL of the day partitions of `measurements`. Both transactions act as the session's user (the
// owner of `measurements`) with SET LOCAL ROLE NONE, which ends with the transaction: see
// MeasurementPartitions for why.
const AS_OWNER = 'SET LOCAL ROLE NONE';
@Injectable()
export class MeasurementPartitionsWriter {
  constructor(private readonly dataSource: DataSource) {}

  async createDays(days: Date[]): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(AS_OWNER);
      await lockMeasurementPartitions(manager);
      for (const day of days) {
        const next = new Date(day.getTime() + DAY_MS);
        await manager.query(
          `CREATE TABLE IF NOT EXISTS ${partitionNameOf(day)} PARTITION OF measurements
           FOR VALUES FROM ('${day.toISOString()}') TO ('${next.toISOString()}')`,
        );
      }
    });
  }

  // Drops, in one transaction, each partition whose name `expired` accepts; returns their names.
  async dropPartitions(expired: (name: string) => boolean): Promise<string[]> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(AS_OWNER);
      await lockMeasurementPartitions(manager);
      const rows = await manager.query<Array<{ name: string }>>(
        `SELECT c.relname AS name FROM pg_inherits i
         JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
         WHERE p.relname = 'measurements'`,
      );
      const dropped: string[] = [];
      for (const { name } of rows) {
        if (!expired(name)) continue;
        await manager.query(`DROP TABLE ${name}`);
        dropped.push(name);
      }
      return dropped;
    });
  }
}
