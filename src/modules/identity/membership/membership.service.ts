import { Injectable } from '@nestjs/common';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In } from 'typeorm';
import { CredentialChanges } from '../../../platform/auth/credential-changes';
import type { Principal } from '../../../platform/auth/principal';
import { mayManageMembers, PROJECT_ROLE_NAMES } from '../../../platform/auth/role-grants';
import { EventPublisher } from '../../../platform/events/event-publisher';
import { CommonErrors } from '../../../platform/http/error-codes';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import { PageQuery } from '../../../platform/http/pagination/page.query';
import { IdentityErrors } from '../identity.errors';
import { IdentityEventTypes } from '../identity.events';
import { ProjectEntity } from '../projects/project.entity';
import type { RoleRow } from '../roles/role-assignment.mapper';
import { UserRoleChanges } from '../roles/user-role-changes';
import { TeamUserEntity } from '../teams/team-user.entity';
import { TeamEntity } from '../teams/team.entity';
import type { UserResponse } from '../users/dto/user.response';
import { UserEntity } from '../users/user.entity';
import { toUserResponse, userPath } from '../users/user.mapper';
import { UserTeamsStore } from '../users/user-teams.store';
import type { ProjectUsersQuery } from './dto/project-users.query';
import { MembershipStore, type MemberRoleRow } from './membership-read-model.store';
import { parseProjectUsers } from './project-users-body';
import { projectOfPath } from '../projects/project-of-path';

// Organization roles that reach every project of the organization (includeOrgUsers).
export const ORG_ROLES_REACHING_PROJECTS = ['ORG_OWNER', 'ORG_READ_ONLY'];

