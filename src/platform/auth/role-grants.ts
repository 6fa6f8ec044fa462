import { defineErrors } from '../http/api-error';
import type { RoleAssignment } from './principal';
import { hasGlobalRole, hasOrgRole, hasProjectRole } from './role-hierarchy';
import type { GlobalRoleName, OrgRoleName, ProjectRoleName } from './role-names';

// Who may grant (or take away) which role where. Pure: callers pass the grantor's EFFECTIVE roles
// (own plus teams') and the scope of each role, already resolved (a project's organization).
//
// The rule:
// - GLOBAL_OWNER grants any role anywhere.
// - GLOBAL_USER_ADMIN grants any role anywhere except GLOBAL_OWNER (a role above its own).
// - ORG_OWNER grants organization roles in its organization and project roles in the projects of it.
// - GROUP_OWNER grants any project role in its project.
// - GROUP_USER_ADMIN grants project roles in its project except GROUP_OWNER (a role above its own).
// - Nobody changes their own roles, and a role outside its kind's scope (a GLOBAL_* role on a
//   project, a GROUP_* role on an organization) is never grantable.
// Taking a role away needs the same right as granting it.

export const GLOBAL_ROLE_NAMES: readonly GlobalRoleName[] = [
  'GLOBAL_AUTOMATION_ADMIN',
  'GLOBAL_BACKUP_ADMIN',
  'GLOBAL_MONITORING_ADMIN',
  'GLOBAL_OWNER',
  'GLOBAL_READ_ONLY',
  'GLOBAL_USER_ADMIN',
];

export const ORG_ROLE_NAMES: readonly OrgRoleName[] = [
  'ORG_MEMBER',
  'ORG_READ_ONLY',
  'ORG_GROUP_CREATOR',
  'ORG_OWNER',
];

export const PROJECT_ROLE_NAMES: readonly ProjectRoleName[] = [
  'GROUP_AUTOMATION_ADMIN',
  'GROUP_BACKUP_ADMIN',
  'GROUP_MONITORING_ADMIN',
  'GROUP_OWNER',
  'GROUP_READ_ONLY',
  'GROUP_USER_ADMIN',
  'GROUP_DATA_ACCESS_ADMIN',
  'GROUP_DATA_ACCESS_READ_ONLY',
  'GROUP_DATA_ACCESS_READ_WRITE',
];

export type GrantScope =
  | { kind: 'global' }
  | { kind: 'org'; orgId: string }
  // orgId: the project's organization (null only for a project whose organization is unknown).
  | { kind: 'project'; groupId: string; orgId: string | null };

export interface Grantor {
  kind: 'USER' | 'API_KEY';
  id: string;
  roles: RoleAssignment[];
}

export interface RoleHolder {
  kind: 'USER' | 'API_KEY';
  id: string;
}

export const RoleGrantErrors = defineErrors({
  CANNOT_MODIFY_OWN_ROLES: { status: 401, detail: 'You cannot change your own roles.' },
  CANNOT_ADD_GLOBAL_ROLE: {
    status: 403,
    detail: 'The current user cannot grant or remove the global role {0}.',
  },
  NOT_ORG_ADMIN: {
    status: 401,
    detail: 'The current user cannot grant or remove the role {0} in organization {1}.',
  },
  NOT_GROUP_USER_ADMIN: {
    status: 401,
    detail: 'The current user cannot grant or remove the role {0} in project {1}.',
  },
});

// The scope kind a role name belongs to; undefined for a name that is no role at all.
export function roleKind(roleName: string): GrantScope['kind'] | undefined {
  if ((GLOBAL_ROLE_NAMES as readonly string[]).includes(roleName)) return 'global';
  if ((ORG_ROLE_NAMES as readonly string[]).includes(roleName)) return 'org';
  if ((PROJECT_ROLE_NAMES as readonly string[]).includes(roleName)) return 'project';
  return undefined;
}

// May `grantor` give (or take away) `roleName` in `scope`? Self-changes are checked separately,
// by assertMayChangeRoles, since this answers for the role alone.
export function mayGrant(grantor: Pick<Grantor, 'roles'>, roleName: string, scope: GrantScope): boolean {
  if (roleKind(roleName) !== scope.kind) return false;
  const roles = grantor.roles;
  // hasGlobalRole's hierarchy reads GLOBAL_OWNER as implying GLOBAL_USER_ADMIN.
  if (hasGlobalRole(roles, ['GLOBAL_OWNER'])) return true;
  if (hasGlobalRole(roles, ['GLOBAL_USER_ADMIN'])) return roleName !== 'GLOBAL_OWNER';
  switch (scope.kind) {
    case 'global':
      return false;
    case 'org':
      return roles.some((role) => role.orgId === scope.orgId && role.roleName === 'ORG_OWNER');
    case 'project': {
      if (
        scope.orgId !== null &&
        roles.some((role) => role.orgId === scope.orgId && role.roleName === 'ORG_OWNER')
      ) {
        return true;
      }
      const inProject = (name: string) =>
        roles.some((role) => role.groupId === scope.groupId && role.roleName === name);
      if (inProject('GROUP_OWNER')) return true;
      return inProject('GROUP_USER_ADMIN') && roleName !== 'GROUP_OWNER';
    }
  }
}

