import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { EventDiff } from '../../platform/events/domain-event';

// Stored as jsonb: scalars or plain objects only.
export type EventSubjectRecord = Record<string, string | number | boolean | object>;

// Append-only audit record (the product's event record). Filtered fields are columns; the rest of the subject
// (target, host, cluster, metric ...) sits in `subject`. The indexes are written by hand in the
// migration (descending keys, partial org indexes), so TypeORM must not try to synchronize them.
@Entity({ name: 'events' })
@Check('events_one_actor_kind', 'api_key_id IS NULL OR user_id IS NULL')
@Index('events_group_created_idx', { synchronize: false })
@Index('events_group_type_created_idx', { synchronize: false })
@Index('events_org_created_idx', { synchronize: false })
@Index('events_org_type_created_idx', { synchronize: false })
export class EventEntity {
  @PrimaryColumn({ type: 'char', length: 24 })
  id!: string;

  @Column({ name: 'event_type_name', type: 'varchar', length: 100 })
  eventTypeName!: string;

  @Column({ type: 'timestamptz', precision: 3 })
  created!: Date;

  @Column({ name: 'org_id', type: 'char', length: 24, nullable: true })
  orgId!: string | null;

  @Column({ name: 'group_id', type: 'char', length: 24, nullable: true })
  groupId!: string | null;

  @Column({ name: 'alert_id', type: 'char', length: 24, nullable: true })
  alertId!: string | null;

  @Column({ name: 'alert_config_id', type: 'char', length: 24, nullable: true })
  alertConfigId!: string | null;

  @Column({ name: 'maintenance_window_id', type: 'char', length: 24, nullable: true })
  maintenanceWindowId!: string | null;

  @Column({ name: 'api_key_id', type: 'char', length: 24, nullable: true })
  apiKeyId!: string | null;

  @Column({ name: 'public_key', type: 'varchar', length: 255, nullable: true })
  publicKey!: string | null;

  @Column({ name: 'user_id', type: 'char', length: 24, nullable: true })
  userId!: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  username!: string | null;

  @Column({ name: 'remote_address', type: 'varchar', length: 64, nullable: true })
  remoteAddress!: string | null;

  @Column({ name: 'is_global_admin', type: 'boolean', default: false })
  isGlobalAdmin!: boolean;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  subject!: EventSubjectRecord;

  @Column({ type: 'jsonb', nullable: true })
  diffs!: EventDiff[] | null;

  @Column({ type: 'jsonb', nullable: true })
  raw!: Record<string, unknown> | null;
}
