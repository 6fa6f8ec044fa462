import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { RoleAssignmentColumns } from '../roles/role-assignment.columns';

// One role of an API key: global (no org, no project), organization (orgId) or project (groupId).
@Entity({ name: 'api_key_roles' })
@Check('api_key_roles_one_scope_check', '"org_id" IS NULL OR "group_id" IS NULL')
@Index('api_key_roles_assignment_key', { synchronize: false })
@Index('api_key_roles_api_key_id_idx', ['apiKeyId'])
@Index('api_key_roles_group_id_idx', ['groupId'])
@Index('api_key_roles_org_id_idx', ['orgId'])
export class ApiKeyRoleEntity extends RoleAssignmentColumns {
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'api_key_roles_pkey' })
  id!: string;

  @Column({ name: 'api_key_id', type: 'varchar', length: 24 })
  apiKeyId!: string;
}