// May `grantor` manage members of `scope` at all (add or remove people, with some role)?
export function mayManageMembers(grantor: Pick<Grantor, 'roles'>, scope: GrantScope): boolean {
  switch (scope.kind) {
    case 'global':
      return hasGlobalRole(grantor.roles, ['GLOBAL_USER_ADMIN']);
    case 'org':
      return (
        hasGlobalRole(grantor.roles, ['GLOBAL_USER_ADMIN']) ||
        hasOrgRole(grantor.roles, scope.orgId, ['ORG_OWNER'])
      );
    case 'project':
      return (
        hasGlobalRole(grantor.roles, ['GLOBAL_USER_ADMIN']) ||
        hasProjectRole(grantor.roles, scope.groupId, scope.orgId, ['GROUP_USER_ADMIN'])
      );
  }
}

// The first role of `held` (a holder's effective roles: its own and its teams') that `grantor` could
// not grant. Changing someone's credentials, e-mail or profile, or deleting them, acts on every role
// they hold at once (whoever signs in as them has those roles), so it needs the right to grant each.
export function roleBeyondReach(
  grantor: Pick<Grantor, 'roles'>,
  held: RoleAssignment[],
  orgOfGroup: (groupId: string) => string | null,
): RoleAssignment | undefined {
  return held.find((role) => !mayGrant(grantor, role.roleName, scopeOf(role, orgOfGroup)));
}

// The scope of one stored role assignment; a project role's organization comes from `orgOfGroup`.
export function scopeOf(role: RoleAssignment, orgOfGroup: (groupId: string) => string | null): GrantScope {
  if (role.groupId !== undefined)
    return { kind: 'project', groupId: role.groupId, orgId: orgOfGroup(role.groupId) };
  if (role.orgId !== undefined) return { kind: 'org', orgId: role.orgId };
  return { kind: 'global' };
}

const keyOf = (role: RoleAssignment): string => `${role.groupId ?? ''}|${role.orgId ?? ''}|${role.roleName}`;

// The assignments `after` adds to `before` and the ones it drops.
export function diffRoles(
  before: RoleAssignment[],
  after: RoleAssignment[],
): { added: RoleAssignment[]; removed: RoleAssignment[] } {
  const had = new Set(before.map(keyOf));
  const has = new Set(after.map(keyOf));
  const unique = (list: RoleAssignment[]) => [...new Map(list.map((role) => [keyOf(role), role])).values()];
  return {
    added: unique(after.filter((role) => !had.has(keyOf(role)))),
    removed: unique(before.filter((role) => !has.has(keyOf(role)))),
  };
}

function refusal(roleName: string, scope: GrantScope): Error {
  switch (scope.kind) {
    case 'global':
      return RoleGrantErrors.CANNOT_ADD_GLOBAL_ROLE(roleName);
    case 'org':
      return RoleGrantErrors.NOT_ORG_ADMIN(roleName, scope.orgId);
    case 'project':
      return RoleGrantErrors.NOT_GROUP_USER_ADMIN(roleName, scope.groupId);
  }
}

// Throws the product-style ApiError when `grantor` may not turn `target`'s roles from `before` into
// `after`: a change to one's own roles, or any added or removed role the grantor may not grant.
// Unchanged roles need no right (an ORG_OWNER can edit a user who also holds roles elsewhere).
export function assertMayChangeRoles(
  grantor: Grantor,
  target: RoleHolder,
  before: RoleAssignment[],
  after: RoleAssignment[],
  orgOfGroup: (groupId: string) => string | null,
): void {
  const { added, removed } = diffRoles(before, after);
  if (added.length === 0 && removed.length === 0) return;
  if (grantor.kind === target.kind && grantor.id === target.id)
    throw RoleGrantErrors.CANNOT_MODIFY_OWN_ROLES();
  for (const role of [...added, ...removed]) {
    const scope = scopeOf(role, orgOfGroup);
    if (!mayGrant(grantor, role.roleName, scope)) throw refusal(role.roleName, scope);
  }
}
