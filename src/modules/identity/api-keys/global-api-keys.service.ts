import { Injectable } from '@nestjs/common';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { IsNull } from 'typeorm';
import { CredentialChanges } from '../../../platform/auth/credential-changes';
import type { Principal } from '../../../platform/auth/principal';
import { assertMayChangeRoles } from '../../../platform/auth/role-grants';
import { GLOBAL_ROLE_NAMES } from '../../../platform/auth/role-names';
import { sameSet } from '../../../platform/collections/same-set';
import { EventPublisher } from '../../../platform/events/event-publisher';
import { CommonErrors } from '../../../platform/http/error-codes';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import type { PageQuery } from '../../../platform/http/pagination/page.query';
import { assertReadOnlyUnchanged } from '../../../platform/http/read-only-fields';
import { IdentityErrors } from '../identity.errors';
import { IdentityEventTypes, type OrgApiKeyAddedRaw, type OrgApiKeyDeletedRaw } from '../identity.events';
import { lockGlobalApiKeys } from '../identity.locks';
import { ApiKeyIssuer } from './api-key-issuer';
import { ApiKeyRoleEntity } from './api-key-role.entity';
import { ApiKeyEntity } from './api-key.entity';
import { foundKey, requireDescription, requireRoles } from './api-key-rules';
import { ApiKeyResponses } from './api-key-responses';
import { ApiKeyStore } from './api-key.store';
import type { ApiKeyResponse } from './dto/api-key.response';
import type { CreateGlobalApiKeyRequest, UpdateGlobalApiKeyRequest } from './dto/global-api-key.request';

// As many global keys as an organization may hold: every key is a credential the cache and the
// access-list check carry.
export const MAX_GLOBAL_API_KEYS = 500;

// The holder of roles not yet given: a key being created is never its creator.
const NEW_KEY = { kind: 'API_KEY' as const, id: '' };

// A key's global roles only: roles it holds in projects stay as they are.
const globalRolesOf = (apiKeyId: string) => ({ apiKeyId, orgId: IsNull(), groupId: IsNull() });

const globalRoles = (roleNames: string[]) => roleNames.map((roleName) => ({ roleName }));

