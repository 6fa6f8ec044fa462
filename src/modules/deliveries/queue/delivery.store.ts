import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, JsonContains, type FindOptionsWhere } from 'typeorm';
import type { AlertResponse } from '../../alerting';
import { lockClaims } from '../deliveries.locks';
import type { AlertContext } from '../notifiers';
import { CLAIM } from './delivery-claim.sql';
import { INSERT_DELIVERIES } from './delivery-insert.sql';
import { RELEASE, SETTLE } from './delivery-outcome.sql';
import { GROUPS_TOLD_OPEN } from './groups-told-open.sql';
import { DeliveryEntity } from './delivery.entity';
import type {
  ClaimedBatch,
  ClaimRequest,
  DeliveryLogFilter,
  DeliveryOutcome,
  DeliveryQueueFigures,
  GroupToldOpen,
} from './delivery-store.types';

interface GroupToldOpenRow {
  notification_group_id: string;
  alerts: Array<{ alert: AlertResponse; ended: boolean }>;
  context: AlertContext;
  busy_until: Date | null;
}

// The SQL of the deliveries table and of their attempts (delivery_attempts): the queue's inserts, claims
// and outcomes, its figures, and a project's delivery log. The long statements are in the SQL text modules
// next to it (delivery-claim.sql.ts, delivery-insert.sql.ts, delivery-outcome.sql.ts), run only here.
@Injectable()
export class DeliveryStore {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  // The rows one change queues, in the caller's transaction.
  async insert(rows: readonly DeliveryEntity[]): Promise<void> {
    if (rows.length === 0) return;
    const iso = (date: Date | null) => (date === null ? null : date.toISOString());
    const records = rows.map((row) => ({
      id: row.id,
      group_id: row.groupId,
      org_id: row.orgId,
      alert_id: row.alertId,
      alert_config_id: row.alertConfigId,
      notification_index: row.notificationIndex,
      notification_type_name: row.notificationTypeName,
      target_type: row.targetType,
      recipient: row.recipient,
      target: row.target,
      event_kind: row.eventKind,
      alert: row.alert,
      context: row.context,
      status: row.status,
      attempt_count: row.attemptCount,
      next_attempt_at: iso(row.nextAttemptAt),
      lease_owner: row.leaseOwner,
      lease_until: iso(row.leaseUntil),
      last_status_code: row.lastStatusCode,
      last_error: row.lastError,
      suppressed_by: row.suppressedBy,
      suppression_reason: row.suppressionReason,
      notification_group_id: row.notificationGroupId,
      alert_ids: row.alertIds,
      redelivery_of: row.redeliveryOf,
      created: iso(row.created),
      updated: iso(row.updated),
      completed: iso(row.completed),
    }));
    await this.txHost.tx.query(INSERT_DELIVERIES, [JSON.stringify(records)]);
  }

  // Its own transaction, committed before the receivers are called; answers the batches claimed.
  claim(request: ClaimRequest): Promise<ClaimedBatch[]> {
    return this.txHost.withTransaction(async () => {
      await lockClaims(this.txHost.tx);
      return this.txHost.tx.query<ClaimedBatch[]>(CLAIM, [
        request.nonce,
        request.leaseUntil,
        request.now,
        request.limit,
        request.perOrg,
        request.perProject,
        request.answered,
        request.batchSize,
        request.batched,
      ]);
    });
  }

  // In the caller's transaction; answers the ids their batches still held (and have now released).
  async settle(now: Date, outcomes: DeliveryOutcome[]): Promise<Set<string>> {
    if (outcomes.length === 0) return new Set();
    const rows: Array<{ id: string }> = await this.txHost.tx.query(SETTLE, [
      now,
      outcomes.map((o) => o.id),
      outcomes.map((o) => o.lease),
      outcomes.map((o) => o.status),
      outcomes.map((o) => o.nextAttemptAt),
      outcomes.map((o) => o.lastStatusCode),
      outcomes.map((o) => o.lastError),
    ]);
    return new Set(rows.map((row) => row.id));
  }

  async release(lease: string, now: Date, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.txHost.tx.query(RELEASE, [lease, now, ids]);
  }

  // Read when /metrics is scraped, outside any request's transaction. Both figures come from the partial
  // index of pending deliveries (deliveries_due_idx): the count stops at `cap` rows, and the oldest due
  // is its first entry.
  async figures(now: Date, cap: number): Promise<DeliveryQueueFigures> {
    const [row] = await this.dataSource.query<Array<{ depth: number; oldest_due: Date | null }>>(
      `SELECT (SELECT count(*) FROM (SELECT 1 FROM deliveries WHERE status = 'PENDING' LIMIT $1) pending)::int AS depth,
              (SELECT min(next_attempt_at) FROM deliveries
                WHERE status = 'PENDING' AND next_attempt_at <= $2) AS oldest_due`,
      [cap, now.toISOString()],
    );
    return { depth: row.depth, oldestDue: row.oldest_due };
  }

  // One page of the project's delivery log, newest first, and the number of rows matching.
  logPage(
    groupId: string,
    filter: DeliveryLogFilter,
    page: { offset: number; take: number },
  ): Promise<[DeliveryEntity[], number]> {
    const where: FindOptionsWhere<DeliveryEntity> = { groupId };
    if (filter.status !== undefined) where.status = filter.status;
    if (filter.targetType !== undefined) where.targetType = filter.targetType;
    const matching: Array<FindOptionsWhere<DeliveryEntity>> =
      filter.alertId === undefined
        ? [where]
        : [
            { ...where, alertId: filter.alertId },
            { ...where, alertIds: JsonContains([filter.alertId]) },
          ];
    return this.txHost.tx.getRepository(DeliveryEntity).findAndCount({
      where: matching,
      order: { created: 'DESC', id: 'DESC' },
      skip: page.offset,
      take: page.take,
    });
  }

  // A queued row is not due before `at`.
  async deferUntil(deliveryId: string, at: Date): Promise<void> {
    await this.txHost.tx.query(
      `UPDATE deliveries SET next_attempt_at = $2 WHERE id = $1 AND status = 'PENDING'`,
      [deliveryId, at],
    );
  }

  // The notification groups of the project whose receivers were told of alerts never told as ended.
  async groupsToldOpen(groupId: string): Promise<GroupToldOpen[]> {
    const rows: GroupToldOpenRow[] = await this.txHost.tx.query(GROUPS_TOLD_OPEN, [groupId]);
    return rows.map((row) => ({
      notificationGroupId: row.notification_group_id,
      alerts: row.alerts,
      context: row.context,
      busyUntil: row.busy_until,
    }));
  }

  // The project's delivery log goes; endings still to be sent (alert.close, alert.cancel, and group
  // messages telling that all their alerts have ended) stay queued, so an incident opened before the
  // deletion is still resolved at its receiver.
  async removeAllButPendingEndings(groupId: string): Promise<void> {
    const tx = this.txHost.tx;
    const removed = `SELECT id FROM deliveries WHERE group_id = $1
      AND NOT (status = 'PENDING' AND (event_kind IN ('alert.close', 'alert.cancel')
                                       OR (event_kind = 'alert.group' AND alert->>'status' = 'CLOSED')))`;
    await tx.query(`DELETE FROM delivery_attempts WHERE delivery_id IN (${removed})`, [groupId]);
    await tx.query(`DELETE FROM deliveries WHERE id IN (${removed})`, [groupId]);
  }
}
