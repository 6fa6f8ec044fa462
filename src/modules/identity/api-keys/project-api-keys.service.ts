import { Injectable } from '@nestjs/common';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { CredentialChanges } from '../../../platform/auth/credential-changes';
import type { Principal } from '../../../platform/auth/principal';
import { ProjectScope } from '../../../platform/auth/project-scope';
import { assertMayChangeRoles } from '../../../platform/auth/role-grants';
import { EventPublisher } from '../../../platform/events/event-publisher';
import { assertReadOnlyUnchanged } from '../../../platform/http/read-only-fields';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import type { PageQuery } from '../../../platform/http/pagination/page.query';
import { IdentityErrors } from '../identity.errors';
import { IdentityEventTypes, type OrgApiKeyAddedRaw } from '../identity.events';
import { ApiKeyIssuer } from './api-key-issuer';
import { ApiKeyRoleEntity } from './api-key-role.entity';
import { foundKey, requireDescription, requireRoles, reserveOrgKeySlot } from './api-key-rules';
import { ApiKeyResponses } from './api-key-responses';
import { ApiKeyStore } from './api-key.store';
import type { AssignApiKeyRequest } from './dto/assign-api-key.request';
import type { ApiKeyResponse } from './dto/api-key.response';
import type { CreateProjectApiKeyRequest } from './dto/create-project-api-key.request';

// The holder of roles not yet given: a key being created is never its creator.
const NEW_KEY = { kind: 'API_KEY' as const, id: '' };

function projectRoles(roleNames: string[], groupId: string): Array<{ roleName: string; groupId: string }> {
  return roleNames.map((roleName) => ({ roleName, groupId }));
}

// Organization API keys seen from one project: the keys holding a role on it, and their assignment.
@Injectable()
export class ProjectApiKeysService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly scope: ProjectScope,
    private readonly store: ApiKeyStore,
    private readonly responses: ApiKeyResponses,
    private readonly issuer: ApiKeyIssuer,
    private readonly events: EventPublisher,
    private readonly credentialChanges: CredentialChanges,
    private readonly links: PageLinks,
  ) {}

  async list(groupId: string, page: PageQuery): Promise<ListEnvelope<ApiKeyResponse>> {
    await this.scope.orgOf(groupId);
    const [keys, total] = await this.store.pageOfProject(groupId, page);
    return this.links.list(page, await this.responses.responses(keys), total);
  }

  // Creates an organization key whose only roles are the given ones on this project.
  @Transactional()
  async create(
    principal: Principal,
    groupId: string,
    request: CreateProjectApiKeyRequest,
  ): Promise<ApiKeyResponse> {
    const desc = requireDescription(request.desc);
    const roles = requireRoles(request.roles);
    const orgId = await this.scope.orgOf(groupId);
    assertMayChangeRoles(principal, NEW_KEY, [], projectRoles(roles, groupId), () => orgId);
    await reserveOrgKeySlot(this.store, orgId);
    const issued = await this.issuer.issue(
      desc,
      orgId,
      roles.map((roleName) => ({ roleName, orgId: null, groupId })),
    );
    const subject = { targetPublicKey: issued.key.publicKey };
    const raw: OrgApiKeyAddedRaw = { apiKeyId: issued.key.id, desc, accessList: principal.accessList };
    await this.events.publish({
      eventTypeName: IdentityEventTypes.ORG_API_KEY_ADDED,
      orgId,
      subject,
      raw: { ...raw },
    });
    await this.events.publish({
      eventTypeName: IdentityEventTypes.API_KEY_ADDED_TO_GROUP,
      orgId,
      groupId,
      subject,
      raw: { apiKeyId: issued.key.id, roles },
    });
    return this.responses.response(issued.key, issued.privateKey);
  }

  // Assigns the key to the project, or replaces its roles there; its other roles are untouched.
  @Transactional()
  async assign(
    principal: Principal,
    groupId: string,
    apiKeyId: string,
    request: AssignApiKeyRequest,
  ): Promise<ApiKeyResponse> {
    const roles = requireRoles(request.roles);
    const orgId = await this.scope.orgOf(groupId);
    const key = foundKey(await this.store.findInOrg(orgId, apiKeyId, true), apiKeyId);
    assertReadOnlyUnchanged(request, await this.responses.response(key));
    const repository = this.txHost.tx.getRepository(ApiKeyRoleEntity);
    const before = (await repository.findBy({ apiKeyId: key.id, groupId })).map((role) => role.roleName);
    assertMayChangeRoles(
      principal,
      { kind: 'API_KEY', id: key.id },
      projectRoles(before, groupId),
      projectRoles(roles, groupId),
      () => orgId,
    );
    const unchanged = before.length === roles.length && before.every((role) => roles.includes(role));
    if (!unchanged) {
      await repository.delete({ apiKeyId: key.id, groupId });
      await repository.insert(
        roles.map((roleName) => ({ apiKeyId: key.id, roleName, orgId: null, groupId })),
      );
      await this.credentialChanges.announce(key.publicKey);
      await this.events.publish({
        eventTypeName:
          before.length === 0
            ? IdentityEventTypes.API_KEY_ADDED_TO_GROUP
            : IdentityEventTypes.API_KEY_ROLES_CHANGED,
        orgId,
        groupId,
        subject: { targetPublicKey: key.publicKey },
        diffs: [{ id: key.id, type: 'API_KEY', params: [{ param: 'roles', old: before, new: roles }] }],
        raw: { apiKeyId: key.id },
      });
    }
    return this.responses.response(key);
  }

  @Transactional()
  async unassign(principal: Principal, groupId: string, apiKeyId: string): Promise<void> {
    const orgId = await this.scope.orgOf(groupId);
    const key = foundKey(await this.store.findInOrg(orgId, apiKeyId, true), apiKeyId);
    const repository = this.txHost.tx.getRepository(ApiKeyRoleEntity);
    const before = (await repository.findBy({ apiKeyId: key.id, groupId })).map((role) => role.roleName);
    // Taking roles away needs the right to grant them; a key never unassigns itself.
    assertMayChangeRoles(
      principal,
      { kind: 'API_KEY', id: key.id },
      projectRoles(before, groupId),
      [],
      () => orgId,
    );
    const removed = await repository.delete({ apiKeyId: key.id, groupId });
    if (!removed.affected) throw IdentityErrors.API_KEY_NOT_FOUND(apiKeyId);
    await this.credentialChanges.announce(key.publicKey);
    await this.events.publish({
      eventTypeName: IdentityEventTypes.API_KEY_REMOVED_FROM_GROUP,
      orgId,
      groupId,
      subject: { targetPublicKey: key.publicKey },
      raw: { apiKeyId: key.id },
    });
  }
}
