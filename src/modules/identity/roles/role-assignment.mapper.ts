import type { RoleAssignment } from '../../../platform/auth/principal';
import { RoleResponse } from './role.response';

export interface RoleRow {
  roleName: string;
  orgId: string | null;
  groupId: string | null;
}

// Global roles first, then organization roles, then project roles; stable order for responses.
function rank(row: RoleRow): string {
  const scope = row.groupId !== null ? `2${row.groupId}` : row.orgId !== null ? `1${row.orgId}` : '0';
  return `${scope}:${row.roleName}`;
}

export function sortRoles<T extends RoleRow>(rows: T[]): T[] {
  return [...rows].sort((a, b) => rank(a).localeCompare(rank(b)));
}

// The guard's shape: orgId / groupId are absent (not null) on global roles.
export function toRoleAssignment(row: RoleRow): RoleAssignment {
  const assignment: RoleAssignment = { roleName: row.roleName };
  if (row.orgId !== null) assignment.orgId = row.orgId;
  if (row.groupId !== null) assignment.groupId = row.groupId;
  return assignment;
}

// The product's role object: `{groupId, roleName}`, `{orgId, roleName}` or `{roleName}`.
export function toRoleResponse(row: RoleRow): RoleResponse {
  if (row.groupId !== null) return { groupId: row.groupId, roleName: row.roleName };
  if (row.orgId !== null) return { orgId: row.orgId, roleName: row.roleName };
  return { roleName: row.roleName };
}
