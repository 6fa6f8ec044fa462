import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

// Open alerts by event type, read when /metrics is scraped, outside any request's transaction. The scan
// goes through the partial index of active alerts (alerts_one_active_per_target) and stops at `cap`
// rows, so a huge backlog of open alerts costs no more than that.
@Injectable()
export class OpenAlertCountsStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async byType(cap: number): Promise<Map<string, number>> {
    const rows = await this.dataSource.query<Array<{ type: string; open: number }>>(
      `SELECT event_type_name AS type, count(*)::int AS open
         FROM (SELECT event_type_name FROM alerts WHERE status = 'OPEN' LIMIT $1) alerts
        GROUP BY event_type_name`,
      [cap],
    );
    return new Map(rows.map((row) => [row.type, row.open]));
  }
}
