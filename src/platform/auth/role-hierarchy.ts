import type { RoleAssignment } from './principal';
import { GLOBAL_ROLE_NAMES, ORG_ROLE_NAMES, PROJECT_ROLE_NAMES } from './role-names';
import type { GlobalRoleName, OrgRoleName, ProjectRoleName } from './role-names';

// Which held roles satisfy a required role (product: a project role always includes read-only
// access; ORG_OWNER is owner of every project in the organization; ORG_READ_ONLY reads all of them).
const PROJECT_IMPLIED_BY: Record<ProjectRoleName, { project: string[]; org: string[]; global: string[] }> = {
  GROUP_READ_ONLY: {
    project: [...PROJECT_ROLE_NAMES],
    org: ['ORG_OWNER', 'ORG_READ_ONLY'],
    global: [...GLOBAL_ROLE_NAMES],
  },
  GROUP_OWNER: { project: ['GROUP_OWNER'], org: ['ORG_OWNER'], global: ['GLOBAL_OWNER'] },
  GROUP_MONITORING_ADMIN: {
    project: ['GROUP_OWNER', 'GROUP_MONITORING_ADMIN'],
    org: ['ORG_OWNER'],
    global: ['GLOBAL_OWNER', 'GLOBAL_MONITORING_ADMIN'],
  },
  GROUP_AUTOMATION_ADMIN: {
    project: ['GROUP_OWNER', 'GROUP_AUTOMATION_ADMIN'],
    org: ['ORG_OWNER'],
    global: ['GLOBAL_OWNER', 'GLOBAL_AUTOMATION_ADMIN'],
  },
  GROUP_BACKUP_ADMIN: {
    project: ['GROUP_OWNER', 'GROUP_BACKUP_ADMIN'],
    org: ['ORG_OWNER'],
    global: ['GLOBAL_OWNER', 'GLOBAL_BACKUP_ADMIN'],
  },
  GROUP_USER_ADMIN: {
    project: ['GROUP_OWNER', 'GROUP_USER_ADMIN'],
    org: ['ORG_OWNER'],
    global: ['GLOBAL_OWNER', 'GLOBAL_USER_ADMIN'],
  },
  GROUP_DATA_ACCESS_ADMIN: {
    project: ['GROUP_OWNER', 'GROUP_DATA_ACCESS_ADMIN'],
    org: ['ORG_OWNER'],
    global: ['GLOBAL_OWNER'],
  },
  GROUP_DATA_ACCESS_READ_WRITE: {
    project: ['GROUP_OWNER', 'GROUP_DATA_ACCESS_ADMIN', 'GROUP_DATA_ACCESS_READ_WRITE'],
    org: ['ORG_OWNER'],
    global: ['GLOBAL_OWNER'],
  },
  GROUP_DATA_ACCESS_READ_ONLY: {
    project: [
      'GROUP_OWNER',
      'GROUP_DATA_ACCESS_ADMIN',
      'GROUP_DATA_ACCESS_READ_WRITE',
      'GROUP_DATA_ACCESS_READ_ONLY',
    ],
    org: ['ORG_OWNER'],
    global: ['GLOBAL_OWNER'],
  },
};

const ORG_IMPLIED_BY: Record<OrgRoleName, { org: string[]; global: string[] }> = {
  ORG_READ_ONLY: { org: [...ORG_ROLE_NAMES], global: [...GLOBAL_ROLE_NAMES] },
  ORG_MEMBER: { org: [...ORG_ROLE_NAMES], global: [...GLOBAL_ROLE_NAMES] },
  ORG_GROUP_CREATOR: { org: ['ORG_GROUP_CREATOR', 'ORG_OWNER'], global: ['GLOBAL_OWNER'] },
  ORG_BILLING_ADMIN: { org: ['ORG_BILLING_ADMIN', 'ORG_OWNER'], global: ['GLOBAL_OWNER'] },
  ORG_OWNER: { org: ['ORG_OWNER'], global: ['GLOBAL_OWNER'] },
};

const GLOBAL_IMPLIED_BY: Record<GlobalRoleName, string[]> = {
  GLOBAL_OWNER: ['GLOBAL_OWNER'],
  GLOBAL_READ_ONLY: [...GLOBAL_ROLE_NAMES],
  GLOBAL_MONITORING_ADMIN: ['GLOBAL_OWNER', 'GLOBAL_MONITORING_ADMIN'],
  GLOBAL_AUTOMATION_ADMIN: ['GLOBAL_OWNER', 'GLOBAL_AUTOMATION_ADMIN'],
  GLOBAL_BACKUP_ADMIN: ['GLOBAL_OWNER', 'GLOBAL_BACKUP_ADMIN'],
  GLOBAL_USER_ADMIN: ['GLOBAL_OWNER', 'GLOBAL_USER_ADMIN'],
};

const isGlobal = (role: RoleAssignment): boolean => role.orgId === undefined && role.groupId === undefined;

export function hasGlobalRole(roles: RoleAssignment[], required: GlobalRoleName[]): boolean {
  return roles.some(
    (role) => isGlobal(role) && required.some((r) => GLOBAL_IMPLIED_BY[r].includes(role.roleName)),
  );
}

export function hasOrgRole(roles: RoleAssignment[], orgId: string, required: OrgRoleName[]): boolean {
  return required.some((r) => {
    const implied = ORG_IMPLIED_BY[r];
    return roles.some(
      (role) =>
        (role.orgId === orgId && implied.org.includes(role.roleName)) ||
        (isGlobal(role) && implied.global.includes(role.roleName)),
    );
  });
}

export function hasProjectRole(
  roles: RoleAssignment[],
  groupId: string,
  orgId: string | null,
  required: ProjectRoleName[],
): boolean {
  return required.some((r) => {
    const implied = PROJECT_IMPLIED_BY[r];
    return roles.some(
      (role) =>
        (role.groupId === groupId && implied.project.includes(role.roleName)) ||
        (orgId !== null && role.orgId === orgId && implied.org.includes(role.roleName)) ||
        (isGlobal(role) && implied.global.includes(role.roleName)),
    );
  });
}

// Any standing in the project at all: decides NOT_IN_GROUP versus USER_UNAUTHORIZED.
export function isInProject(roles: RoleAssignment[], groupId: string, orgId: string | null): boolean {
  return (
    hasProjectRole(roles, groupId, orgId, ['GROUP_READ_ONLY']) ||
    roles.some((role) => role.groupId === groupId)
  );
}
