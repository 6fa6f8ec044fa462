import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ConnectedOrgEntity } from '../connected-orgs/connected-org.entity';

export interface RoleAssignment {
  groupId: string | null;
  orgId: string | null;
  role: string;
}

// A role mapping: an identity provider group and the roles its members get in one connected
// organization. Removed with the organization's connection.
@Entity({ name: 'federation_role_mappings' })
@Index('federation_role_mappings_org_group_name_key', ['orgId', 'externalGroupName'], { unique: true })
export class RoleMappingEntity {
  @PrimaryColumn({ type: 'char', length: 24, primaryKeyConstraintName: 'federation_role_mappings_pkey' })
  id!: string;

  @Column({ name: 'org_id', type: 'char', length: 24 })
  orgId!: string;

  @ManyToOne(() => ConnectedOrgEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'org_id', foreignKeyConstraintName: 'federation_role_mappings_org_fkey' })
  connectedOrg?: ConnectedOrgEntity;

  @Column({ name: 'external_group_name', type: 'text' })
  externalGroupName!: string;

  @Column({ name: 'role_assignments', type: 'jsonb' })
  roleAssignments!: RoleAssignment[];

  @Column({ type: 'timestamptz', precision: 3 })
  created!: Date;

  // List order: creation order, and for a list replaced through the connected organization (endpoint
  // 10), the order the client sent, since the whole list is written again.
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
