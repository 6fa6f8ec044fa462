import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { Matcher, MetricThreshold, Threshold } from './alert-config.types';
import type { StoredNotification } from './notification-secrets';

// The product's alert configuration. Notification secrets are sealed inside `notifications`
// (notification-secrets.ts).
@Entity({ name: 'alert_configs' })
@Index('alert_configs_group_seq_idx', { synchronize: false })
@Index('alert_configs_group_enabled_idx', { synchronize: false })
@Check('alert_configs_matchers_array', `jsonb_typeof(matchers) = 'array'`)
@Check(
  'alert_configs_notifications_array',
  `jsonb_typeof(notifications) = 'array' AND jsonb_array_length(notifications) > 0`,
)
export class AlertConfigEntity {
  @PrimaryColumn({ type: 'char', length: 24 })
  id!: string;

  @Column({ name: 'group_id', type: 'char', length: 24 })
  groupId!: string;

  @Column({ name: 'event_type_name', type: 'varchar', length: 100 })
  eventTypeName!: string;

  @Column({ type: 'boolean' })
  enabled!: boolean;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  matchers!: Matcher[];

  @Column({ name: 'metric_threshold', type: 'jsonb', nullable: true })
  metricThreshold!: MetricThreshold | null;

  @Column({ type: 'jsonb', nullable: true })
  threshold!: Threshold | null;

  @Column({ type: 'jsonb' })
  notifications!: StoredNotification[];

  @Column({ type: 'timestamptz', precision: 3 })
  created!: Date;

  // Insertion order: lists are oldest first, and configurations created in the same millisecond (the
  // defaults of a new project) keep the order they were created in.
  @Column({
    type: 'bigint',
    generated: 'identity',
    generatedIdentity: 'ALWAYS',
    insert: false,
    update: false,
    select: false,
  })
  seq?: string;

  @Column({ type: 'timestamptz', precision: 3 })
  updated!: Date;
}
