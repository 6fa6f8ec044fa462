import { Injectable } from '@nestjs/common';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In, Not } from 'typeorm';
import { CredentialChanges } from '../../../platform/auth/credential-changes';
import type { Principal } from '../../../platform/auth/principal';
import { hasGlobalRole } from '../../../platform/auth/role-hierarchy';
import { EventPublisher } from '../../../platform/events/event-publisher';
import { CommonErrors } from '../../../platform/http/error-codes';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import { assertReadOnlyUnchanged, sameValue } from '../../../platform/http/read-only-fields';
import { ApiKeyRoleEntity } from '../api-keys/api-key-role.entity';
import { ApiKeyEntity } from '../api-keys/api-key.entity';
import { IdentityErrors } from '../identity.errors';
import { IdentityEventTypes, type GroupDeletedRaw } from '../identity.events';
import { OrganizationsService } from '../organizations/organizations.service';
import { InvitationEntity } from '../invitations/invitation.entity';
import { TeamProjectRoleEntity } from '../teams/team-project-role.entity';
import { TeamUserEntity } from '../teams/team-user.entity';
import { UserRoleEntity } from '../users/user-role.entity';
import { UserEntity } from '../users/user.entity';
import type { ProjectResponse } from './dto/project.response';
import type { UpdateProjectRequest } from './dto/update-project.request';
import { ProjectOrgDirectory } from './project-org.directory';
import { ProjectEntity } from './project.entity';
import { projectPath, tagsShownTo, toProjectResponse } from './project.mapper';
import { AgentActivity } from '../../../platform/deployments/agent-activity';

// PATCH and DELETE /groups/{groupId}; the guard already required GROUP_OWNER (ORG_OWNER and
// GLOBAL_OWNER imply it).
@Injectable()
export class ProjectLifecycleService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly orgs: OrganizationsService,
    private readonly directory: ProjectOrgDirectory,
    private readonly credentialChanges: CredentialChanges,
    private readonly events: EventPublisher,
    private readonly links: PageLinks,
    private readonly agentActivity: AgentActivity,
  ) {}

  // Each field that really changes gets its own audit event. Tags are the product's to a global owner
  // only: anyone else may send back what GET showed them (no tags), nothing else.
  @Transactional()
  async update(
    principal: Principal,
    groupId: string,
    request: UpdateProjectRequest,
  ): Promise<ProjectResponse> {
    if (request.name === undefined && request.tags === undefined) {
      throw CommonErrors.MISSING_ONE_OF_ATTRIBUTES('name, tags');
    }
    const project = await this.locked(groupId);
    const showTags = tagsShownTo(principal);
    const lastActive = (await this.agentActivity.lastActiveOf([groupId])).get(groupId);
    assertReadOnlyUnchanged(request, this.toResponse(project, showTags, lastActive));
    const tagsChange =
      request.tags !== undefined && !sameValue(request.tags, showTags ? project.tags : [])
        ? request.tags
        : undefined;
    if (tagsChange !== undefined && !hasGlobalRole(principal.roles, ['GLOBAL_OWNER'])) {
      throw CommonErrors.USER_UNAUTHORIZED();
    }
    const nameChange = request.name !== undefined && request.name !== project.name ? request.name : undefined;
    const repository = this.txHost.tx.getRepository(ProjectEntity);
    if (nameChange !== undefined) {
      // Locking the organization serializes renames with creates in it, so the check cannot race.
      await this.orgs.lock(project.orgId);
      if (await repository.existsBy({ orgId: project.orgId, name: nameChange, id: Not(groupId) })) {
        throw IdentityErrors.GROUP_ALREADY_EXISTS(nameChange);
      }
      const old = project.name;
      project.name = nameChange;
      await repository.update({ id: groupId }, { name: nameChange });
      await this.events.publish({
        eventTypeName: IdentityEventTypes.GROUP_NAME_CHANGED,
        orgId: project.orgId,
        groupId,
        diffs: [
          { id: groupId, name: 'name', type: 'GROUP', params: [{ param: 'name', old, new: nameChange }] },
        ],
        raw: { oldName: old, newName: nameChange },
      });
    }
    if (tagsChange !== undefined) {
      const old = project.tags;
      project.tags = [...tagsChange];
      await repository.update({ id: groupId }, { tags: project.tags });
      await this.events.publish({
        eventTypeName: IdentityEventTypes.GROUP_TAGS_MODIFIED,
        orgId: project.orgId,
        groupId,
        diffs: [
          { id: groupId, name: 'tags', type: 'GROUP', params: [{ param: 'tags', old, new: project.tags }] },
        ],
        raw: { oldTags: old, newTags: project.tags },
      });
    }
    return this.toResponse(project, showTags, lastActive);
  }

  // The project's own roles (users', teams', API keys' assignments) go here; every other context drops
  // what it holds for the project on GROUP_DELETED, in this transaction, so a failure anywhere leaves
  // the project whole. The project's events stay, readable through its organization.
  @Transactional()
  async delete(groupId: string): Promise<void> {
    const project = await this.locked(groupId);
    const tx = this.txHost.tx;
    const userRoles = await tx.getRepository(UserRoleEntity).findBy({ groupId });
    const teamRoles = await tx.getRepository(TeamProjectRoleEntity).findBy({ groupId });
    const keyRoles = await tx.getRepository(ApiKeyRoleEntity).findBy({ groupId });
    const teamIds = [...new Set(teamRoles.map((role) => role.teamId))];
    const teamMembers =
      teamIds.length === 0 ? [] : await tx.getRepository(TeamUserEntity).findBy({ teamId: In(teamIds) });
    const userIds = [...new Set([...userRoles.map((r) => r.userId), ...teamMembers.map((m) => m.userId)])];
    const keyIds = [...new Set(keyRoles.map((role) => role.apiKeyId))];

    await tx.getRepository(UserRoleEntity).delete({ groupId });
    await tx.getRepository(TeamProjectRoleEntity).delete({ groupId });
    await tx.getRepository(ApiKeyRoleEntity).delete({ groupId });
    // Its invitations go too: a link to a project that is gone is answered as unknown.
    await tx.getRepository(InvitationEntity).delete({ groupId });
    await tx.getRepository(ProjectEntity).delete({ id: groupId });

    const users = userIds.length === 0 ? [] : await tx.getRepository(UserEntity).findBy({ id: In(userIds) });
    const keys = keyIds.length === 0 ? [] : await tx.getRepository(ApiKeyEntity).findBy({ id: In(keyIds) });
    for (const user of users) await this.credentialChanges.announce(user.username);
    for (const key of keys) await this.credentialChanges.announce(key.publicKey);
    await this.directory.announceRemoved(groupId);

    const raw: GroupDeletedRaw = { groupId, orgId: project.orgId, name: project.name };
    await this.events.publish({
      eventTypeName: IdentityEventTypes.GROUP_DELETED,
      orgId: project.orgId,
      groupId,
      raw: { ...raw },
    });
  }

  private async locked(groupId: string): Promise<ProjectEntity> {
    const project = await this.txHost.tx
      .getRepository(ProjectEntity)
      .findOne({ where: { id: groupId }, lock: { mode: 'pessimistic_write' } });
    if (!project) throw CommonErrors.GROUP_NOT_FOUND(groupId);
    return project;
  }

  private toResponse(
    project: ProjectEntity,
    showTags: boolean,
    lastActive: Date | undefined,
  ): ProjectResponse {
    return toProjectResponse(project, this.links.self(projectPath(project.id)), showTags, lastActive);
  }
}
