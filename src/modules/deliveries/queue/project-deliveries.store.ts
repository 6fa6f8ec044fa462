import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { JsonContains, type FindOptionsWhere } from 'typeorm';
import type { AlertResponse } from '../../alerting';
import type { AlertContext, AlertDocument } from '../notifiers';
import { DeliveryEntity, type DeliveryStatus } from './delivery.entity';

// The filters of the project's delivery log.
export interface DeliveryLogFilter {
  // Deliveries of this alert: its own messages, and the group messages that carried it (the row's
  // alert_id names only a group message's first alert; alert_ids lists all it carried).
  alertId?: string;
  status?: DeliveryStatus;
  targetType?: string;
}

// A receiver an open alert's opening went to: the latest alert.open delivery of that alert to it.
export interface ToldReceiver {
  alertId: string;
  alertConfigId: string;
  notificationIndex: number | null;
  notificationTypeName: string;
  targetType: string;
  recipient: string | null;
  // Sealed, as the queue stores it.
  target: string;
  alert: AlertDocument;
  context: AlertContext;
  // While an opening to this receiver is still in flight: when its lease ends.
  busyUntil: Date | null;
}

// Receivers told of an opening, one row per alert and receiver (the latest opening sent to it): the
// opening succeeded, or was attempted and may have arrived (in flight, or waiting to be retried). Only
// alerts still open and notified count: a notification schedule active with a notification made. The
// schedules are locked, so a close or cancel of one of these alerts committing meanwhile waits for the
// deletion and then finds nothing left to end.
const TOLD_OF_OPEN_ALERTS = `
  WITH open_notified AS (
    SELECT DISTINCT alert_id FROM (
      SELECT alert_id, notified_count FROM notification_schedules
       WHERE group_id = $1 AND active FOR UPDATE) schedules
     WHERE notified_count > 0)
  SELECT DISTINCT ON (d.alert_id, d.notification_index, d.target_type, d.recipient)
         d.alert_id, d.alert_config_id, d.notification_index, d.notification_type_name, d.target_type,
         d.recipient, d.target, d.alert, d.context,
         max(d.lease_until) FILTER (WHERE d.status = 'PENDING')
           OVER (PARTITION BY d.alert_id, d.notification_index, d.target_type, d.recipient) AS busy_until
    FROM deliveries d JOIN open_notified o ON o.alert_id = d.alert_id
   WHERE d.group_id = $1 AND d.event_kind = 'alert.open' AND d.target IS NOT NULL
     AND (d.status = 'SUCCEEDED' OR (d.status = 'PENDING' AND d.attempt_count > 0))
   ORDER BY d.alert_id, d.notification_index, d.target_type, d.recipient, d.created DESC, d.id DESC`;

interface ToldRow {
  alert_id: string;
  alert_config_id: string;
  notification_index: number | null;
  notification_type_name: string;
  target_type: string;
  recipient: string | null;
  target: string;
  alert: AlertDocument;
  context: AlertContext;
  busy_until: Date | null;
}

// A notification group whose receiver was told of alerts it was never told had ended.
export interface GroupToldOpen {
  notificationGroupId: string;
  // Each such alert as the group's latest message told of it; `ended`: a message of the group not sent
  // (queued and never tried, or given up) carried it as ended, and `alert` is as that message had it.
  alerts: Array<{ alert: AlertResponse; ended: boolean }>;
  // The context of the latest message told (the project's and organization's names).
  context: AlertContext;
  // While a message of the group is still in flight: when its lease ends.
  busyUntil: Date | null;
}

