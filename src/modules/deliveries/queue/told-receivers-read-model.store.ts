import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { AlertContext, AlertDocument } from '../notifiers';

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

// The receivers a project's open alerts were told of, read from its deliveries joined with its notification
// schedules (both of this context): it writes nothing, and locks the schedules it reads in the caller's
// transaction.
@Injectable()
export class ToldReceiversReadModelStore {
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
}
