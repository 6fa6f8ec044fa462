import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';

// When each notification of an OPEN alert is next due. Written when the alert opens, advanced after
// each notification, deactivated when the alert closes or is cancelled.
@Entity({ name: 'notification_schedules' })
@Index('notification_schedules_due_idx', { synchronize: false })
@Check('notification_schedules_event_kind_check', `event_kind IN ('alert.open', 'alert.inform')`)
export class NotificationScheduleEntity {
  @PrimaryColumn({ name: 'alert_id', type: 'char', length: 24 })
  alertId!: string;

  @PrimaryColumn({ name: 'notification_index', type: 'integer' })
  notificationIndex!: number;

  @Column({ name: 'group_id', type: 'char', length: 24 })
  groupId!: string;

  @Column({ name: 'alert_config_id', type: 'char', length: 24 })
  alertConfigId!: string;

  @Column({ name: 'event_type_name', type: 'varchar', length: 100 })
  eventTypeName!: string;

  // The configuration's notification as sealed JSON, so the resolved and cancel notices reach the
  // receivers of the opening one even if the configuration has changed since.
  @Column({ type: 'text' })
  notification!: string;

  // alert.open: repeated every intervalMin while the alert is OPEN; alert.inform: an informational alert's
  // single notification.
  @Column({ name: 'event_kind', type: 'varchar', length: 32, default: 'alert.open' })
  eventKind!: 'alert.open' | 'alert.inform';

  @Column({ name: 'interval_min', type: 'integer' })
  intervalMin!: number;

  @Column({ name: 'next_due_at', type: 'timestamptz', precision: 3 })
  nextDueAt!: Date;

  @Column({ name: 'notified_count', type: 'integer', default: 0 })
  notifiedCount!: number;

  @Column({ name: 'last_notified', type: 'timestamptz', precision: 3, nullable: true })
  lastNotified!: Date | null;

  @Column({ type: 'boolean', default: true })
  active!: boolean;

  // The sweep run that last looked at it, so one run checks a silenced row once.
  @Column({ name: 'last_sweep', type: 'varchar', length: 36, nullable: true })
  lastSweep!: string | null;

  // The alert that inhibits this notification, once its SUPPRESSED delivery is logged; null otherwise.
  @Column({ name: 'inhibited_by', type: 'char', length: 24, nullable: true })
  inhibitedBy!: string | null;

  @Column({ type: 'timestamptz', precision: 3 })
  created!: Date;

  @Column({ type: 'timestamptz', precision: 3 })
  updated!: Date;
}
