import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { RoleAssignmentColumns } from '../roles/role-assignment.columns';

// One role assignment: global (no org, no project), organization (orgId) or project (groupId).
@Entity({ name: 'user_roles' })
@Check('user_roles_one_scope_check', '"org_id" IS NULL OR "group_id" IS NULL')
@Index('user_roles_assignment_key', { synchronize: false })
@Index('user_roles_user_id_idx', ['userId'])
@Index('user_roles_group_id_idx', ['groupId'])
@Index('user_roles_org_id_idx', ['orgId'])
export class UserRoleEntity extends RoleAssignmentColumns {
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'user_roles_pkey' })
  id!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 24 })
  userId!: string;
}
