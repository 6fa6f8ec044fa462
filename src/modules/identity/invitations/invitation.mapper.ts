import { toIsoSeconds } from '../../../platform/http/timestamps';
import type { InvitationSummaryResponse } from './dto/invitation-summary.response';
import type { OrgInvitationResponse, ProjectInvitationResponse } from './dto/invitation.response';
import type { InvitationEntity } from './invitation.entity';
import type { InvitationScope } from './invitation-scope';

function common(invitation: InvitationEntity) {
  return {
    id: invitation.id,
    username: invitation.username,
    roles: [...invitation.roles],
    inviterUsername: invitation.inviterUsername,
    createdAt: toIsoSeconds(invitation.createdAt),
    expiresAt: toIsoSeconds(invitation.expiresAt),
  };
}

export function toOrgInvitationResponse(
  invitation: InvitationEntity,
  scope: InvitationScope,
): OrgInvitationResponse {
  return {
    ...common(invitation),
    orgId: scope.orgId,
    orgName: scope.orgName,
    teamIds: [...invitation.teamIds],
  };
}

export function toProjectInvitationResponse(
  invitation: InvitationEntity,
  scope: InvitationScope,
): ProjectInvitationResponse {
  return {
    ...common(invitation),
    groupId: scope.groupId ?? '',
    groupName: scope.groupName ?? '',
    teamIds: [],
  };
}

export function toInvitationSummary(
  invitation: InvitationEntity,
  scope: InvitationScope,
  newUser: boolean,
): InvitationSummaryResponse {
  const summary: InvitationSummaryResponse = {
    username: invitation.username,
    orgId: scope.orgId,
    orgName: scope.orgName,
    roles: [...invitation.roles],
    inviterUsername: invitation.inviterUsername,
    expiresAt: toIsoSeconds(invitation.expiresAt),
    newUser,
  };
  if (scope.groupId !== null) {
    summary.groupId = scope.groupId;
    summary.groupName = scope.groupName ?? '';
  }
  return summary;
}
