import { isOrgRoleName, ORG_ROLE_NAMES, PROJECT_ROLE_NAMES } from '../../../platform/auth/role-names';
import { CommonErrors } from '../../../platform/http/error-codes';
import { FederationErrors } from '../federation.errors';
import type { RoleAssignment } from './role-mapping.entity';

export const ROLE_NAMES: readonly string[] = [...ORG_ROLE_NAMES, ...PROJECT_ROLE_NAMES];

export interface RoleAssignmentInput {
  groupId?: string | null;
  orgId?: string | null;
  role: string;
}

// Every assignment must grant an organization role on the connected organization itself, or a project
// role on one of its projects; `field` names the list in errors, e.g. roleMappings[0].roleAssignments.
// Duplicates collapse to one.
export async function checkRoleAssignments(
  assignments: readonly RoleAssignmentInput[],
  connectedOrgId: string,
  field: string,
  orgOfProject: (groupId: string) => Promise<string | null>,
): Promise<RoleAssignment[]> {
  const checked = new Map<string, RoleAssignment>();
  for (const [index, assignment] of assignments.entries()) {
    const path = `${field}[${index}]`;
    const groupId = assignment.groupId ?? null;
    const orgId = assignment.orgId ?? null;
    const { role } = assignment;
    // An explicit null reaches here as absent (the validation pipe drops nulls of optional shapes).
    if (typeof role !== 'string') throw CommonErrors.MISSING_ATTRIBUTE(`${path}.role`);
    if (isOrgRoleName(role)) {
      if (groupId !== null) throw FederationErrors.ROLE_NEEDS_NO_GROUP_ID(role, path);
      if (orgId === null) throw FederationErrors.ROLE_NEEDS_ORG_ID(role, path);
      if (orgId !== connectedOrgId) {
        throw FederationErrors.ROLE_ASSIGNMENT_OUTSIDE_CONNECTED_ORG(
          path,
          `organization ${orgId}`,
          connectedOrgId,
        );
      }
    } else {
      if (orgId !== null) throw FederationErrors.ROLE_NEEDS_NO_ORG_ID(role, path);
      if (groupId === null) throw FederationErrors.ROLE_NEEDS_GROUP_ID(role, path);
      // An unknown project and another organization's project get the same answer: the caller owns
      // only the connected organization and learns nothing about the rest.
      if ((await orgOfProject(groupId)) !== connectedOrgId) {
        throw FederationErrors.ROLE_ASSIGNMENT_OUTSIDE_CONNECTED_ORG(
          path,
          `project ${groupId}`,
          connectedOrgId,
        );
      }
    }
    checked.set(`${role}:${groupId ?? ''}:${orgId ?? ''}`, { groupId, orgId, role });
  }
  return [...checked.values()];
}
