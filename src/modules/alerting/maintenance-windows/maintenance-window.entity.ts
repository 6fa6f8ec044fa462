import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { Matcher } from '../alert-configs/alert-config.types';
import type { Recurrence } from './window-recurrence';

// The product's maintenance window.
@Entity({ name: 'maintenance_windows' })
@Index('maintenance_windows_group_end_idx', ['groupId', 'endDate'])
@Check('maintenance_windows_start_before_end', `start_date < end_date`)
@Check('maintenance_windows_some_alert_type', `cardinality(alert_type_names) > 0`)
@Check('maintenance_windows_matchers_array', `jsonb_typeof(matchers) = 'array'`)
@Check('maintenance_windows_recurrence_object', `recurrence IS NULL OR jsonb_typeof(recurrence) = 'object'`)
@Check('maintenance_windows_ends_or_recurs', `end_date IS NOT NULL OR recurrence IS NOT NULL`)
export class MaintenanceWindowEntity {
  @PrimaryColumn({ type: 'char', length: 24 })
  id!: string;

  @Column({ name: 'group_id', type: 'char', length: 24 })
  groupId!: string;

  @Column({ name: 'start_date', type: 'timestamptz', precision: 3 })
  startDate!: Date;

  // Null only for a window that recurs for good.
  @Column({ name: 'end_date', type: 'timestamptz', precision: 3, nullable: true })
  endDate!: Date | null;

  @Column({ name: 'alert_type_names', type: 'text', array: true })
  alertTypeNames!: string[];

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  // Beyond the product: a scoped window silences only the hosts or replica sets matching every matcher.
  @Column({ type: 'jsonb', default: () => "'[]'" })
  matchers!: Matcher[];

  // Beyond the product: a recurring window silences only during its occurrences (window-recurrence.ts).
  @Column({ type: 'jsonb', nullable: true })
  recurrence!: Recurrence | null;

  // Beyond the product: a window naming alert configurations silences only their alerts.
  @Column({ name: 'alert_config_ids', type: 'text', array: true, default: () => "'{}'" })
  alertConfigIds!: string[];

  @Column({ type: 'timestamptz', precision: 3 })
  created!: Date;

  @Column({ type: 'timestamptz', precision: 3 })
  updated!: Date;
}
