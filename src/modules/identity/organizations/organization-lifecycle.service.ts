import { Injectable } from '@nestjs/common';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In } from 'typeorm';
import { CredentialChanges } from '../../../platform/auth/credential-changes';
import { EventPublisher } from '../../../platform/events/event-publisher';
import { CommonErrors } from '../../../platform/http/error-codes';
import { assertReadOnlyUnchanged } from '../../../platform/http/read-only-fields';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import { ApiKeyRoleEntity } from '../api-keys/api-key-role.entity';
import { IdentityErrors } from '../identity.errors';
import { IdentityEventTypes } from '../identity.events';
import { ApiKeyEntity } from '../api-keys/api-key.entity';
import { ProjectOrgDirectory } from '../projects/project-org.directory';
import { ProjectEntity } from '../projects/project.entity';
import { InvitationEntity } from '../invitations/invitation.entity';
import { TeamProjectRoleEntity } from '../teams/team-project-role.entity';
import { TeamUserEntity } from '../teams/team-user.entity';
import { TeamEntity } from '../teams/team.entity';
import { UserRoleEntity } from '../users/user-role.entity';
import { UserEntity } from '../users/user.entity';
import type { OrganizationResponse } from './dto/organization.response';
import type { UpdateOrganizationRequest } from './dto/update-organization.request';
import { OrganizationEntity } from './organization.entity';
import { orgPath, toOrganizationResponse } from './organization.mapper';
import { OrgApiKeysService } from '../api-keys/org-api-keys.service';

// PATCH and DELETE /orgs/{orgId}; the guard already required ORG_OWNER (or GLOBAL_OWNER).
@Injectable()
export class OrganizationLifecycleService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly credentialChanges: CredentialChanges,
    private readonly events: EventPublisher,
    private readonly links: PageLinks,
    private readonly directory: ProjectOrgDirectory,
    private readonly orgApiKeys: OrgApiKeysService,
  ) {}

  @Transactional()
  async rename(orgId: string, request: UpdateOrganizationRequest): Promise<OrganizationResponse> {
    const org = await this.locked(orgId);
    assertReadOnlyUnchanged(request, toOrganizationResponse(org, this.links.self(orgPath(org.id))));
    const old = org.name;
    if (old !== request.name) {
      org.name = request.name;
      await this.txHost.tx.getRepository(OrganizationEntity).save(org);
      await this.events.publish({
        eventTypeName: IdentityEventTypes.ORG_RENAMED,
        orgId,
        diffs: [{ name: 'name', params: [{ param: 'name', old, new: org.name }] }],
        raw: { oldName: old, newName: org.name },
      });
    }
    return toOrganizationResponse(org, this.links.self(orgPath(org.id)));
  }

  // Refused while a project remains (the product deletes an organization only once it is empty).
  // The organization's roles (users' and keys') and its teams go with it; its events stay.
  @Transactional()
  async delete(orgId: string): Promise<void> {
    const org = await this.locked(orgId);
    if (await this.txHost.tx.getRepository(ProjectEntity).existsBy({ orgId }))
      throw IdentityErrors.CANNOT_DELETE_ORG_WITH_GROUPS(orgId);
    const roles = await this.txHost.tx.getRepository(UserRoleEntity).findBy({ orgId });
    const teams = await this.txHost.tx.getRepository(TeamEntity).findBy({ orgId });
    const teamIds = teams.map((team) => team.id);
    const members =
      teamIds.length === 0
        ? []
        : await this.txHost.tx.getRepository(TeamUserEntity).findBy({ teamId: In(teamIds) });
    const affected = [...new Set([...roles.map((r) => r.userId), ...members.map((m) => m.userId)])];
    await this.txHost.tx.getRepository(UserRoleEntity).delete({ orgId });
    await this.txHost.tx.getRepository(ApiKeyRoleEntity).delete({ orgId });
    // The organization's API keys go too; the access-lists context drops their lists on the event.
    const keys = await this.txHost.tx.getRepository(ApiKeyEntity).findBy({ orgId });
    for (const key of keys) await this.orgApiKeys.remove(orgId, key);
    if (teamIds.length > 0) {
      await this.txHost.tx.getRepository(TeamProjectRoleEntity).delete({ teamId: In(teamIds) });
      await this.txHost.tx.getRepository(TeamUserEntity).delete({ teamId: In(teamIds) });
      await this.txHost.tx.getRepository(TeamEntity).delete({ orgId });
    }
    await this.txHost.tx.getRepository(InvitationEntity).delete({ orgId });
    await this.txHost.tx.getRepository(OrganizationEntity).delete({ id: orgId });
    await this.directory.announceOrgRemoved(orgId);
    const users =
      affected.length === 0
        ? []
        : await this.txHost.tx.getRepository(UserEntity).findBy({ id: In(affected) });
    for (const user of users) await this.credentialChanges.announce(user.username);
    await this.events.publish({
      eventTypeName: IdentityEventTypes.ORG_DELETED,
      orgId,
      raw: { name: org.name },
    });
  }

  private async locked(orgId: string): Promise<OrganizationEntity> {
    const org = await this.txHost.tx
      .getRepository(OrganizationEntity)
      .findOne({ where: { id: orgId }, lock: { mode: 'pessimistic_write' } });
    if (!org) throw CommonErrors.ORG_NOT_FOUND(orgId);
    return org;
  }
}
