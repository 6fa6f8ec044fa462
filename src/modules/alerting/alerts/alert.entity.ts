import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { AlertStatus } from './alert-state';

// The product's alert. The indexes (partial unique, descending keys) are hand-written in the migration.
@Entity({ name: 'alerts' })
@Index('alerts_one_active_per_target', { synchronize: false })
@Index('alerts_group_created_idx', { synchronize: false })
@Index('alerts_group_status_created_idx', { synchronize: false })
@Index('alerts_config_status_created_idx', { synchronize: false })
@Check('alerts_status_check', `status IN ('TRACKING', 'OPEN', 'CLOSED', 'CANCELLED')`)
@Check('alerts_resolved_iff_closed', `(resolved IS NOT NULL) = (status = 'CLOSED')`)
@Check('alerts_current_value_whole', `(current_value_number IS NULL) = (current_value_units IS NULL)`)
@Check(
  'alerts_acknowledgement_whole',
  `acknowledged_until IS NOT NULL OR (acknowledging_username IS NULL AND acknowledgement_comment IS NULL)`,
)
export class AlertEntity {
  @PrimaryColumn({ type: 'char', length: 24 })
  id!: string;

  @Column({ name: 'group_id', type: 'char', length: 24 })
  groupId!: string;

  @Column({ name: 'alert_config_id', type: 'char', length: 24 })
  alertConfigId!: string;

  @Column({ name: 'event_type_name', type: 'varchar', length: 100 })
  eventTypeName!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: AlertStatus;

  @Column({ name: 'target_key', type: 'text', default: '' })
  targetKey!: string;

  @Column({ type: 'timestamptz', precision: 3 })
  created!: Date;

  @Column({ type: 'timestamptz', precision: 3 })
  updated!: Date;

  @Column({ name: 'last_notified', type: 'timestamptz', precision: 3, nullable: true })
  lastNotified!: Date | null;

  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  resolved!: Date | null;

  @Column({ name: 'acknowledged_until', type: 'timestamptz', precision: 3, nullable: true })
  acknowledgedUntil!: Date | null;

  @Column({ name: 'acknowledgement_comment', type: 'varchar', length: 200, nullable: true })
  acknowledgementComment!: string | null;

  @Column({ name: 'acknowledging_username', type: 'text', nullable: true })
  acknowledgingUsername!: string | null;

  @Column({ name: 'current_value_number', type: 'double precision', nullable: true })
  currentValueNumber!: number | null;

  @Column({ name: 'current_value_units', type: 'varchar', length: 16, nullable: true })
  currentValueUnits!: string | null;

  @Column({ name: 'metric_name', type: 'varchar', length: 100, nullable: true })
  metricName!: string | null;

  @Column({ name: 'host_id', type: 'text', nullable: true })
  hostId!: string | null;

  @Column({ name: 'hostname_and_port', type: 'text', nullable: true })
  hostnameAndPort!: string | null;

  @Column({ name: 'replica_set_name', type: 'text', nullable: true })
  replicaSetName!: string | null;

  @Column({ name: 'cluster_id', type: 'text', nullable: true })
  clusterId!: string | null;

  @Column({ name: 'cluster_name', type: 'text', nullable: true })
  clusterName!: string | null;

  @Column({ name: 'source_type_name', type: 'varchar', length: 32, nullable: true })
  sourceTypeName!: string | null;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  tags!: string[];

  @Column({ name: 'human_readable', type: 'text', nullable: true })
  humanReadable!: string | null;
}
