import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface DeliveryQueueFigures {
  // Pending deliveries, at most `cap` (the count stops there).
  depth: number;
  // The oldest next attempt that is already due, if any.
  oldestDue: Date | null;
}

// Read when /metrics is scraped, outside any request's transaction. Both figures come from the partial
// index of pending deliveries (deliveries_due_idx): the count stops at `cap` rows, and the oldest due
// is its first entry.
@Injectable()
export class DeliveryQueueFiguresStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async read(now: Date, cap: number): Promise<DeliveryQueueFigures> {
    const [row] = await this.dataSource.query<Array<{ depth: number; oldest_due: Date | null }>>(
      `SELECT (SELECT count(*) FROM (SELECT 1 FROM deliveries WHERE status = 'PENDING' LIMIT $1) pending)::int AS depth,
              (SELECT min(next_attempt_at) FROM deliveries
                WHERE status = 'PENDING' AND next_attempt_at <= $2) AS oldest_due`,
      [cap, now.toISOString()],
    );
    return { depth: row.depth, oldestDue: row.oldest_due };
  }
}
