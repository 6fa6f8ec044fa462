import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { AlertResponse } from '../../alerting';
import type { MemberEnding } from './notification-group-member.entity';

export interface GroupOpening {
  id: string;
  groupId: string;
  orgId: string | null;
  groupKey: string;
  labels: Record<string, string>;
  notificationTypeName: string;
  targetType: string;
  recipient: string | null;
  target: string;
  groupIntervalSeconds: number;
  // The policy's repeat interval; null: the shortest intervalMin of the notifications joined.
  repeatIntervalMinutes: number | null;
  intervalMin: number;
  firstFlushAt: Date;
  now: Date;
}

// A new group is created with its first flush after group_wait; an existing one keeps its row (and id),
// and its repeat interval follows the policy, or the shortest intervalMin joined. ON CONFLICT waits for a
// flush holding the row, and inserts anew if that flush removed the group.
const UPSERT_GROUP = `
  INSERT INTO notification_groups (id, group_id, org_id, group_key, labels, notification_type_name,
      target_type, recipient, target, group_interval_seconds, repeat_interval_minutes, next_flush_at,
      created, updated)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, coalesce($11::int, $12::int), $13, $14, $14)
  ON CONFLICT (group_id, group_key) DO UPDATE
    SET repeat_interval_minutes = coalesce($11::int, least(notification_groups.repeat_interval_minutes, $12::int)),
        updated = $14
  RETURNING id, (xmax = 0) AS inserted`;

// A member joining or leaving a group that has already sent: the group's next message goes group_interval
// after its last one (at once if that has passed), or earlier if one is planned sooner. Before its first
// message the group keeps its group_wait.
const SCHEDULE_UPDATE = `
  UPDATE notification_groups
     SET next_flush_at = CASE
           WHEN last_sent_at IS NULL THEN coalesce(next_flush_at, $2)
           ELSE least(coalesce(next_flush_at, 'infinity'),
                      greatest(last_sent_at + make_interval(secs => group_interval_seconds), $2))
         END,
         updated = $2
   WHERE id = ANY($1::char(24)[])`;

const DUE = `
  SELECT id FROM notification_groups
   WHERE next_flush_at <= $1
   ORDER BY next_flush_at, id
   LIMIT $2
   FOR UPDATE SKIP LOCKED`;

// The groups holding an alert, locked in id order (the order a flush never waits in) before their
// members are changed.
const GROUPS_OF_ALERT = `
  SELECT id FROM notification_groups
   WHERE id IN (SELECT notification_group_id FROM notification_group_members WHERE alert_id = $1)
   ORDER BY id
   FOR UPDATE`;

// The SQL of notification groups and their members; the caller's transaction throughout.
@Injectable()
export class NotificationGroupsStore {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  // Answers the group's id and whether this call created it.
  async upsertGroup(opening: GroupOpening): Promise<{ id: string; inserted: boolean }> {
    const rows: Array<{ id: string; inserted: boolean }> = await this.txHost.tx.query(UPSERT_GROUP, [
      opening.id,
      opening.groupId,
      opening.orgId,
      opening.groupKey,
      JSON.stringify(opening.labels),
      opening.notificationTypeName,
      opening.targetType,
      opening.recipient,
      opening.target,
      opening.groupIntervalSeconds,
      opening.repeatIntervalMinutes,
      opening.intervalMin,
      opening.firstFlushAt,
      opening.now,
    ]);
    return rows[0];
  }

  // Answers whether the alert is new to the group.
  async addMember(groupRowId: string, alert: AlertResponse, now: Date): Promise<boolean> {
    const rows: unknown[] = await this.txHost.tx.query(
      `INSERT INTO notification_group_members (notification_group_id, alert_id, alert_config_id, joined)
       VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING alert_id`,
      [groupRowId, alert.id, alert.alertConfigId, now],
    );
    return rows.length > 0;
  }

  async scheduleUpdate(groupRowIds: string[], now: Date): Promise<void> {
    if (groupRowIds.length > 0) await this.txHost.tx.query(SCHEDULE_UPDATE, [groupRowIds, now]);
  }

  // Marks the alert ended in every group holding it; answers those groups (none: it is in no group).
  async endMember(alertId: string, kind: MemberEnding, alert: AlertResponse): Promise<string[]> {
    const groups: Array<{ id: string }> = await this.txHost.tx.query(GROUPS_OF_ALERT, [alertId]);
    if (groups.length === 0) return [];
    await this.txHost.tx.query(
      `UPDATE notification_group_members SET ended_kind = $2, ended_alert = $3
        WHERE alert_id = $1 AND ended_kind IS NULL`,
      [alertId, kind, JSON.stringify(alert)],
    );
    return groups.map((group) => group.id);
  }

  async isMember(alertId: string): Promise<boolean> {
    const rows: unknown[] = await this.txHost.tx.query(
      `SELECT 1 FROM notification_group_members WHERE alert_id = $1 LIMIT 1`,
      [alertId],
    );
    return rows.length > 0;
  }

  // Due groups, locked until the caller's transaction ends; another instance's flush skips them.
  async claimDue(now: Date, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.txHost.tx.query(DUE, [now, limit]);
    return rows.map((row) => row.id);
  }
}
