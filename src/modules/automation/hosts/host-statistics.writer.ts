import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

// ANALYZE needs the tables' owner: the transaction acts as the session's user with SET LOCAL ROLE NONE,
// which ends with it (see MeasurementPartitions).
@Injectable()
export class HostStatisticsWriter {
  constructor(private readonly dataSource: DataSource) {}

  // Refreshes the planner's statistics of the hosts and their latest values; returns the hosts counted.
  async analyze(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SET LOCAL ROLE NONE');
      await manager.query('ANALYZE hosts, latest_measurements');
      const [row] = await manager.query<Array<{ hosts: string }>>(
        `SELECT reltuples::bigint AS hosts FROM pg_class WHERE oid = 'hosts'::regclass`,
      );
      return Math.max(0, Number(row?.hosts ?? 0));
    });
  }
}
