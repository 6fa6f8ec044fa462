import { Injectable, Logger } from '@nestjs/common';
import { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { lockMeasurementPartitions, whileRetentionLocked } from '../automation.locks';
import { covers, partitionNameOf, rangeFor, type PartitionRange } from './partition-ranges';

export interface Partition extends PartitionRange {
  name: string;
  // Being detached: by a detach still running, or left by one whose session ended half-way.
  detachPending: boolean;
}

// The partitions of `measurements` with their bounds, read from the catalog: the bounds decide, not the
// names, so partitions made under another width are read right. The bounds come as text in the session's
// DateStyle, read back in ISO (numeric offsets, no ambiguous zone names): callers set DateStyle ISO first.
// A bound that is no time range (a DEFAULT partition, MINVALUE/MAXVALUE) is never one of ours and is left
// out, never taken for an expired one. Pending detaches come first: Postgres allows one at a time.
const PARTITIONS_SQL = `
  SELECT c.relname AS name, i.inhdetachpending AS "detachPending",
         extract(epoch FROM b[1]::timestamptz) * 1000 AS "from",
         extract(epoch FROM b[2]::timestamptz) * 1000 AS "to"
  FROM pg_inherits i
  JOIN pg_class c ON c.oid = i.inhrelid
  CROSS JOIN LATERAL regexp_match(pg_get_expr(c.relpartbound, c.oid), 'FROM \\(''([^'']*)''\\) TO \\(''([^'']*)''\\)') AS b
  WHERE i.inhparent = 'measurements'::regclass AND b IS NOT NULL
  ORDER BY 2 DESC, 3`;

// Tables named as our partitions that are no partition: what a drop cut off between its detach and its
// DROP TABLE left (nothing reads them, and their name would stop the partition of that slot being made).
const LEFTOVERS_SQL = `
  SELECT c.relname AS name FROM pg_class c
  WHERE c.relkind = 'r' AND NOT c.relispartition
    AND c.relnamespace = (SELECT relnamespace FROM pg_class WHERE oid = 'measurements'::regclass)
    AND c.relname ~ '^measurements_p[0-9]{8}(_[0-9]{4})?$'`;

// The retention job's DDL gives up after this long waiting for a lock (and for the reads older than a
// detach to end) and tries again at its next run, rather than hold anything up behind it.
const RETENTION_LOCK_TIMEOUT = '5s';

// The DDL of the partitions of `measurements`. It acts as the session's user (the owner of `measurements`)
// with SET [LOCAL] ROLE NONE, undone before the connection goes back to the pool: see MeasurementPartitions
// for why.
//
// Neither statement takes the lock that stops the reports: a partition is made as a plain table and then
// attached, and an old one detached CONCURRENTLY before it is dropped. Both hold SHARE UPDATE EXCLUSIVE
// on `measurements`, which reads and writes pass; CREATE TABLE ... PARTITION OF and a plain DETACH or DROP
// take ACCESS EXCLUSIVE, which waits for every report in flight and holds every later one behind it. A
// waiting concurrent detach holds no lock on `measurements`; its FINALIZE (after a cut-off detach) does,
// hence its lock timeout.
@Injectable()
export class MeasurementPartitionsWriter {
  private readonly logger = new Logger(MeasurementPartitionsWriter.name);

  constructor(private readonly dataSource: DataSource) {}

  async list(): Promise<Partition[]> {
    return this.dataSource.transaction((manager) => partitionsIn(manager));
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

  // Detaches and drops each partition `expired` accepts (a pending detach is finished first, and only
  // while another is pending none starts); returns their names. DETACH CONCURRENTLY cannot run in a
  // transaction, so this runs on a connection of its own, serialized across instances by a session lock:
  // an instance finding it taken leaves the work to the holder.
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
    await runner.query(`SET lock_timeout = '${RETENTION_LOCK_TIMEOUT}'`);
    await runner.query('SET DateStyle = ISO');
    try {
      const dropped: string[] = [];
      for (const { name } of (await runner.query(LEFTOVERS_SQL)) as Array<{ name: string }>) {
        await runner.query(`DROP TABLE ${name}`);
        dropped.push(name);
      }
      let pending = false;
      for (const partition of rowsOf((await runner.query(PARTITIONS_SQL)) as PartitionRow[])) {
        if (!expired(partition)) {
          // Not one of ours to finish (an operator's, say): none of ours can start meanwhile.
          if (partition.detachPending) pending = true;
          continue;
        }
        if (partition.detachPending) {
          await runner.query(`ALTER TABLE measurements DETACH PARTITION ${partition.name} FINALIZE`);
        } else if (pending) {
          continue;
        } else {
          await runner.query(`ALTER TABLE measurements DETACH PARTITION ${partition.name} CONCURRENTLY`);
        }
        await runner.query(`DROP TABLE ${partition.name}`);
        dropped.push(partition.name);
      }
      if (pending) this.logger.warn({ msg: 'a detach of an unexpired measurements partition is pending' });
      return dropped;
    } finally {
      await runner.query('RESET DateStyle');
      await runner.query('RESET lock_timeout');
      await runner.query('RESET ROLE');
    }
  }
}

type PartitionRow = Omit<Partition, 'from' | 'to'> & { from: string | number; to: string | number };

async function partitionsIn(manager: EntityManager): Promise<Partition[]> {
  await manager.query('SET LOCAL DateStyle = ISO');
  return rowsOf(await manager.query<PartitionRow[]>(PARTITIONS_SQL));
}

function rowsOf(rows: PartitionRow[]): Partition[] {
  return rows.map((row) => ({ ...row, from: Number(row.from), to: Number(row.to) }));
}
