import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

// TRACKING alerts whose condition has lasted their configuration's delay (a project's or a global one), in
// the caller's transaction.
@Injectable()
export class TrackingAlertsStore {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  // Locks up to `limit` of them (SKIP LOCKED, so instances sweeping at once share the work) until the
  // caller's transaction ends; returns their ids, oldest first.
  async claimDue(now: Date, limit: number): Promise<string[]> {
    const due = await this.txHost.tx.query<Array<{ id: string }>>(
      `SELECT a.id FROM alerts a
         JOIN (SELECT id, notifications FROM alert_configs
               UNION ALL SELECT id, notifications FROM global_alert_configs) c ON c.id = a.alert_config_id
       WHERE a.status = 'TRACKING'
         AND a.created + make_interval(mins => COALESCE((
               SELECT min((n ->> 'delayMin')::int) FROM jsonb_array_elements(c.notifications) AS n), 0)) <= $1
       ORDER BY a.created, a.id
       LIMIT ${limit}
       FOR UPDATE OF a SKIP LOCKED`,
      [now],
    );
    return due.map((row) => row.id);
  }
}
