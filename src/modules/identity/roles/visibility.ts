import type { RoleAssignment } from '../../../platform/auth/principal';
import { hasGlobalRole, hasProjectRole } from '../../../platform/auth/role-hierarchy';

// What a caller may list, derived from the same role hierarchy the guard applies.
export interface Visibility {
  // A global role: every organization and project.
  everything: boolean;
  // Organizations where the caller holds any role.
  orgIds: string[];
  // Organizations whose every project the caller may read (e.g. ORG_OWNER, ORG_READ_ONLY).
  allProjectsOfOrgIds: string[];
  // Projects where the caller holds a role directly.
  groupIds: string[];
}

export function visibilityOf(roles: RoleAssignment[]): Visibility {
  const orgIds = new Set<string>();
  const allProjectsOfOrgIds = new Set<string>();
  const groupIds = new Set<string>();
  for (const role of roles) {
    if (role.groupId !== undefined) groupIds.add(role.groupId);
    if (role.orgId !== undefined) {
      orgIds.add(role.orgId);
      // Any project of that org, probed through the hierarchy with this single role.
      if (hasProjectRole([role], '', role.orgId, ['GROUP_READ_ONLY'])) allProjectsOfOrgIds.add(role.orgId);
    }
  }
  return {
    everything: hasGlobalRole(roles, ['GLOBAL_READ_ONLY']),
    orgIds: [...orgIds],
    allProjectsOfOrgIds: [...allProjectsOfOrgIds],
    groupIds: [...groupIds],
  };
}
