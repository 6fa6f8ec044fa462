import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { GroupDocument } from '../grouping/group-document';
import type { AlertContext, AlertDocument } from '../notifiers';

// SUPPRESSED: held back while another alert inhibits it (its host down); logged, never sent.
export const DELIVERY_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED', 'SUPPRESSED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

// One notification of one alert event to one receiver: the durable queue row. The partial and
// descending indexes are hand-written in the migration.
@Entity({ name: 'deliveries' })
@Index('deliveries_due_idx', { synchronize: false })
@Index('deliveries_group_created_idx', { synchronize: false })
@Index('deliveries_alert_idx', ['alertId'])
@Check('deliveries_status_check', `status IN ('PENDING', 'SUCCEEDED', 'FAILED', 'SUPPRESSED')`)
@Check('deliveries_suppressed_names_inhibitor', `(status = 'SUPPRESSED') = (suppressed_by IS NOT NULL)`)
@Check('deliveries_pending_is_due', `(status = 'PENDING') = (next_attempt_at IS NOT NULL)`)
export class DeliveryEntity {
  @PrimaryColumn({ type: 'char', length: 24 })
  id!: string;

  @Column({ name: 'group_id', type: 'char', length: 24 })
  groupId!: string;

  // The project's organization (null when it was unknown at enqueue): claims share slots by it first.
  @Column({ name: 'org_id', type: 'char', length: 24, nullable: true })
  orgId!: string | null;

  @Column({ name: 'alert_id', type: 'char', length: 24 })
  alertId!: string;

  @Column({ name: 'alert_config_id', type: 'char', length: 24 })
  alertConfigId!: string;

  @Column({ name: 'notification_index', type: 'integer', nullable: true })
  notificationIndex!: number | null;

  // The alert configuration's notification typeName (USER, GROUP, PAGER_DUTY ...).
  @Column({ name: 'notification_type_name', type: 'varchar', length: 32 })
  notificationTypeName!: string;

  // What receives it (EMAIL for people); the notification's typeName when it could not be resolved.
  @Column({ name: 'target_type', type: 'varchar', length: 32 })
  targetType!: string;

  // Shown in the log: an e-mail address, a phone number or a Slack channel; never a secret.
  @Column({ type: 'text', nullable: true })
  recipient!: string | null;

  // The NotificationTarget as sealed JSON (it holds secrets); null when unresolved.
  @Column({ type: 'text', nullable: true })
  target!: string | null;

  @Column({ name: 'event_kind', type: 'varchar', length: 32 })
  eventKind!: string;

  // The alert as it was when the notification was decided (a group message: its group document).
  @Column({ type: 'jsonb' })
  alert!: AlertDocument | GroupDocument;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  context!: AlertContext;

  @Column({ type: 'varchar', length: 16 })
  status!: DeliveryStatus;

  @Column({ name: 'attempt_count', type: 'integer', default: 0 })
  attemptCount!: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', precision: 3, nullable: true })
  nextAttemptAt!: Date | null;

  @Column({ name: 'lease_owner', type: 'varchar', length: 36, nullable: true })
  leaseOwner!: string | null;

  @Column({ name: 'lease_until', type: 'timestamptz', precision: 3, nullable: true })
  leaseUntil!: Date | null;

  @Column({ name: 'last_status_code', type: 'integer', nullable: true })
  lastStatusCode!: number | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  // The alert that inhibited a SUPPRESSED delivery, and why, as shown in the log.
  @Column({ name: 'suppressed_by', type: 'char', length: 24, nullable: true })
  suppressedBy!: string | null;

  @Column({ name: 'suppression_reason', type: 'text', nullable: true })
  suppressionReason!: string | null;

  // A group message (grouping policy): its notification group, and the alerts it carried; `alert` then
  // holds the group document and alertId / alertConfigId name the group's first alert.
  @Column({ name: 'notification_group_id', type: 'char', length: 24, nullable: true })
  notificationGroupId!: string | null;

  @Column({ name: 'alert_ids', type: 'jsonb', nullable: true })
  alertIds!: string[] | null;

  @Column({ name: 'redelivery_of', type: 'char', length: 24, nullable: true })
  redeliveryOf!: string | null;

  @Column({ type: 'timestamptz', precision: 3 })
  created!: Date;

  @Column({ type: 'timestamptz', precision: 3 })
  updated!: Date;

  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  completed!: Date | null;
}
