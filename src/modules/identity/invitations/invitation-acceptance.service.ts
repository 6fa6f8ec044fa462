import { Injectable } from '@nestjs/common';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In } from 'typeorm';
import type { Principal } from '../../../platform/auth/principal';
import { mayGrant } from '../../../platform/auth/role-grants';
import { Clock } from '../../../platform/clock/clock';
import { SecretBox } from '../../../platform/crypto/secret-box';
import { EventPublisher } from '../../../platform/events/event-publisher';
import { CommonErrors } from '../../../platform/http/error-codes';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import { toIsoSeconds } from '../../../platform/http/timestamps';
import { newObjectId } from '../../../platform/ids/object-id';
import { CredentialNames } from '../credentials/credential-names.store';
import { CredentialsService } from '../credentials/credentials.service';
import { sealedDigestHashes } from '../credentials/secrets';
import { IdentityErrors } from '../identity.errors';
import { IdentityEventTypes, type UserCreatedRaw } from '../identity.events';
import { OrganizationEntity } from '../organizations/organization.entity';
import { ProjectEntity } from '../projects/project.entity';
import type { RoleRow } from '../roles/role-assignment.mapper';
import { UserRoleChanges } from '../roles/user-role-changes';
import { TeamEntity } from '../teams/team.entity';
import { TeamMemberRoles } from '../teams/team-member-roles';
import { TeamsService } from '../teams/teams.service';
import type { UserResponse } from '../users/dto/user.response';
import { isStrongPassword, isValidUsername } from '../users/password-policy';
import { UserEntity } from '../users/user.entity';
import { toUserResponse, userPath } from '../users/user.mapper';
import { UserTeamsStore } from '../users/user-teams.store';
import type { AcceptInvitationRequest } from './dto/accept-invitation.request';
import type { InvitationSummaryResponse } from './dto/invitation-summary.response';
import { InvitationEntity } from './invitation.entity';
import { toInvitationSummary } from './invitation.mapper';
import { describeScope, grantScopeOf, type InvitationScope } from './invitation-scope';
import { invitationTokenHash, isInvitationTokenShaped } from './invitation-token';

