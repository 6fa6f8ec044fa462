import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity({ name: 'teams' })
@Index('teams_org_id_name_key', ['orgId', 'name'], { unique: true })
export class TeamEntity {
  @PrimaryColumn({ type: 'varchar', length: 24, primaryKeyConstraintName: 'teams_pkey' })
  id!: string;

  @Column({ name: 'org_id', type: 'varchar', length: 24 })
  orgId!: string;

  @Column({ type: 'text' })
  name!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
