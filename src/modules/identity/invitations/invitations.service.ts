import { Injectable } from '@nestjs/common';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In, IsNull, type FindOptionsWhere } from 'typeorm';
import type { Principal } from '../../../platform/auth/principal';
import { Clock } from '../../../platform/clock/clock';
import { EventPublisher } from '../../../platform/events/event-publisher';
import { CommonErrors } from '../../../platform/http/error-codes';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import { newObjectId, isObjectId } from '../../../platform/ids/object-id';
import { assertReadOnlyUnchanged } from '../../../platform/http/read-only-fields';
import { Mailer } from '../../../platform/mail/mailer';
import { IdentityErrors } from '../identity.errors';
import { IdentityEventTypes } from '../identity.events';
import { OrganizationEntity } from '../organizations/organization.entity';
import { projectOfPath } from '../projects/project-of-path';
import { TeamMemberRoles } from '../teams/team-member-roles';
import { TeamEntity } from '../teams/team.entity';
import type { InvitationsQuery } from './dto/invitations.query';
import { InvitationEntity } from './invitation.entity';
import { INVITATION_ACCEPT_API_PATH, invitationMail } from './invitation-mail';
import { toOrgInvitationResponse, toProjectInvitationResponse } from './invitation.mapper';
import { assertMayInvite, checkedRoles, INVITATION_LIFETIME_MS } from './invitation-rules';
import { describeScope, type InvitationScope } from './invitation-scope';
import { newInvitationToken } from './invitation-token';

// The organization or project a route names.
export type ScopeRef = { orgId: string } | { groupId: string };

export interface ScopedInvitation {
  invitation: InvitationEntity;
  scope: InvitationScope;
}

// Pending invitations per organization or project: one page of the largest size lists them all.
export const MAX_PENDING_INVITATIONS = 500;

export interface InvitationChange {
  roles: string[];
  // Organization invitations only; undefined leaves them as they are (on update) or none (on create).
  teamIds?: string[];
}

