import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

// The project's automation configuration (one per project). `version` is the goal version; the document
// is stored without it and the version is written into it when read.
@Entity({ name: 'automation_configs' })
@Check('automation_configs_version_check', `version >= 0`)
export class AutomationConfigEntity {
  @PrimaryColumn({
    name: 'group_id',
    type: 'char',
    length: 24,
    primaryKeyConstraintName: 'automation_configs_pkey',
  })
  groupId!: string;

  @Column({ type: 'integer' })
  version!: number;

  @Column({ type: 'jsonb' })
  document!: Record<string, unknown>;

  @Column({ type: 'timestamptz', precision: 3 })
  updated!: Date;
}
