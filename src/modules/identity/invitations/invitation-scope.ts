import type { GrantScope } from '../../../platform/auth/role-grants';

// What an invitation is to: an organization, or a project of it (with the organization it belongs to).
export interface InvitationScope {
  orgId: string;
  orgName: string;
  groupId: string | null;
  groupName: string | null;
}

export function grantScopeOf(scope: InvitationScope): GrantScope {
  return scope.groupId === null
    ? { kind: 'org', orgId: scope.orgId }
    : { kind: 'project', groupId: scope.groupId, orgId: scope.orgId };
}

// How messages and errors name it.
export function describeScope(scope: InvitationScope): string {
  return scope.groupId === null
    ? `organization ${scope.orgName}`
    : `project ${scope.groupName ?? scope.groupId} of organization ${scope.orgName}`;
}