// The pending invitations of an organization or project: listed, read, created (which e-mails the link),
// changed and withdrawn by the scope's user admins. Every change is audited in its transaction; the
// e-mail is sent last, inside it, so an invitation nobody was told of is never committed.
@Injectable()
export class InvitationsService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly clock: Clock,
    private readonly events: EventPublisher,
    private readonly mailer: Mailer,
    private readonly links: PageLinks,
    private readonly teamRoles: TeamMemberRoles,
  ) {}

  // `lock`: the organization row is held until commit, so two invitations of one address to the same
  // organization or project cannot both pass the pending check, and a deletion of the project waits.
  private async resolve(ref: ScopeRef, lock = false): Promise<InvitationScope> {
    return 'groupId' in ref ? this.projectScope(ref.groupId, lock) : this.orgScope(ref.orgId, lock);
  }

  private async orgScope(orgId: string, lock: boolean): Promise<InvitationScope> {
    const org = await this.txHost.tx.getRepository(OrganizationEntity).findOne({
      where: { id: orgId },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!org) throw CommonErrors.ORG_NOT_FOUND(orgId);
    return { orgId, orgName: org.name, groupId: null, groupName: null };
  }

  private async projectScope(groupId: string, lock: boolean): Promise<InvitationScope> {
    const project = await projectOfPath(this.txHost.tx, groupId, lock);
    const org = await this.orgScope(project.orgId, lock);
    return { ...org, groupId, groupName: project.name };
  }

  // A bare array, as the product answers and its Go client decodes (`[]*Invitation`): the envelope's
  // totalCount and links have nowhere to go. pageNum and itemsPerPage still page it, and a scope holds at
  // most MAX_PENDING_INVITATIONS, so one page of the largest size lists them all.
  async list(
    principal: Principal,
    ref: ScopeRef,
    query: InvitationsQuery,
  ): Promise<{ rows: InvitationEntity[]; scope: InvitationScope }> {
    const scope = await this.resolve(ref);
    assertMayInvite(principal, scope, '');
    const rows = await this.txHost.tx.getRepository(InvitationEntity).find({
      where: {
        ...this.inScope(scope),
        status: 'PENDING',
        ...(query.username !== undefined ? { username: query.username } : {}),
      },
      order: { createdAt: 'ASC', id: 'ASC' },
      skip: query.offset,
      take: query.itemsPerPage,
    });
    return { rows, scope };
  }

  async get(principal: Principal, ref: ScopeRef, invitationId: string): Promise<ScopedInvitation> {
    const scope = await this.resolve(ref);
    assertMayInvite(principal, scope, '');
    return { invitation: await this.pendingById(scope, invitationId), scope };
  }

  @Transactional()
  async create(
    principal: Principal,
    ref: ScopeRef,
    username: string,
    change: InvitationChange,
  ): Promise<ScopedInvitation> {
    const scope = await this.resolve(ref, true);
    assertMayInvite(principal, scope, username);
    const roles = checkedRoles(principal, scope, change.roles);
    const teamIds = await this.checkedTeams(principal, scope, change.teamIds ?? []);
    const now = this.clock.now();
    const repository = this.txHost.tx.getRepository(InvitationEntity);
    const pending = await repository.findOneBy({ ...this.inScope(scope), username, status: 'PENDING' });
    if (pending) {
      if (pending.expiresAt.getTime() > now.getTime())
        throw IdentityErrors.INVITATION_ALREADY_PENDING(username, describeScope(scope));
      await repository.update({ id: pending.id }, { status: 'REPLACED', closedAt: now });
    } else if (
      (await repository.countBy({ ...this.inScope(scope), status: 'PENDING' })) >= MAX_PENDING_INVITATIONS
    ) {
      throw IdentityErrors.INVITATION_LIMIT_EXCEEDED(describeScope(scope), MAX_PENDING_INVITATIONS);
    }
    const { token, hash } = newInvitationToken();
    const invitation: InvitationEntity = {
      id: newObjectId(now),
      orgId: scope.orgId,
      groupId: scope.groupId,
      username,
      roles,
      teamIds,
      inviterKind: principal.kind,
      inviterId: principal.id,
      inviterUsername: principal.name,
      tokenHash: hash,
      status: 'PENDING',
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
      closedAt: null,
    };
    await repository.insert(invitation);
    await this.events.publish({
      eventTypeName:
        scope.groupId === null ? IdentityEventTypes.INVITED_TO_ORG : IdentityEventTypes.INVITED_TO_GROUP,
      orgId: scope.orgId,
      ...(scope.groupId !== null ? { groupId: scope.groupId } : {}),
      subject: { targetUsername: username },
      raw: { invitationId: invitation.id, roles, teamIds },
    });
    await this.send(invitation, scope, token);
    return { invitation, scope };
  }

  // `roles` replaces the invited roles (and `teamIds` the teams, when given); the expiry stays.
  @Transactional()
  async update(
    principal: Principal,
    ref: ScopeRef,
    which: { id: string } | { username: string },
    change: InvitationChange,
    sent: object = change,
  ): Promise<ScopedInvitation> {
    const scope = await this.resolve(ref, true);
    const invitation =
      'id' in which
        ? await this.pendingById(scope, which.id, true)
        : await this.pendingByName(scope, which.username);
    assertMayInvite(principal, scope, invitation.username);
    // The request's read-only fields (what GET printed) must match the invitation as it stands.
    assertReadOnlyUnchanged(sent, () =>
      scope.groupId === null
        ? toOrgInvitationResponse(invitation, scope)
        : toProjectInvitationResponse(invitation, scope),
    );
    const roles = checkedRoles(principal, scope, change.roles);
    const teamIds =
      change.teamIds !== undefined
        ? await this.checkedTeams(principal, scope, change.teamIds)
        : invitation.teamIds;
    await this.txHost.tx.getRepository(InvitationEntity).update({ id: invitation.id }, { roles, teamIds });
    await this.events.publish({
      eventTypeName: IdentityEventTypes.INVITATION_UPDATED,
      orgId: scope.orgId,
      ...(scope.groupId !== null ? { groupId: scope.groupId } : {}),
      subject: { targetUsername: invitation.username },
      raw: {
        invitationId: invitation.id,
        rolesBefore: invitation.roles,
        rolesAfter: roles,
        teamIdsBefore: invitation.teamIds,
        teamIdsAfter: teamIds,
      },
    });
    return { invitation: { ...invitation, roles, teamIds }, scope };
  }

  // Withdrawn: its link is refused from now on (the row stays, so the refusal can say why).
  @Transactional()
  async delete(principal: Principal, ref: ScopeRef, invitationId: string): Promise<void> {
    const scope = await this.resolve(ref, true);
    const invitation = await this.pendingById(scope, invitationId, true);
    assertMayInvite(principal, scope, invitation.username);
    await this.txHost.tx
      .getRepository(InvitationEntity)
      .update({ id: invitation.id }, { status: 'DELETED', closedAt: this.clock.now() });
    await this.events.publish({
      eventTypeName: IdentityEventTypes.INVITATION_DELETED,
      orgId: scope.orgId,
      ...(scope.groupId !== null ? { groupId: scope.groupId } : {}),
      subject: { targetUsername: invitation.username },
      raw: { invitationId: invitation.id, roles: invitation.roles },
    });
  }

  private async send(invitation: InvitationEntity, scope: InvitationScope, token: string): Promise<void> {
    const acceptUrl = this.links.persistentHref(INVITATION_ACCEPT_API_PATH);
    const outcome = await this.mailer.send(invitationMail(invitation, scope, acceptUrl, token));
    if (outcome.sent) return;
    if (outcome.reason === 'NOT_CONFIGURED') throw IdentityErrors.INVITATION_MAIL_NOT_CONFIGURED();
    throw IdentityErrors.INVITATION_MAIL_FAILED(invitation.username, outcome.error);
  }

  // Teams of the scope's organization, each named once; joining one gives its project roles, so the
  // caller must be able to grant each of them (the rule for adding a member to a team).
  private async checkedTeams(
    principal: Principal,
    scope: InvitationScope,
    teamIds: string[],
  ): Promise<string[]> {
    if (teamIds.length === 0) return [];
    if (scope.groupId !== null) throw CommonErrors.INVALID_ATTRIBUTE('teamIds');
    teamIds.forEach((teamId, index) => {
      if (!isObjectId(teamId)) throw CommonErrors.INVALID_ATTRIBUTE(`teamIds[${index}]`);
    });
    const unique = [...new Set(teamIds)];
    const teams = await this.txHost.tx
      .getRepository(TeamEntity)
      .findBy({ id: In(unique), orgId: scope.orgId });
    const byId = new Map(teams.map((team) => [team.id, team]));
    for (const teamId of unique) {
      const team = byId.get(teamId);
      if (!team) throw IdentityErrors.TEAM_NOT_FOUND(teamId, scope.orgId);
      this.teamRoles.assertMayChange(principal, team, [], [], await this.teamRoles.rolesOf(teamId));
    }
    return unique.sort();
  }

  private inScope(scope: InvitationScope): FindOptionsWhere<InvitationEntity> {
    return { orgId: scope.orgId, groupId: scope.groupId === null ? IsNull() : scope.groupId };
  }

  private async pendingById(scope: InvitationScope, id: string, lock = false): Promise<InvitationEntity> {
    const invitation = isObjectId(id)
      ? await this.txHost.tx.getRepository(InvitationEntity).findOne({
          where: { ...this.inScope(scope), id, status: 'PENDING' },
          ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
        })
      : null;
    if (!invitation) throw IdentityErrors.INVITATION_NOT_FOUND(id, describeScope(scope));
    return invitation;
  }

  private async pendingByName(scope: InvitationScope, username: string): Promise<InvitationEntity> {
    const invitation = await this.txHost.tx.getRepository(InvitationEntity).findOne({
      where: { ...this.inScope(scope), username, status: 'PENDING' },
      lock: { mode: 'pessimistic_write' },
    });
    if (!invitation) throw IdentityErrors.INVITATION_USERNAME_NOT_FOUND(username, describeScope(scope));
    return invitation;
  }
}
