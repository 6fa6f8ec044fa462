import type { Principal } from '../../../platform/auth/principal';
import { mayGrant, mayManageMembers, RoleGrantErrors, roleKind } from '../../../platform/auth/role-grants';
import { CommonErrors } from '../../../platform/http/error-codes';
import { grantScopeOf, type InvitationScope } from './invitation-scope';

export const INVITATION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

// Who may invite, and to what: a user admin of the scope (ORG_OWNER or GLOBAL_USER_ADMIN for an
// organization, GROUP_USER_ADMIN or above for a project), only with roles of the scope's kind that the
// caller may grant (the role-grant rule of platform/auth/role-grants.ts), and never itself.
export function assertMayInvite(principal: Principal, scope: InvitationScope, username: string): void {
  if (!mayManageMembers(principal, grantScopeOf(scope))) throw CommonErrors.USER_UNAUTHORIZED();
  if (principal.kind === 'USER' && principal.name === username)
    throw RoleGrantErrors.CANNOT_MODIFY_OWN_ROLES();
}

// Each role named once, of the scope's kind (`roles[i]` named when not), and grantable by the caller.
export function checkedRoles(principal: Principal, scope: InvitationScope, roles: string[]): string[] {
  const grantScope = grantScopeOf(scope);
  roles.forEach((roleName, index) => {
    if (roleKind(roleName) !== grantScope.kind)
      throw CommonErrors.INVALID_ENUM_VALUE(roleName, `roles[${index}]`);
    if (!mayGrant(principal, roleName, grantScope)) {
      throw grantScope.kind === 'org'
        ? RoleGrantErrors.NOT_ORG_ADMIN(roleName, scope.orgId)
        : RoleGrantErrors.NOT_GROUP_USER_ADMIN(roleName, scope.groupId ?? '');
    }
  });
  return [...new Set(roles)].sort();
}
