import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { lockMeasurementPartitions, whileRetentionLocked } from '../automation.locks';
import { covers, partitionNameOf, rangeFor, type PartitionRange } from './partition-ranges';

export interface Partition extends PartitionRange {
  name: string;
  // Left by a concurrent detach that did not finish (its session ended half-way).
  detachPending: boolean;
}

// The partitions of `measurements` with their bounds, read from the catalog: the bounds decide, not the
// names, so partitions made under another width are read right.
const PARTITIONS_SQL = `
  SELECT c.relname AS name, i.inhdetachpending AS "detachPending",
         extract(epoch FROM b[1]::timestamptz) * 1000 AS "from",
         extract(epoch FROM b[2]::timestamptz) * 1000 AS "to"
  FROM pg_inherits i
  JOIN pg_class c ON c.oid = i.inhrelid
  CROSS JOIN LATERAL regexp_match(pg_get_expr(c.relpartbound, c.oid), 'FROM \\(''([^'']*)''\\) TO \\(''([^'']*)''\\)') AS b
  WHERE i.inhparent = 'measurements'::regclass
  ORDER BY 3`;

// The DDL of the partitions of `measurements`. It acts as the session's user (the owner of `measurements`)
// with SET [LOCAL] ROLE NONE, undone before the connection goes back to the pool: see MeasurementPartitions
// for why.
//
// Neither statement takes the lock that stops the reports: a partition is made as a plain table and then
// attached, and an old one detached CONCURRENTLY before it is dropped. Both hold SHARE UPDATE EXCLUSIVE
// on `measurements`, which reads and writes pass; CREATE TABLE ... PARTITION OF and a plain DETACH or DROP
// take ACCESS EXCLUSIVE, which waits for every report in flight and holds every later one behind it.
@Injectable()
export class MeasurementPartitionsWriter {
  constructor(private readonly dataSource: DataSource) {}

  async list(): Promise<Partition[]> {
    return rowsOf(await this.dataSource.query<PartitionRow[]>(PARTITIONS_SQL));
  }

  // Makes a partition of `widthMinutes` for each instant no partition holds; returns every partition.
  async createCovering(instants: readonly number[], widthMinutes: number): Promise<Partition[]> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SET LOCAL ROLE NONE');
      await lockMeasurementPartitions(manager);
      const partitions = await partitionsIn(manager);
      for (const at of instants) {
        if (covers(partitions, at)) continue;
        const range = rangeFor(at, widthMinutes, partitions);
        const name = partitionNameOf(range);
        await manager.query(`CREATE TABLE ${name} (LIKE measurements INCLUDING DEFAULTS)`);
        await manager.query(
          `ALTER TABLE measurements ATTACH PARTITION ${name}
           FOR VALUES FROM ('${new Date(range.from).toISOString()}') TO ('${new Date(range.to).toISOString()}')`,
        );
        partitions.push({ ...range, name, detachPending: false });
      }
      return partitions;
    });
  }

  // Detaches and drops each partition `expired` accepts, and any a detach left pending; returns their
  // names. DETACH CONCURRENTLY cannot run in a transaction, so this runs on a connection of its own,
  // serialized across instances by a session lock: an instance finding it taken leaves the work to the
  // holder.
  async dropPartitions(expired: (partition: Partition) => boolean): Promise<string[]> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      return await whileRetentionLocked(runner, () => this.detachAndDrop(runner, expired), []);
    } finally {
      await runner.release();
    }
  }

  private async detachAndDrop(
    runner: QueryRunner,
    expired: (partition: Partition) => boolean,
  ): Promise<string[]> {
    await runner.query('SET ROLE NONE');
    try {
      const dropped: string[] = [];
      for (const partition of rowsOf((await runner.query(PARTITIONS_SQL)) as PartitionRow[])) {
        if (partition.detachPending) {
          await runner.query(`ALTER TABLE measurements DETACH PARTITION ${partition.name} FINALIZE`);
        } else if (expired(partition)) {
          await runner.query(`ALTER TABLE measurements DETACH PARTITION ${partition.name} CONCURRENTLY`);
        } else {
          continue;
        }
        await runner.query(`DROP TABLE ${partition.name}`);
        dropped.push(partition.name);
      }
      return dropped;
    } finally {
      await runner.query('RESET ROLE');
    }
  }
}

type PartitionRow = Omit<Partition, 'from' | 'to'> & { from: string | number; to: string | number };

async function partitionsIn(manager: EntityManager): Promise<Partition[]> {
  return rowsOf(await manager.query<PartitionRow[]>(PARTITIONS_SQL));
}

function rowsOf(rows: PartitionRow[]): Partition[] {
  return rows.map((row) => ({ ...row, from: Number(row.from), to: Number(row.to) }));
}
