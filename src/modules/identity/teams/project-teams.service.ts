import { Injectable } from '@nestjs/common';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { Principal, RoleAssignment } from '../../../platform/auth/principal';
import { EventPublisher } from '../../../platform/events/event-publisher';
import { CommonErrors } from '../../../platform/http/error-codes';
import { assertReadOnlyUnchanged } from '../../../platform/http/read-only-fields';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import { PageQuery } from '../../../platform/http/pagination/page.query';
import { IdentityErrors } from '../identity.errors';
import { IdentityEventTypes } from '../identity.events';
import { ProjectEntity } from '../projects/project.entity';
import { UpdateTeamRolesRequest } from './dto/project-team.request';
import type { ProjectTeamResponse } from './dto/project-team.response';
import { parseProjectTeams, parseTeamRoleNames } from './team-bodies';
import { TeamMemberRoles } from './team-member-roles';
import { TeamProjectRoleEntity } from './team-project-role.entity';
import { TeamEntity } from './team.entity';
import { projectTeamPath, toProjectTeamResponse } from './team.mapper';
import { projectOfPath } from '../projects/project-of-path';

// Teams assigned to a project with project roles. The guard already required GROUP_READ_ONLY (reads)
// or GROUP_USER_ADMIN (writes); the grant rule then decides each role (TeamMemberRoles).
@Injectable()
export class ProjectTeamsService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly memberRoles: TeamMemberRoles,
    private readonly events: EventPublisher,
    private readonly links: PageLinks,
  ) {}

  // Sorted by team id, so pages are stable.
  async list(groupId: string, page: PageQuery): Promise<ListEnvelope<ProjectTeamResponse>> {
    await this.project(groupId);
    const rows = await this.txHost.tx
      .getRepository(TeamProjectRoleEntity)
      .find({ where: { groupId }, order: { teamId: 'ASC', roleName: 'ASC' } });
    const byTeam = new Map<string, string[]>();
    for (const row of rows) byTeam.set(row.teamId, [...(byTeam.get(row.teamId) ?? []), row.roleName]);
    const self = this.links.selfLinks();
    const results = [...byTeam.entries()]
      .slice(page.offset, page.offset + page.itemsPerPage)
      .map(([teamId, roleNames]) =>
        toProjectTeamResponse(teamId, roleNames, self(projectTeamPath(groupId, teamId))),
      );
    return this.links.list(page, results, byTeam.size);
  }

  async get(groupId: string, teamId: string): Promise<ProjectTeamResponse> {
    await this.project(groupId);
    const roleNames = await this.roleNamesIn(groupId, teamId);
    if (roleNames.length === 0) throw IdentityErrors.TEAM_NOT_IN_GROUP(teamId, groupId);
    return this.toResponse(groupId, teamId, roleNames);
  }

  @Transactional()
  async assign(
    principal: Principal,
    groupId: string,
    body: unknown,
  ): Promise<ListEnvelope<ProjectTeamResponse>> {
    const project = await this.project(groupId, true);
    const assignments = parseProjectTeams(body);
    const results: ProjectTeamResponse[] = [];
    for (const [index, { teamId, roleNames }] of assignments.entries()) {
      if (assignments.findIndex((other) => other.teamId === teamId) !== index)
        throw CommonErrors.INVALID_ATTRIBUTE(`[${index}].teamId`);
      const team = await this.team(project, teamId);
      if ((await this.roleNamesIn(groupId, teamId)).length > 0)
        throw IdentityErrors.TEAM_ALREADY_IN_GROUP(teamId, groupId);
      const members = await this.memberRoles.memberIds(teamId);
      this.memberRoles.assertMayChange(principal, team, members, [], this.assignmentsOf(groupId, roleNames));
      await this.write(groupId, teamId, roleNames);
      await this.events.publish({
        eventTypeName: IdentityEventTypes.TEAM_ADDED_TO_GROUP,
        orgId: project.orgId,
        groupId,
        subject: { teamId },
        raw: { roleNames },
      });
      await this.memberRoles.announce(members);
      results.push(this.toResponse(groupId, teamId, roleNames));
    }
    return this.links.list(new PageQuery(), results, results.length);
  }

  // The team's roles in the project become exactly `roleNames`.
  @Transactional()
  async updateRoles(
    principal: Principal,
    groupId: string,
    teamId: string,
    body: unknown,
  ): Promise<ListEnvelope<ProjectTeamResponse>> {
    const project = await this.project(groupId, true);
    const roleNames = parseTeamRoleNames(body);
    const team = await this.team(project, teamId);
    const before = await this.roleNamesIn(groupId, teamId);
    if (before.length === 0) throw IdentityErrors.TEAM_NOT_IN_GROUP(teamId, groupId);
    // The body is parsed by hand (parseTeamRoleNames); its read-only fields are those of the request class.
    assertReadOnlyUnchanged(
      Object.assign(new UpdateTeamRolesRequest(), body),
      this.toResponse(groupId, teamId, before),
    );
    const members = await this.memberRoles.memberIds(teamId);
    this.memberRoles.assertMayChange(
      principal,
      team,
      members,
      this.assignmentsOf(groupId, before),
      this.assignmentsOf(groupId, roleNames),
    );
    if (before.join() !== roleNames.join()) {
      await this.write(groupId, teamId, roleNames);
      await this.events.publish({
        eventTypeName: IdentityEventTypes.TEAM_ROLES_MODIFIED,
        orgId: project.orgId,
        groupId,
        subject: { teamId },
        diffs: [
          { id: teamId, name: 'roleNames', params: [{ param: 'roleNames', old: before, new: roleNames }] },
        ],
        raw: { rolesBefore: before, rolesAfter: roleNames },
      });
      await this.memberRoles.announce(members);
    }
    const result = this.toResponse(groupId, teamId, roleNames);
    return this.links.list(new PageQuery(), [result], 1);
  }

  @Transactional()
  async unassign(principal: Principal, groupId: string, teamId: string): Promise<void> {
    const project = await this.project(groupId, true);
    const team = await this.team(project, teamId);
    const before = await this.roleNamesIn(groupId, teamId);
    if (before.length === 0) throw IdentityErrors.TEAM_NOT_IN_GROUP(teamId, groupId);
    const members = await this.memberRoles.memberIds(teamId);
    this.memberRoles.assertMayChange(principal, team, members, this.assignmentsOf(groupId, before), []);
    await this.txHost.tx.getRepository(TeamProjectRoleEntity).delete({ groupId, teamId });
    await this.events.publish({
      eventTypeName: IdentityEventTypes.TEAM_REMOVED_FROM_GROUP,
      orgId: project.orgId,
      groupId,
      subject: { teamId },
      raw: { roleNames: before },
    });
    await this.memberRoles.announce(members);
  }

  private async write(groupId: string, teamId: string, roleNames: string[]): Promise<void> {
    const repository = this.txHost.tx.getRepository(TeamProjectRoleEntity);
    await repository.delete({ groupId, teamId });
    await repository.insert(roleNames.map((roleName) => ({ groupId, teamId, roleName })));
  }

  private assignmentsOf(groupId: string, roleNames: string[]): RoleAssignment[] {
    return roleNames.map((roleName) => ({ roleName, groupId }));
  }

  private async roleNamesIn(groupId: string, teamId: string): Promise<string[]> {
    const rows = await this.txHost.tx
      .getRepository(TeamProjectRoleEntity)
      .find({ where: { groupId, teamId }, order: { roleName: 'ASC' } });
    return rows.map((row) => row.roleName);
  }

  // A team of the project's organization only; locked, so its members and roles hold still meanwhile.
  private async team(project: ProjectEntity, teamId: string): Promise<TeamEntity> {
    const team = await this.txHost.tx.getRepository(TeamEntity).findOne({
      where: { id: teamId, orgId: project.orgId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!team) throw IdentityErrors.TEAM_NOT_FOUND(teamId, project.orgId);
    return team;
  }

  private project(groupId: string, hold = false): Promise<ProjectEntity> {
    return projectOfPath(this.txHost.tx, groupId, hold);
  }

  private toResponse(groupId: string, teamId: string, roleNames: string[]): ProjectTeamResponse {
    return toProjectTeamResponse(teamId, roleNames, this.links.self(projectTeamPath(groupId, teamId)));
  }
}
