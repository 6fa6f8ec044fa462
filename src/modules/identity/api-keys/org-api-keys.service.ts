import { Injectable } from '@nestjs/common';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { IsNull, Not } from 'typeorm';
import { CredentialChanges } from '../../../platform/auth/credential-changes';
import { ProjectDirectory, type Principal } from '../../../platform/auth/principal';
import { assertMayChangeRoles } from '../../../platform/auth/role-grants';
import { EventPublisher } from '../../../platform/events/event-publisher';
import { CommonErrors } from '../../../platform/http/error-codes';
import { assertReadOnlyUnchanged } from '../../../platform/http/read-only-fields';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import type { PageQuery } from '../../../platform/http/pagination/page.query';
import { IdentityEventTypes, type OrgApiKeyAddedRaw, type OrgApiKeyDeletedRaw } from '../identity.events';
import { ApiKeyIssuer } from './api-key-issuer';
import { ApiKeyRoleEntity } from './api-key-role.entity';
import { ApiKeyEntity } from './api-key.entity';
import { foundKey, requireDescription, requireRoles, reserveOrgKeySlot } from './api-key-rules';
import { ApiKeyResponses } from './api-key-responses';
import { ApiKeyStore } from './api-key.store';
import type { CreateApiKeyRequest } from './dto/create-api-key.request';
import type { ApiKeyResponse } from './dto/api-key.response';
import type { UpdateApiKeyRequest } from './dto/update-api-key.request';
import { sameSet } from '../../../platform/collections/same-set';

// The holder of roles not yet given: a key being created is never its creator.
const NEW_KEY = { kind: 'API_KEY' as const, id: '' };

function orgRoles(roleNames: string[], orgId: string): Array<{ roleName: string; orgId: string }> {
  return roleNames.map((roleName) => ({ roleName, orgId }));
}

// Organization API keys. The guard has checked the caller's
// organization role; these methods only ever touch keys of the organization in the path.
@Injectable()
export class OrgApiKeysService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly store: ApiKeyStore,
    private readonly responses: ApiKeyResponses,
    private readonly issuer: ApiKeyIssuer,
    private readonly events: EventPublisher,
    private readonly credentialChanges: CredentialChanges,
    private readonly links: PageLinks,
    private readonly projects: ProjectDirectory,
  ) {}

  @Transactional()
  async create(principal: Principal, orgId: string, request: CreateApiKeyRequest): Promise<ApiKeyResponse> {
    const desc = requireDescription(request.desc);
    const roles = requireRoles(request.roles);
    assertMayChangeRoles(principal, NEW_KEY, [], orgRoles(roles, orgId), () => orgId);
    await reserveOrgKeySlot(this.store, orgId);
    const issued = await this.issuer.issue(
      desc,
      orgId,
      roles.map((roleName) => ({ roleName, orgId, groupId: null })),
    );
    const raw: OrgApiKeyAddedRaw = { apiKeyId: issued.key.id, desc, roles, accessList: principal.accessList };
    await this.events.publish({
      eventTypeName: IdentityEventTypes.ORG_API_KEY_ADDED,
      orgId,
      subject: { targetPublicKey: issued.key.publicKey },
      raw: { ...raw },
    });
    return this.responses.response(issued.key, issued.privateKey);
  }

  async list(orgId: string, page: PageQuery): Promise<ListEnvelope<ApiKeyResponse>> {
    // Reached for an unknown organization only by global callers: the guard admits no one else.
    // The directory remembers found organizations until one is deleted (no query per list).
    if (!(await this.projects.orgExists(orgId))) throw CommonErrors.ORG_NOT_FOUND(orgId);
    const [keys, total] = await this.store.orgPage(orgId, page);
    return this.links.list(page, this.responses.withRoles(keys), total);
  }

  async get(orgId: string, apiKeyId: string): Promise<ApiKeyResponse> {
    return this.responses.response(foundKey(await this.store.findInOrg(orgId, apiKeyId), apiKeyId));
  }

  // Each field that really changes gets its own audit event, with the old and new values as diffs.
  @Transactional()
  async update(
    principal: Principal,
    orgId: string,
    apiKeyId: string,
    request: UpdateApiKeyRequest,
  ): Promise<ApiKeyResponse> {
    if (request.desc === undefined && request.roles === undefined) {
      throw CommonErrors.MISSING_ONE_OF_ATTRIBUTES('desc, roles');
    }
    const desc = request.desc === undefined ? undefined : requireDescription(request.desc);
    const roles = request.roles === undefined ? undefined : requireRoles(request.roles);
    const key = foundKey(await this.store.findInOrg(orgId, apiKeyId, true), apiKeyId);
    assertReadOnlyUnchanged(request, await this.responses.response(key));
    const subject = { targetPublicKey: key.publicKey };
    const roleRepository = this.txHost.tx.getRepository(ApiKeyRoleEntity);
    const current = await roleRepository.findBy({ apiKeyId: key.id, orgId: Not(IsNull()) });
    const before = current.map((role) => role.roleName);
    // Checked before anything is written: nobody changes its own roles or grants above its own.
    if (roles !== undefined) {
      assertMayChangeRoles(
        principal,
        { kind: 'API_KEY', id: key.id },
        orgRoles(before, orgId),
        orgRoles(roles, orgId),
        () => orgId,
      );
    }

    if (desc !== undefined && desc !== key.description) {
      await this.txHost.tx.getRepository(ApiKeyEntity).update({ id: key.id }, { description: desc });
      await this.events.publish({
        eventTypeName: IdentityEventTypes.API_KEY_DESCRIPTION_CHANGED,
        orgId,
        subject,
        diffs: [
          { id: key.id, type: 'API_KEY', params: [{ param: 'desc', old: key.description, new: desc }] },
        ],
        raw: { apiKeyId: key.id },
      });
      key.description = desc;
    }

    if (roles !== undefined) {
      if (!sameSet(before, roles)) {
        await roleRepository.delete({ apiKeyId: key.id, orgId: Not(IsNull()) });
        await roleRepository.insert(
          roles.map((roleName) => ({ apiKeyId: key.id, roleName, orgId, groupId: null })),
        );
        await this.credentialChanges.announce(key.publicKey);
        await this.events.publish({
          eventTypeName: IdentityEventTypes.API_KEY_ROLES_CHANGED,
          orgId,
          subject,
          diffs: [{ id: key.id, type: 'API_KEY', params: [{ param: 'roles', old: before, new: roles }] }],
          raw: { apiKeyId: key.id },
        });
      }
    }
    return this.responses.response(key);
  }

  @Transactional()
  async delete(orgId: string, apiKeyId: string): Promise<void> {
    await this.remove(orgId, foundKey(await this.store.findInOrg(orgId, apiKeyId, true), apiKeyId));
  }

  // Deletes the key with its roles, in the caller's transaction (also for an organization's deletion).
  async remove(orgId: string, key: ApiKeyEntity): Promise<void> {
    await this.txHost.tx.getRepository(ApiKeyRoleEntity).delete({ apiKeyId: key.id });
    await this.txHost.tx.getRepository(ApiKeyEntity).delete({ id: key.id });
    await this.credentialChanges.announce(key.publicKey);
    const raw: OrgApiKeyDeletedRaw = { apiKeyId: key.id };
    await this.events.publish({
      eventTypeName: IdentityEventTypes.ORG_API_KEY_DELETED,
      orgId,
      subject: { targetPublicKey: key.publicKey },
      raw: { ...raw },
    });
  }
}
