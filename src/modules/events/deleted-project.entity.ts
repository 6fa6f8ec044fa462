import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

// A project deleted from its organization: its events stay in `events` and are listed with the
// organization's own from then on.
@Entity({ name: 'event_deleted_projects' })
@Index('event_deleted_projects_org_idx', ['orgId'])
export class DeletedProjectEntity {
  @PrimaryColumn({
    name: 'group_id',
    type: 'char',
    length: 24,
    primaryKeyConstraintName: 'event_deleted_projects_pkey',
  })
  groupId!: string;

  @Column({ name: 'org_id', type: 'char', length: 24 })
  orgId!: string;

  @Column({ name: 'deleted_at', type: 'timestamptz' })
  deletedAt!: Date;
}
