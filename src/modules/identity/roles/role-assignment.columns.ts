import { Column } from 'typeorm';
import type { RoleRow } from './role-assignment.mapper';

// The columns a role assignment has, whoever holds it (a user or an API key): one shape, mapped by the
// same functions (role-assignment.mapper.ts). Exactly one of orgId / groupId for organization and
// project roles, neither for global roles; each table checks that with its own constraint.
export abstract class RoleAssignmentColumns implements RoleRow {
  @Column({ name: 'role_name', type: 'text' })
  roleName!: string;

  @Column({ name: 'org_id', type: 'varchar', length: 24, nullable: true })
  orgId!: string | null;

  @Column({ name: 'group_id', type: 'varchar', length: 24, nullable: true })
  groupId!: string | null;
}
