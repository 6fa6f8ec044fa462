import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity({ name: 'projects' })
@Index('projects_org_id_name_key', ['orgId', 'name'], { unique: true })
@Index('projects_name_idx', ['name'])
export class ProjectEntity {
  @PrimaryColumn({ type: 'varchar', length: 24, primaryKeyConstraintName: 'projects_pkey' })
  id!: string;

  @Column({ name: 'org_id', type: 'varchar', length: 24 })
  orgId!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'with_default_alerts_settings', type: 'boolean', default: true })
  withDefaultAlertsSettings!: boolean;

  // Set only by a global owner (PATCH /groups/{groupId}); printed only to global readers.
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  tags!: string[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
