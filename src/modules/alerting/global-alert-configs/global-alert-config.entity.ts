import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { Matcher, MetricThreshold, Threshold } from '../alert-configs/alert-config.types';
import type { StoredNotification } from '../alert-configs/notification-secrets';

// An alert configuration of the whole service: the fields of a project's, and the projects it applies
// to. Notification secrets are sealed as a project configuration's are. A deleted one keeps its row
// (`deleted` set) so the alerts it raised stay listed as global alerts.
@Entity({ name: 'global_alert_configs' })
@Index('global_alert_configs_seq_idx', { synchronize: false })
@Check('global_alert_configs_matchers_array', `jsonb_typeof(matchers) = 'array'`)
@Check(
  'global_alert_configs_notifications_array',
  `jsonb_typeof(notifications) = 'array' AND jsonb_array_length(notifications) > 0`,
)
@Check('global_alert_configs_scope', `for_all_groups OR cardinality(group_ids) > 0`)
export class GlobalAlertConfigEntity {
  @PrimaryColumn({ type: 'char', length: 24 })
  id!: string;

  @Column({ name: 'event_type_name', type: 'varchar', length: 100 })
  eventTypeName!: string;

  @Column({ type: 'boolean' })
  enabled!: boolean;

  @Column({ name: 'for_all_groups', type: 'boolean' })
  forAllGroups!: boolean;

  @Column({ name: 'group_ids', type: 'char', length: 24, array: true, default: () => "'{}'" })
  groupIds!: string[];

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  tags!: string[];

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

  @Column({ type: 'timestamptz', precision: 3 })
  updated!: Date;

  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  deleted!: Date | null;

  @Column({
    type: 'bigint',
    generated: 'identity',
    generatedIdentity: 'ALWAYS',
    insert: false,
    update: false,
    select: false,
  })
  seq?: string;
}
