import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { lockClaims } from '../deliveries.locks';

export interface ClaimRequest {
  owner: string;
  // At most this many rows for this claim (the caller's free slots).
  limit: number;
  // At most this many rows of one organization, and of one project, leased at once across every instance.
  perOrg: number;
  perProject: number;
  // The caller's leased rows whose calls have ended (their records are being written): no longer busy.
  answered: string[];
  now: Date;
  leaseUntil: Date;
}

// Fair claims of due deliveries, organizations first, then projects within each. A row's load is its
// place among its project's due rows (oldest first) plus the project's rows already leased (in flight on
// any instance; the claiming instance's own rows whose calls have ended and whose records are being
// written are not: their slots are free, so claims and records overlap); rows past the per-project cap
// are left. The rest of an organization's rows are numbered
// by that load, so its projects take turns; that number plus the organization's leased rows is the row's
// organization load, capped the same way. Rows are taken by organization load: one of every organization
// with the fewest calls in flight first, so one tenant's backlog or unresponsive receivers never hold more
// than its caps of slots nor delay another tenant's deliveries behind them. A delivery whose organization
// was unknown at enqueue counts as an organization of its own project.
//
// Claims are serialised across instances by a transaction-scoped advisory lock (lockClaims). The claim is
// one short statement, so waiting for the lock costs little.
const CLAIM = `
  WITH leased AS (
    SELECT coalesce(org_id, group_id) AS org_key, group_id FROM deliveries
     WHERE status = 'PENDING' AND lease_until > $3 AND id <> ALL ($7::char(24)[])),
  project_busy AS (SELECT group_id, count(*)::int AS busy FROM leased GROUP BY group_id),
  org_busy AS (SELECT org_key, count(*)::int AS busy FROM leased GROUP BY org_key),
  due AS (
    SELECT id, coalesce(org_id, group_id) AS org_key, group_id, next_attempt_at,
           row_number() OVER (PARTITION BY group_id ORDER BY next_attempt_at, id) AS turn
      FROM deliveries
     WHERE status = 'PENDING' AND next_attempt_at <= $3 AND (lease_until IS NULL OR lease_until <= $3)),
  project_fair AS (
    SELECT due.id, due.org_key, due.next_attempt_at, due.turn + coalesce(project_busy.busy, 0) AS load
      FROM due LEFT JOIN project_busy USING (group_id)
     WHERE due.turn + coalesce(project_busy.busy, 0) <= $6),
  org_fair AS (
    SELECT project_fair.id, project_fair.next_attempt_at,
           row_number() OVER (PARTITION BY project_fair.org_key
                              ORDER BY project_fair.load, project_fair.next_attempt_at, project_fair.id)
             + coalesce(org_busy.busy, 0) AS load
      FROM project_fair LEFT JOIN org_busy USING (org_key)),
  fair AS (
    SELECT id FROM org_fair WHERE load <= $5
     ORDER BY load, next_attempt_at, id
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
      await lockClaims(this.txHost.tx);
      const rows: Array<{ id: string }> = await this.txHost.tx.query(CLAIM, [
        request.owner,
        request.leaseUntil,
        request.now,
        request.limit,
        request.perOrg,
        request.perProject,
        request.answered,
      ]);
      return rows.map((row) => row.id);
    });
  }
}
