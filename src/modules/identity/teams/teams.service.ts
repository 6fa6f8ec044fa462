import { Injectable } from '@nestjs/common';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In } from 'typeorm';
import type { Principal } from '../../../platform/auth/principal';
import { EventPublisher } from '../../../platform/events/event-publisher';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { assertReadOnlyUnchanged } from '../../../platform/http/read-only-fields';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import { PageQuery } from '../../../platform/http/pagination/page.query';
import { newObjectId } from '../../../platform/ids/object-id';
import { IdentityErrors } from '../identity.errors';
import { IdentityEventTypes } from '../identity.events';
import { MembershipService } from '../membership/membership.service';
import { OrganizationEntity } from '../organizations/organization.entity';
import type { UserResponse } from '../users/dto/user.response';
import { UserEntity } from '../users/user.entity';
import type { CreateTeamRequest, UpdateTeamRequest } from './dto/create-team.request';
import type { CreatedTeamResponse, TeamResponse } from './dto/team.response';
import { parseTeamUsers } from './team-bodies';
import { TeamMemberRoles } from './team-member-roles';
import { TeamProjectRoleEntity } from './team-project-role.entity';
import { TeamUserEntity } from './team-user.entity';
import { TeamEntity } from './team.entity';
import { teamPath, toTeamResponse } from './team.mapper';

// A member of a team, for callers outside this folder (notifications to a team, project changes).
export interface TeamMember {
  id: string;
  username: string;
  emailAddress: string | null;
  mobileNumber: string | null;
}