// Group messages told: sent, or attempted and may have arrived (in flight, or waiting to be retried), or
// an ending still queued, which is kept and sent. An alert counts as told open when the latest of these
// messages to carry it carried it open; a group with none such is left out.
const GROUPS_TOLD_OPEN = `
  WITH messages AS (
    SELECT id, notification_group_id, created, status, lease_until, context, alert AS document,
           status = 'SUCCEEDED'
             OR (status = 'PENDING' AND (attempt_count > 0 OR alert->>'status' = 'CLOSED')) AS told
      FROM deliveries
     WHERE group_id = $1 AND notification_group_id IS NOT NULL),
  carried AS (
    SELECT m.notification_group_id, m.id, m.created, m.told, a.alert, a.alert->>'id' AS alert_id,
           m.document->'resolvedAlertIds' @> jsonb_build_array(a.alert->'id') AS ended
      FROM messages m CROSS JOIN LATERAL jsonb_array_elements(m.document->'alerts') AS a(alert)),
  told_open AS (
    SELECT * FROM (
      SELECT DISTINCT ON (notification_group_id, alert_id) notification_group_id, alert_id, alert, ended
        FROM carried WHERE told
       ORDER BY notification_group_id, alert_id, created DESC, id DESC) latest
     WHERE NOT ended),
  ended_untold AS (
    SELECT DISTINCT ON (notification_group_id, alert_id) notification_group_id, alert_id, alert
      FROM carried WHERE ended AND NOT told
     ORDER BY notification_group_id, alert_id, created DESC, id DESC),
  last_told AS (
    SELECT DISTINCT ON (notification_group_id) notification_group_id, context
      FROM messages WHERE told
     ORDER BY notification_group_id, created DESC, id DESC),
  busy AS (
    SELECT notification_group_id, max(lease_until) AS busy_until
      FROM messages WHERE status = 'PENDING'
     GROUP BY notification_group_id)
  SELECT o.notification_group_id,
         jsonb_agg(jsonb_build_object('alert', coalesce(e.alert, o.alert), 'ended', e.alert IS NOT NULL)
                   ORDER BY o.alert->>'created', o.alert_id) AS alerts,
         l.context, b.busy_until
    FROM told_open o
    LEFT JOIN ended_untold e USING (notification_group_id, alert_id)
    JOIN last_told l USING (notification_group_id)
    LEFT JOIN busy b USING (notification_group_id)
   GROUP BY o.notification_group_id, l.context, b.busy_until
   ORDER BY o.notification_group_id`;

interface GroupToldOpenRow {
  notification_group_id: string;
  alerts: Array<{ alert: AlertResponse; ended: boolean }>;
  context: AlertContext;
  busy_until: Date | null;
}

// Everything the deliveries context holds for one project: its queue rows with their attempts, and
// the notification schedules of its alerts. One statement each, whatever their number.
@Injectable()
export class ProjectDeliveriesStore {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async toldOfOpenAlerts(groupId: string): Promise<ToldReceiver[]> {
    const rows: ToldRow[] = await this.txHost.tx.query(TOLD_OF_OPEN_ALERTS, [groupId]);
    return rows.map((row) => ({
      alertId: row.alert_id,
      alertConfigId: row.alert_config_id,
      notificationIndex: row.notification_index,
      notificationTypeName: row.notification_type_name,
      targetType: row.target_type,
      recipient: row.recipient,
      target: row.target,
      alert: row.alert,
      context: row.context,
      busyUntil: row.busy_until,
    }));
  }

  async groupsToldOpen(groupId: string): Promise<GroupToldOpen[]> {
    const rows: GroupToldOpenRow[] = await this.txHost.tx.query(GROUPS_TOLD_OPEN, [groupId]);
    return rows.map((row) => ({
      notificationGroupId: row.notification_group_id,
      alerts: row.alerts,
      context: row.context,
      busyUntil: row.busy_until,
    }));
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

  // The project's delivery log and schedules go; endings still to be sent (alert.close, alert.cancel, and
  // group messages telling that all their alerts have ended) stay queued, so an incident opened before the
  // deletion is still resolved at its receiver.
  async removeAllButPendingEndings(groupId: string): Promise<void> {
    const tx = this.txHost.tx;
    const removed = `SELECT id FROM deliveries WHERE group_id = $1
      AND NOT (status = 'PENDING' AND (event_kind IN ('alert.close', 'alert.cancel')
                                       OR (event_kind = 'alert.group' AND alert->>'status' = 'CLOSED')))`;
    await tx.query(`DELETE FROM delivery_attempts WHERE delivery_id IN (${removed})`, [groupId]);
    await tx.query(`DELETE FROM deliveries WHERE id IN (${removed})`, [groupId]);
    await tx.query(`DELETE FROM notification_schedules WHERE group_id = $1`, [groupId]);
  }
}