// Global API keys (no organization; the first user's key is one). Reading: any global role (the
// route guard). Creating, changing and deleting: GLOBAL_OWNER (the guard), under the rules of
// organization keys: nobody changes its own roles or grants a role it could not grant
// (role-grants.ts), a fenced caller's new key starts behind the same fence (the access-lists context
// copies the caller's list on API_KEY_CREATED), and the private key is shown once.
@Injectable()
export class GlobalApiKeysService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly store: ApiKeyStore,
    private readonly responses: ApiKeyResponses,
    private readonly issuer: ApiKeyIssuer,
    private readonly events: EventPublisher,
    private readonly credentialChanges: CredentialChanges,
    private readonly links: PageLinks,
  ) {}

  async list(page: PageQuery): Promise<ListEnvelope<ApiKeyResponse>> {
    const [keys, total] = await this.store.globalPage(page);
    return this.links.list(page, await this.responses.responses(keys), total);
  }

  async get(apiKeyId: string): Promise<ApiKeyResponse> {
    return this.responses.response(foundKey(await this.store.findGlobal(apiKeyId), apiKeyId));
  }

  roles(): string[] {
    return [...GLOBAL_ROLE_NAMES].sort();
  }

  @Transactional()
  async create(principal: Principal, request: CreateGlobalApiKeyRequest): Promise<ApiKeyResponse> {
    const desc = requireDescription(request.desc);
    const roles = requireRoles(request.roles);
    assertMayChangeRoles(principal, NEW_KEY, [], globalRoles(roles), () => null);
    await lockGlobalApiKeys(this.txHost.tx);
    const count = await this.keys().countBy({ orgId: IsNull() });
    if (count >= MAX_GLOBAL_API_KEYS) throw IdentityErrors.GLOBAL_API_KEY_LIMIT_EXCEEDED(MAX_GLOBAL_API_KEYS);
    const issued = await this.issuer.issue(
      desc,
      null,
      roles.map((roleName) => ({ roleName, orgId: null, groupId: null })),
    );
    const raw: OrgApiKeyAddedRaw = { apiKeyId: issued.key.id, desc, roles, accessList: principal.accessList };
    await this.events.publish({
      eventTypeName: IdentityEventTypes.API_KEY_CREATED,
      subject: { targetPublicKey: issued.key.publicKey },
      raw: { ...raw },
    });
    return this.responses.response(issued.key, issued.privateKey);
  }

  // Each field that really changes gets its own audit event, with the old and new values as diffs.
  @Transactional()
  async update(
    principal: Principal,
    apiKeyId: string,
    request: UpdateGlobalApiKeyRequest,
  ): Promise<ApiKeyResponse> {
    if (request.desc === undefined && request.roles === undefined) {
      throw CommonErrors.MISSING_ONE_OF_ATTRIBUTES('desc, roles');
    }
    const desc = request.desc === undefined ? undefined : requireDescription(request.desc);
    const roles = request.roles === undefined ? undefined : requireRoles(request.roles);
    const key = await this.findGlobalForUpdate(apiKeyId);
    assertReadOnlyUnchanged(request, await this.responses.response(key));
    const before = (await this.roleRows().findBy(globalRolesOf(key.id))).map((role) => role.roleName);
    // Checked before anything is written: nobody changes its own roles or grants above its own.
    if (roles !== undefined) {
      assertMayChangeRoles(
        principal,
        { kind: 'API_KEY', id: key.id },
        globalRoles(before),
        globalRoles(roles),
        () => null,
      );
    }
    const subject = { targetPublicKey: key.publicKey };
    if (desc !== undefined && desc !== key.description) {
      await this.keys().update({ id: key.id }, { description: desc });
      await this.events.publish({
        eventTypeName: IdentityEventTypes.API_KEY_DESCRIPTION_CHANGED,
        subject,
        diffs: [
          { id: key.id, type: 'API_KEY', params: [{ param: 'desc', old: key.description, new: desc }] },
        ],
        raw: { apiKeyId: key.id },
      });
      key.description = desc;
    }
    if (roles !== undefined && !sameSet(before, roles)) {
      await this.roleRows().delete(globalRolesOf(key.id));
      await this.roleRows().insert(
        roles.map((roleName) => ({ apiKeyId: key.id, roleName, orgId: null, groupId: null })),
      );
      await this.credentialChanges.announce(key.publicKey);
      await this.events.publish({
        eventTypeName: IdentityEventTypes.API_KEY_ROLES_CHANGED,
        subject,
        diffs: [{ id: key.id, type: 'API_KEY', params: [{ param: 'roles', old: before, new: roles }] }],
        raw: { apiKeyId: key.id },
      });
    }
    return this.responses.response(key);
  }

  // The access-lists context drops the key's list on API_KEY_DELETED, in this transaction.
  @Transactional()
  async delete(apiKeyId: string): Promise<void> {
    const key = await this.findGlobalForUpdate(apiKeyId);
    await this.roleRows().delete({ apiKeyId: key.id });
    await this.keys().delete({ id: key.id });
    await this.credentialChanges.announce(key.publicKey);
    const raw: OrgApiKeyDeletedRaw = { apiKeyId: key.id };
    await this.events.publish({
      eventTypeName: IdentityEventTypes.API_KEY_DELETED,
      subject: { targetPublicKey: key.publicKey },
      raw: { ...raw },
    });
  }

  private async findGlobalForUpdate(apiKeyId: string): Promise<ApiKeyEntity> {
    const key = await this.keys().findOne({
      where: { id: apiKeyId, orgId: IsNull() },
      lock: { mode: 'pessimistic_write' },
    });
    if (!key) throw IdentityErrors.API_KEY_NOT_FOUND(apiKeyId);
    return key;
  }

  private keys() {
    return this.txHost.tx.getRepository(ApiKeyEntity);
  }

  private roleRows() {
    return this.txHost.tx.getRepository(ApiKeyRoleEntity);
  }
}