// The teams of an organization and their members. The guard already required ORG_MEMBER (reads) or
// ORG_OWNER (writes) on the organization of the path.
@Injectable()
export class TeamsService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly membership: MembershipService,
    private readonly memberRoles: TeamMemberRoles,
    private readonly events: EventPublisher,
    private readonly links: PageLinks,
  ) {}

  // Members sorted by username; empty for a team that does not exist.
  async membersOf(teamId: string): Promise<TeamMember[]> {
    const ids = await this.memberRoles.memberIds(teamId);
    if (ids.length === 0) return [];
    const users = await this.txHost.tx
      .getRepository(UserEntity)
      .find({ where: { id: In(ids) }, order: { username: 'ASC' } });
    return users.map(({ id, username, emailAddress, mobileNumber }) => ({
      id,
      username,
      emailAddress,
      mobileNumber,
    }));
  }

  async list(orgId: string, page: PageQuery): Promise<ListEnvelope<TeamResponse>> {
    const [teams, total] = await this.txHost.tx.getRepository(TeamEntity).findAndCount({
      where: { orgId },
      order: { name: 'ASC', id: 'ASC' },
      skip: page.offset,
      take: page.itemsPerPage,
    });
    const self = this.links.selfLinks();
    return this.links.list(
      page,
      teams.map((team) => toTeamResponse(team, self(teamPath(orgId, team.id)))),
      total,
    );
  }

  async get(orgId: string, teamId: string): Promise<TeamResponse> {
    return this.toResponse(await this.team(orgId, teamId));
  }

  async getByName(orgId: string, name: string): Promise<TeamResponse> {
    const team = await this.txHost.tx.getRepository(TeamEntity).findOneBy({ orgId, name });
    if (!team) throw IdentityErrors.TEAM_NAME_NOT_FOUND(name, orgId);
    return this.toResponse(team);
  }

  // A new team has no project roles yet, so its first members gain no role by it.
  @Transactional()
  async create(orgId: string, request: CreateTeamRequest): Promise<CreatedTeamResponse> {
    await this.lockOrg(orgId);
    await this.assertNameFree(orgId, request.name);
    const users = await this.orgUsersByName(orgId, request.usernames ?? []);
    const team = await this.txHost.tx
      .getRepository(TeamEntity)
      .save(Object.assign(new TeamEntity(), { id: newObjectId(), orgId, name: request.name }));
    await this.events.publish({
      eventTypeName: IdentityEventTypes.TEAM_CREATED,
      orgId,
      subject: { teamId: team.id },
      raw: { name: team.name },
    });
    await this.join(team, users);
    return { ...this.toResponse(team), usernames: users.map((user) => user.username).sort() };
  }

  @Transactional()
  async rename(orgId: string, teamId: string, request: UpdateTeamRequest): Promise<TeamResponse> {
    await this.lockOrg(orgId);
    const team = await this.team(orgId, teamId);
    assertReadOnlyUnchanged(request, this.toResponse(team));
    const old = team.name;
    if (old !== request.name) {
      await this.assertNameFree(orgId, request.name);
      team.name = request.name;
      await this.txHost.tx.getRepository(TeamEntity).save(team);
      await this.events.publish({
        eventTypeName: IdentityEventTypes.TEAM_NAME_CHANGED,
        orgId,
        subject: { teamId },
        diffs: [{ name: 'name', params: [{ param: 'name', old, new: team.name }] }],
        raw: { oldName: old, newName: team.name },
      });
    }
    return this.toResponse(team);
  }

  // The team leaves every project it was assigned to (each recorded), then goes with its memberships.
  @Transactional()
  async delete(principal: Principal, orgId: string, teamId: string): Promise<void> {
    const team = await this.team(orgId, teamId, true);
    const members = await this.memberRoles.memberIds(teamId);
    const roles = await this.memberRoles.rolesOf(teamId);
    this.memberRoles.assertMayChange(principal, team, members, roles, []);
    // The project roles go before the projects are told, the members after: a listener checking who
    // still reaches each project (alert notifications naming a member) sees the team gone from it.
    await this.txHost.tx.getRepository(TeamProjectRoleEntity).delete({ teamId });
    for (const groupId of [...new Set(roles.map((role) => role.groupId ?? ''))]) {
      await this.events.publish({
        eventTypeName: IdentityEventTypes.TEAM_REMOVED_FROM_GROUP,
        orgId,
        groupId,
        subject: { teamId },
        raw: { roleNames: roles.filter((role) => role.groupId === groupId).map((role) => role.roleName) },
      });
    }
    await this.txHost.tx.getRepository(TeamUserEntity).delete({ teamId });
    await this.txHost.tx.getRepository(TeamEntity).delete({ id: teamId });
    await this.events.publish({
      eventTypeName: IdentityEventTypes.TEAM_DELETED,
      orgId,
      subject: { teamId },
      raw: { name: team.name, memberIds: members },
    });
    await this.memberRoles.announce(members);
  }

  async listMembers(orgId: string, teamId: string, page: PageQuery): Promise<ListEnvelope<UserResponse>> {
    await this.team(orgId, teamId);
    return this.membership.listOrgUsers(orgId, page, await this.memberRoles.memberIds(teamId));
  }

  // Users already in the team stay as they are; the answer lists every user of the body.
  @Transactional()
  async addMembers(
    principal: Principal,
    orgId: string,
    teamId: string,
    body: unknown,
  ): Promise<ListEnvelope<UserResponse>> {
    const ids = [...new Set(parseTeamUsers(body))];
    const team = await this.team(orgId, teamId, true);
    // Held (shared) until commit, so a concurrent DELETE /users/{userId} waits and then drops the
    // membership instead of leaving one for a user that is gone.
    const users = await this.txHost.tx
      .getRepository(UserEntity)
      .find({ where: { id: In(ids) }, lock: { mode: 'pessimistic_read' } });
    const found = new Set(users.map((user) => user.id));
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined) throw IdentityErrors.USER_NOT_FOUND(missing);
    const inOrg = await this.membership.orgMemberIds(orgId);
    const outsider = ids.find((id) => !inOrg.has(id));
    if (outsider !== undefined) throw IdentityErrors.USER_NOT_IN_ORG(outsider, orgId);
    const current = new Set(await this.memberRoles.memberIds(teamId));
    const joining = users.filter((user) => !current.has(user.id));
    const roles = await this.memberRoles.rolesOf(teamId);
    this.memberRoles.assertMayChange(
      principal,
      team,
      joining.map((user) => user.id),
      [],
      roles,
    );
    await this.join(team, joining);
    return this.membership.listOrgUsers(orgId, new PageQuery(), ids);
  }

  @Transactional()
  async removeMember(principal: Principal, orgId: string, teamId: string, userId: string): Promise<void> {
    const team = await this.team(orgId, teamId, true);
    const user = await this.txHost.tx.getRepository(UserEntity).findOneBy({ id: userId });
    if (!user) throw IdentityErrors.USER_NOT_FOUND(userId);
    const repository = this.txHost.tx.getRepository(TeamUserEntity);
    if (!(await repository.existsBy({ teamId, userId })))
      throw IdentityErrors.USER_NOT_IN_TEAM(userId, teamId);
    this.memberRoles.assertMayChange(principal, team, [userId], await this.memberRoles.rolesOf(teamId), []);
    await repository.delete({ teamId, userId });
    await this.events.publish({
      eventTypeName: IdentityEventTypes.REMOVED_FROM_TEAM,
      orgId,
      subject: { targetUsername: user.username, teamId },
      raw: { targetUserId: user.id },
    });
    await this.memberRoles.announce([userId]);
  }

  private async join(team: TeamEntity, users: UserEntity[]): Promise<void> {
    if (users.length === 0) return;
    await this.txHost.tx
      .getRepository(TeamUserEntity)
      .insert(users.map((user) => ({ teamId: team.id, userId: user.id })));
    for (const user of users) {
      await this.events.publish({
        eventTypeName: IdentityEventTypes.JOINED_TEAM,
        orgId: team.orgId,
        subject: { targetUsername: user.username, teamId: team.id },
        raw: { targetUserId: user.id },
      });
    }
    await this.memberRoles.announce(users.map((user) => user.id));
  }

  // Every name must be a user of the organization (a role in it or one of its projects, or a team).
  private async orgUsersByName(orgId: string, usernames: string[]): Promise<UserEntity[]> {
    const unique = [...new Set(usernames)];
    if (unique.length === 0) return [];
    const users = await this.txHost.tx.getRepository(UserEntity).findBy({ username: In(unique) });
    const byName = new Map(users.map((user) => [user.username, user]));
    const inOrg = await this.membership.orgMemberIds(orgId);
    return unique.map((username) => {
      const user = byName.get(username);
      if (!user) throw IdentityErrors.USERNAME_NOT_FOUND(username);
      if (!inOrg.has(user.id)) throw IdentityErrors.USER_NOT_IN_ORG(user.id, orgId);
      return user;
    });
  }

  // Serializes name checks within the organization, so two creates cannot take one name.
  private async lockOrg(orgId: string): Promise<void> {
    await this.txHost.tx
      .getRepository(OrganizationEntity)
      .findOne({ where: { id: orgId }, lock: { mode: 'pessimistic_write' } });
  }

  private async assertNameFree(orgId: string, name: string): Promise<void> {
    if (await this.txHost.tx.getRepository(TeamEntity).existsBy({ orgId, name }))
      throw IdentityErrors.DUPLICATE_TEAM_NAME(name, orgId);
  }

  private async team(orgId: string, teamId: string, lock = false): Promise<TeamEntity> {
    const team = await this.txHost.tx.getRepository(TeamEntity).findOne({
      where: { id: teamId, orgId },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!team) throw IdentityErrors.TEAM_NOT_FOUND(teamId, orgId);
    return team;
  }

  private toResponse(team: TeamEntity): TeamResponse {
    return toTeamResponse(team, this.links.self(teamPath(team.orgId, team.id)));
  }
}
