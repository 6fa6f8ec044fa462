import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

export interface ClaimRequest {
  owner: string;
  // At most this many rows for this claim (the caller's free slots).
  limit: number;
  // At most this many rows of one project leased at once, across every instance.
  perProject: number;
  now: Date;
  leaseUntil: Date;
}

// Fair claims of due deliveries. Each project's due rows are numbered in their order (oldest first);
// a row is eligible while its number plus the project's rows already leased (in flight on any instance)
// stays within the per-project cap; the eligible rows are taken by number first (one of every project,
// then a second of every project, ...), so one project's backlog or unresponsive receiver never holds
// more than its cap of slots nor delays another project's deliveries behind it.
//
// Claims are serialised across instances by a transaction-scoped advisory lock: two instances counting
// a project's leased rows at once would otherwise both see room and exceed the cap together. The claim
// is one short statement, so waiting for the lock costs little.
const CLAIM = `
  WITH in_flight AS (
    SELECT group_id, count(*)::int AS busy FROM deliveries
     WHERE status = 'PENDING' AND lease_until > $3
     GROUP BY group_id),
  due AS (
    SELECT id, group_id, next_attempt_at,
           row_number() OVER (PARTITION BY group_id ORDER BY next_attempt_at, id) AS turn
      FROM deliveries
     WHERE status = 'PENDING' AND next_attempt_at <= $3 AND (lease_until IS NULL OR lease_until <= $3)),
  fair AS (
    SELECT due.id FROM due LEFT JOIN in_flight USING (group_id)
     WHERE due.turn + coalesce(in_flight.busy, 0) <= $5
     ORDER BY due.turn, due.next_attempt_at, due.id
     LIMIT $4),
  claimed AS (
    UPDATE deliveries SET lease_owner = $1, lease_until = $2, attempt_count = attempt_count + 1, updated = $3
     WHERE id IN (SELECT id FROM deliveries WHERE id IN (SELECT id FROM fair) FOR UPDATE SKIP LOCKED)
       AND status = 'PENDING' AND (lease_until IS NULL OR lease_until <= $3)
     RETURNING id)
  SELECT id FROM claimed`;

@Injectable()
export class DeliveryClaimStore {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  // Its own transaction, committed before the receivers are called; answers the ids claimed.
  claim(request: ClaimRequest): Promise<string[]> {
    return this.txHost.withTransaction(async () => {
      await this.txHost.tx.query(`SELECT pg_advisory_xact_lock(hashtext('deliveries.claim'))`);
      const rows: Array<{ id: string }> = await this.txHost.tx.query(CLAIM, [
        request.owner,
        request.leaseUntil,
        request.now,
        request.limit,
        request.perProject,
      ]);
      return rows.map((row) => row.id);
    });
  }
}