// Following an invitation's link: reading what it offers, and accepting it once. An existing user joins
// with the invited roles and teams; a new person becomes a user with the password it chooses (the
// strength rule applies) and signs in with Digest from then on. The roles are granted in the inviter's
// name, under the role-grant rule as the inviter stands at acceptance: an inviter who can no longer grant
// them, or who is gone, makes the invitation fail rather than grant more than anyone could.
@Injectable()
export class InvitationAcceptanceService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly clock: Clock,
    private readonly events: EventPublisher,
    private readonly names: CredentialNames,
    private readonly credentials: CredentialsService,
    private readonly roleChanges: UserRoleChanges,
    private readonly teams: TeamsService,
    private readonly teamRoles: TeamMemberRoles,
    private readonly secrets: SecretBox,
    private readonly links: PageLinks,
    private readonly userTeams: UserTeamsStore,
  ) {}

  async describe(token: string): Promise<InvitationSummaryResponse> {
    const { invitation, scope } = await this.usable(token, false);
    const user = await this.txHost.tx.getRepository(UserEntity).findOneBy({ username: invitation.username });
    return toInvitationSummary(invitation, scope, user === null);
  }

  @Transactional()
  async accept(request: AcceptInvitationRequest): Promise<UserResponse> {
    const { invitation, scope } = await this.usable(request.token, true);
    const inviter = await this.inviter(invitation);
    const teamIds = await this.teamsStillThere(invitation);
    await this.assertInviterMayGrant(inviter, invitation, scope, teamIds);
    const existing = await this.txHost.tx
      .getRepository(UserEntity)
      .findOne({ where: { username: invitation.username }, lock: { mode: 'pessimistic_write' } });
    if (existing && request.password !== undefined)
      throw IdentityErrors.INVITATION_PASSWORD_NOT_TAKEN(invitation.username, 'password');
    const user = existing ?? (await this.newUser(invitation, request));

    const before = await this.roleChanges.rolesOf(user.id);
    const invited: RoleRow[] = invitation.roles.map((roleName) => ({
      roleName,
      orgId: scope.groupId === null ? scope.orgId : null,
      groupId: scope.groupId,
    }));
    const roles = await this.roleChanges.apply(inviter, user, [...before, ...invited]);
    for (const teamId of teamIds) {
      const members = await this.userTeams.teamIdsOf([user.id]);
      if ((members.get(user.id) ?? []).includes(teamId)) continue;
      await this.teams.addMembers(inviter, scope.orgId, teamId, [{ id: user.id }]);
    }

    await this.txHost.tx
      .getRepository(InvitationEntity)
      .update({ id: invitation.id }, { status: 'ACCEPTED', closedAt: this.clock.now() });
    await this.events.publish({
      eventTypeName: IdentityEventTypes.INVITATION_ACCEPTED,
      orgId: scope.orgId,
      ...(scope.groupId !== null ? { groupId: scope.groupId } : {}),
      subject: { targetUsername: user.username },
      raw: { invitationId: invitation.id, roles: invitation.roles, teamIds: invitation.teamIds },
      actor: { userId: user.id, username: user.username },
    });
    const memberOf = (await this.userTeams.teamIdsOf([user.id])).get(user.id) ?? [];
    return toUserResponse(user, roles, this.links.self(userPath(user.id)), memberOf);
  }

  // The invitation of the token, if it can still be accepted; otherwise the reason it cannot.
  private async usable(
    token: string,
    lock: boolean,
  ): Promise<{ invitation: InvitationEntity; scope: InvitationScope }> {
    const invitation = isInvitationTokenShaped(token)
      ? await this.txHost.tx.getRepository(InvitationEntity).findOne({
          where: { tokenHash: invitationTokenHash(token) },
          ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
        })
      : null;
    if (!invitation) throw IdentityErrors.INVITATION_LINK_NOT_FOUND();
    const scope = await this.scopeOf(invitation);
    const what = describeScope(scope);
    switch (invitation.status) {
      case 'ACCEPTED':
        throw IdentityErrors.INVITATION_ALREADY_ACCEPTED(invitation.username, what);
      case 'DELETED':
      case 'REPLACED':
        throw IdentityErrors.INVITATION_WITHDRAWN(invitation.username, what);
      case 'PENDING':
        break;
    }
    if (invitation.expiresAt.getTime() <= this.clock.now().getTime())
      throw IdentityErrors.INVITATION_EXPIRED(invitation.username, what, toIsoSeconds(invitation.expiresAt));
    return { invitation, scope };
  }

  private async scopeOf(invitation: InvitationEntity): Promise<InvitationScope> {
    const org = await this.txHost.tx.getRepository(OrganizationEntity).findOneBy({ id: invitation.orgId });
    const project =
      invitation.groupId === null
        ? null
        : await this.txHost.tx.getRepository(ProjectEntity).findOneBy({ id: invitation.groupId });
    // The organization or project is gone: its invitations went with it (deleted with the scope).
    if (!org || (invitation.groupId !== null && !project)) throw IdentityErrors.INVITATION_LINK_NOT_FOUND();
    return {
      orgId: org.id,
      orgName: org.name,
      groupId: invitation.groupId,
      groupName: project?.name ?? null,
    };
  }

  // The inviter as it stands now: its roles decide what may still be granted.
  private async inviter(invitation: InvitationEntity): Promise<Principal> {
    const record = await this.credentials.findByName(invitation.inviterUsername);
    if (
      !record ||
      record.principal.kind !== invitation.inviterKind ||
      record.principal.id !== invitation.inviterId
    )
      throw IdentityErrors.INVITER_GONE(invitation.username);
    return { ...record.principal, remoteAddress: '', accessList: [] };
  }

  // Checked before anything is written, so that the refusal names the invitation rather than the
  // inviter's rights (the role-grant rule runs again as the roles and teams are given).
  private async assertInviterMayGrant(
    inviter: Principal,
    invitation: InvitationEntity,
    scope: InvitationScope,
    teamIds: string[],
  ): Promise<void> {
    const teamRoles = (await Promise.all(teamIds.map((teamId) => this.teamRoles.rolesOf(teamId)))).flat();
    const beyond =
      invitation.roles.find((roleName) => !mayGrant(inviter, roleName, grantScopeOf(scope))) ??
      teamRoles.find(
        (role) =>
          !mayGrant(inviter, role.roleName, {
            kind: 'project',
            groupId: role.groupId ?? '',
            orgId: scope.orgId,
          }),
      )?.roleName;
    if (beyond !== undefined) throw IdentityErrors.INVITER_CANNOT_GRANT(invitation.username, beyond);
  }

  private async newUser(invitation: InvitationEntity, request: AcceptInvitationRequest): Promise<UserEntity> {
    for (const field of ['password', 'firstName', 'lastName'] as const) {
      if (request[field] === undefined) throw CommonErrors.MISSING_ATTRIBUTE(field);
    }
    const password = request.password ?? '';
    if (!isValidUsername(invitation.username)) throw IdentityErrors.INVALID_USERNAME(invitation.username);
    if (!isStrongPassword(password)) throw IdentityErrors.WEAK_PASSWORD();
    // Taken by an API key's public key (users and keys share the Digest name space).
    if (!(await this.names.reserve(invitation.username)))
      throw IdentityErrors.USER_ALREADY_EXISTS(invitation.username);
    const user = await this.txHost.tx.getRepository(UserEntity).save({
      id: newObjectId(this.clock.now()),
      username: invitation.username,
      firstName: request.firstName ?? '',
      lastName: request.lastName ?? '',
      emailAddress: invitation.username,
      mobileNumber: null,
      country: null,
      ...sealedDigestHashes(this.secrets, invitation.username, password),
    });
    // No access list: the password is the new user's own, which no (fenced) administrator ever held.
    const raw: UserCreatedRaw = { userId: user.id, username: user.username, apiKeyId: null, accessList: [] };
    await this.events.publish({
      eventTypeName: IdentityEventTypes.USER_CREATED,
      subject: { targetUsername: user.username },
      raw: { ...raw },
      actor: { userId: user.id, username: user.username },
    });
    return user;
  }

  // Teams deleted since the invitation was sent are left out.
  private async teamsStillThere(invitation: InvitationEntity): Promise<string[]> {
    if (invitation.teamIds.length === 0) return [];
    const teams = await this.txHost.tx
      .getRepository(TeamEntity)
      .findBy({ id: In(invitation.teamIds), orgId: invitation.orgId });
    return teams.map((team) => team.id).sort();
  }
}
