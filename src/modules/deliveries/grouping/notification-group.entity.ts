import { Column, Entity, Index, PrimaryColumn, Unique } from 'typeorm';

// One group of alerts going to one receiver as one message: alerts sharing the policy's group keys and
// the receiver (its fingerprint in group_key). Lives from its first alert until its last has ended and
// that ending has been sent; its id is the incident key (PagerDuty dedup_key, Opsgenie alias, ...), so
// every message of the group lands on one incident.
@Entity({ name: 'notification_groups' })
@Unique('notification_groups_key_unique', ['groupId', 'groupKey'])
@Index('notification_groups_due_idx', { synchronize: false })
export class NotificationGroupEntity {
  @PrimaryColumn({ type: 'char', length: 24 })
  id!: string;

  @Column({ name: 'group_id', type: 'char', length: 24 })
  groupId!: string;

  @Column({ name: 'org_id', type: 'char', length: 24, nullable: true })
  orgId!: string | null;

  // Fingerprint of the receiver (with its secrets) and the labels: equal for alerts that go out together.
  @Column({ name: 'group_key', type: 'varchar', length: 64 })
  groupKey!: string;

  // The policy's groupBy keys and this group's values, e.g. {"REPLICA_SET": "rs0"}.
  @Column({ type: 'jsonb' })
  labels!: Record<string, string>;

  @Column({ name: 'notification_type_name', type: 'varchar', length: 32 })
  notificationTypeName!: string;

  @Column({ name: 'target_type', type: 'varchar', length: 32 })
  targetType!: string;

  @Column({ type: 'text', nullable: true })
  recipient!: string | null;

  // The NotificationTarget as sealed JSON.
  @Column({ type: 'text' })
  target!: string;

  @Column({ name: 'group_interval_seconds', type: 'integer' })
  groupIntervalSeconds!: number;

  @Column({ name: 'repeat_interval_minutes', type: 'integer' })
  repeatIntervalMinutes!: number;

  // When the group is next looked at (its first message, an update, a repeat); null: nothing to do.
  @Column({ name: 'next_flush_at', type: 'timestamptz', precision: 3, nullable: true })
  nextFlushAt!: Date | null;

  @Column({ name: 'last_sent_at', type: 'timestamptz', precision: 3, nullable: true })
  lastSentAt!: Date | null;

  @Column({ name: 'messages_sent', type: 'integer', default: 0 })
  messagesSent!: number;

  @Column({ type: 'timestamptz', precision: 3 })
  created!: Date;

  @Column({ type: 'timestamptz', precision: 3 })
  updated!: Date;
}