@Injectable()
export class MembershipService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly store: MembershipStore,
    private readonly roleChanges: UserRoleChanges,
    private readonly credentialChanges: CredentialChanges,
    private readonly events: EventPublisher,
    private readonly links: PageLinks,
    private readonly userTeams: UserTeamsStore,
  ) {}

  // `among`: only these users (a team's members), each still with its roles in the organization.
  async listOrgUsers(orgId: string, page: PageQuery, among?: string[]): Promise<ListEnvelope<UserResponse>> {
    const rows = await this.store.orgMemberRoles(orgId);
    if (among === undefined) return this.page(rows, page);
    const wanted = new Set(among);
    return this.page(
      rows.filter((row) => wanted.has(row.userId)),
      page,
    );
  }

  // Users holding a role in the organization or one of its projects, or belonging to one of its teams.
  async orgMemberIds(orgId: string): Promise<Set<string>> {
    return new Set((await this.store.orgMemberRoles(orgId)).map((row) => row.userId));
  }

  async listProjectUsers(groupId: string, query: ProjectUsersQuery): Promise<ListEnvelope<UserResponse>> {
    const project = await this.project(groupId);
    const rows = (await this.store.projectMemberRoles(groupId, project.orgId)).filter((row) => {
      if (row.teamId !== null) return query.flattenTeams;
      if (row.orgId !== null)
        return query.includeOrgUsers && ORG_ROLES_REACHING_PROJECTS.includes(row.roleName);
      return true;
    });
    return this.page(rows, query);
  }

  // Adds project roles to existing users (their other roles stay); the product's "Add Existing Users
  // to One Project", without the invitation step.
  @Transactional()
  async addToProject(
    principal: Principal,
    groupId: string,
    body: unknown,
  ): Promise<ListEnvelope<UserResponse>> {
    await this.project(groupId, true);
    const additions = parseProjectUsers(body, groupId);
    const users = await this.txHost.tx
      .getRepository(UserEntity)
      .findBy({ id: In(additions.map((a) => a.id)) });
    const byId = new Map(users.map((user) => [user.id, user]));
    const teamIds = await this.userTeams.teamIdsOf(users.map((user) => user.id));
    const results: UserResponse[] = [];
    for (const [index, addition] of additions.entries()) {
      const user = byId.get(addition.id);
      if (!user) throw CommonErrors.INVALID_ATTRIBUTE(`[${index}].id`);
      addition.roleNames.forEach((roleName, r) => {
        if (!(PROJECT_ROLE_NAMES as readonly string[]).includes(roleName))
          throw CommonErrors.INVALID_ENUM_VALUE(roleName, `[${index}].roles[${r}].roleName`);
      });
      const before = await this.roleChanges.rolesOf(user.id);
      const added: RoleRow[] = addition.roleNames.map((roleName) => ({ roleName, orgId: null, groupId }));
      const after = await this.roleChanges.apply(principal, user, [...before, ...added]);
      results.push(
        this.toResponse(
          user,
          after.filter((row) => row.groupId === groupId),
          teamIds.get(user.id) ?? [],
        ),
      );
    }
    return this.links.list(new PageQuery(), results, results.length);
  }

  @Transactional()
  async removeFromProject(principal: Principal, groupId: string, userId: string): Promise<void> {
    await this.project(groupId, true);
    const user = await this.user(userId);
    const before = await this.roleChanges.rolesOf(user.id);
    if (!before.some((row) => row.groupId === groupId))
      throw IdentityErrors.USER_NOT_IN_GROUP(userId, groupId);
    await this.roleChanges.apply(
      principal,
      user,
      before.filter((row) => row.groupId !== groupId),
    );
  }

  // The organization's roles, the roles in its projects and its teams' memberships all go.
  @Transactional()
  async removeFromOrg(principal: Principal, orgId: string, userId: string): Promise<void> {
    if (!mayManageMembers(principal, { kind: 'org', orgId })) throw CommonErrors.USER_UNAUTHORIZED();
    const user = await this.user(userId);
    const projectIds = new Set(
      (await this.txHost.tx.getRepository(ProjectEntity).findBy({ orgId })).map((project) => project.id),
    );
    const teamIds = (await this.txHost.tx.getRepository(TeamEntity).findBy({ orgId })).map((team) => team.id);
    const memberships =
      teamIds.length === 0
        ? []
        : await this.txHost.tx.getRepository(TeamUserEntity).findBy({ userId: user.id, teamId: In(teamIds) });
    const before = await this.roleChanges.rolesOf(user.id);
    const inOrg = (row: RoleRow) =>
      row.orgId === orgId || (row.groupId !== null && projectIds.has(row.groupId));
    if (!before.some(inOrg) && memberships.length === 0) throw IdentityErrors.USER_NOT_IN_ORG(userId, orgId);
    await this.roleChanges.apply(
      principal,
      user,
      before.filter((row) => !inOrg(row)),
    );
    for (const membership of memberships) {
      await this.txHost.tx
        .getRepository(TeamUserEntity)
        .delete({ teamId: membership.teamId, userId: user.id });
      await this.events.publish({
        eventTypeName: IdentityEventTypes.REMOVED_FROM_TEAM,
        orgId,
        subject: { targetUsername: user.username, teamId: membership.teamId },
        raw: { targetUserId: user.id },
      });
    }
    if (memberships.length > 0) await this.credentialChanges.announce(user.username);
  }

  private async page(rows: MemberRoleRow[], page: PageQuery): Promise<ListEnvelope<UserResponse>> {
    const userIds = [...new Set(rows.map((row) => row.userId))];
    const users =
      userIds.length === 0
        ? []
        : await this.txHost.tx
            .getRepository(UserEntity)
            .find({ where: { id: In(userIds) }, order: { username: 'ASC' } });
    const slice = users.slice(page.offset, page.offset + page.itemsPerPage);
    const teamIds = await this.userTeams.teamIdsOf(slice.map((user) => user.id));
    const results = slice.map((user) => {
      const roles = rows.filter((row) => row.userId === user.id && row.roleName !== '');
      const unique = new Map(roles.map((row) => [`${row.groupId}|${row.orgId}|${row.roleName}`, row]));
      return this.toResponse(user, [...unique.values()], teamIds.get(user.id) ?? []);
    });
    return this.links.list(page, results, users.length);
  }

  private toResponse(user: UserEntity, roles: RoleRow[], teamIds: string[]): UserResponse {
    return toUserResponse(user, roles, this.links.self(userPath(user.id)), teamIds);
  }

  private project(groupId: string, hold = false): Promise<ProjectEntity> {
    return projectOfPath(this.txHost.tx, groupId, hold);
  }

  private async user(userId: string): Promise<UserEntity> {
    const user = await this.txHost.tx
      .getRepository(UserEntity)
      .findOne({ where: { id: userId }, lock: { mode: 'pessimistic_write' } });
    if (!user) throw IdentityErrors.USER_NOT_FOUND(userId);
    return user;
  }
}
