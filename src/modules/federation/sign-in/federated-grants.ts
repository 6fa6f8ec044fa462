import type { RoleAssignment } from '../role-mappings/role-mapping.entity';

export interface ConnectedOrgGrants {
  orgId: string;
  postAuthRoleGrants: readonly string[];
  domainRestrictionEnabled: boolean;
  domainAllowList: readonly string[];
  mappings: ReadonlyArray<{ externalGroupName: string; roleAssignments: readonly RoleAssignment[] }>;
}

export interface GrantedRole {
  roleName: string;
  orgId: string | null;
  groupId: string | null;
}

// The roles a signed-in person holds in the organizations connected to its identity provider: each
// organization's postAuthRoleGrants, plus the role assignments of every role mapping whose group the
// assertion names. An organization with domain restriction on grants nothing to an e-mail domain off its
// allow list (and so removes what that person held there).
export function federatedGrants(
  orgs: readonly ConnectedOrgGrants[],
  domain: string,
  groups: readonly string[],
): GrantedRole[] {
  const memberOf = new Set(groups);
  return orgs.flatMap((org) => {
    if (
      org.domainRestrictionEnabled &&
      !org.domainAllowList.some((allowed) => allowed.toLowerCase() === domain)
    ) {
      return [];
    }
    const grants: GrantedRole[] = org.postAuthRoleGrants.map((roleName) => ({
      roleName,
      orgId: org.orgId,
      groupId: null,
    }));
    for (const mapping of org.mappings) {
      if (!memberOf.has(mapping.externalGroupName)) continue;
      for (const assignment of mapping.roleAssignments) {
        grants.push(
          assignment.groupId !== null
            ? { roleName: assignment.role, orgId: null, groupId: assignment.groupId }
            : { roleName: assignment.role, orgId: assignment.orgId ?? org.orgId, groupId: null },
        );
      }
    }
    return grants;
  });
}
