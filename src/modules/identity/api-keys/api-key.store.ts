import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { IsNull } from 'typeorm';
import { PreparedReads, type PreparedRead } from '../../../platform/database/prepared-reads';
import { CommonErrors } from '../../../platform/http/error-codes';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import type { PageQuery } from '../../../platform/http/pagination/page.query';
import { IdentityErrors } from '../identity.errors';
import { OrganizationEntity } from '../organizations/organization.entity';
import { ApiKeyRoleEntity } from './api-key-role.entity';
import { ApiKeyEntity } from './api-key.entity';
import { apiKeyPath, toApiKeyResponse } from './api-key.mapper';
import type { ApiKeyResponse } from './dto/api-key.response';

// Product limit: up to 500 API keys per organization.
export const MAX_API_KEYS_PER_ORG = 500;

// Missing, null or blank: the product's API_KEY_REQUIRES_DESCRIPTION (length is checked by the DTO).
export function requireDescription(desc: string | null | undefined): string {
  if (desc === undefined || desc === null || desc.trim() === '')
    throw IdentityErrors.API_KEY_REQUIRES_DESCRIPTION();
  return desc;
}

// At least one role, duplicates ignored.
export function requireRoles(roles: string[]): string[] {
  if (roles.length === 0) throw CommonErrors.MISSING_ATTRIBUTE('roles');
  return [...new Set(roles)];
}

// Data access shared by the organization and project API key services.
@Injectable()
export class ApiKeyStore {
  // The key list is a hot read: named prepared statements (prepared-reads.ts).
  private readonly orgKeysPage: PreparedRead<[ApiKeyEntity, ApiKeyRoleEntity | null]>;
  private readonly rolesOfKeys: PreparedRead<ApiKeyRoleEntity>;

  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly links: PageLinks,
    reads: PreparedReads,
  ) {
    // The page's keys with their roles in one statement: one round trip for the list, not two.
    this.orgKeysPage = reads.defineJoined(
      ApiKeyEntity,
      ApiKeyRoleEntity,
      'id',
      '(SELECT * FROM "api_keys" WHERE org_id = $1 ORDER BY created_at ASC, id ASC OFFSET $2 LIMIT $3) p ' +
        'LEFT JOIN "api_key_roles" c ON c.api_key_id = p.id ORDER BY p.created_at ASC, p.id ASC',
    );
    this.rolesOfKeys = reads.define(ApiKeyRoleEntity, 'WHERE api_key_id = ANY($1)');
  }

  // One page of an organization's keys as responses, oldest first, and the exact total. A page that is
  // partial but not past the end holds the total itself (offset + its length), so only a full or empty
  // page past the first one costs a count.
  async orgPage(orgId: string, page: PageQuery): Promise<[ApiKeyResponse[], number]> {
    const rows = await this.orgKeysPage([orgId, page.offset, page.itemsPerPage]);
    const keys: Array<{ key: ApiKeyEntity; roles: ApiKeyRoleEntity[] }> = [];
    for (const [key, role] of rows) {
      const last = keys[keys.length - 1];
      const entry = last?.key.id === key.id ? last : { key, roles: [] };
      if (entry !== last) keys.push(entry);
      if (role) entry.roles.push(role);
    }
    const responses = keys.map(({ key, roles }) =>
      toApiKeyResponse(key, roles, this.links.self(apiKeyPath(key))),
    );
    const knownTotal = keys.length < page.itemsPerPage && (keys.length > 0 || page.offset === 0);
    const total = knownTotal
      ? page.offset + keys.length
      : await this.txHost.tx.getRepository(ApiKeyEntity).countBy({ orgId });
    return [responses, total];
  }

  // One page of the global keys (no organization), oldest first, and the exact total.
  async globalPage(page: PageQuery): Promise<[ApiKeyEntity[], number]> {
    return this.txHost.tx.getRepository(ApiKeyEntity).findAndCount({
      where: { orgId: IsNull() },
      order: { createdAt: 'ASC', id: 'ASC' },
      skip: page.offset,
      take: page.itemsPerPage,
    });
  }

  // An organization key is "not found" here, as a global key is under an organization.
  async findGlobal(apiKeyId: string): Promise<ApiKeyEntity> {
    const key = await this.txHost.tx.getRepository(ApiKeyEntity).findOneBy({ id: apiKeyId, orgId: IsNull() });
    if (!key) throw IdentityErrors.API_KEY_NOT_FOUND(apiKeyId);
    return key;
  }

  // Serializes key creation per organization so the 500-key limit holds under concurrency.
  async lockOrgForNewKey(orgId: string): Promise<void> {
    const org = await this.txHost.tx
      .getRepository(OrganizationEntity)
      .findOne({ where: { id: orgId }, lock: { mode: 'pessimistic_write' } });
    if (!org) throw CommonErrors.ORG_NOT_FOUND(orgId);
    const keys = await this.txHost.tx.getRepository(ApiKeyEntity).countBy({ orgId });
    if (keys >= MAX_API_KEYS_PER_ORG) throw IdentityErrors.API_KEY_LIMIT_EXCEEDED(MAX_API_KEYS_PER_ORG);
  }

  // A key of another organization (or the global key) is "not found", as the product answers.
  async findInOrg(orgId: string, apiKeyId: string, forUpdate = false): Promise<ApiKeyEntity> {
    const key = await this.txHost.tx.getRepository(ApiKeyEntity).findOne({
      where: { id: apiKeyId, orgId },
      ...(forUpdate ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!key) throw IdentityErrors.API_KEY_NOT_FOUND(apiKeyId);
    return key;
  }

  async rolesOf(apiKeyIds: string[]): Promise<Map<string, ApiKeyRoleEntity[]>> {
    const byKey = new Map<string, ApiKeyRoleEntity[]>(apiKeyIds.map((id) => [id, []]));
    if (apiKeyIds.length === 0) return byKey;
    const roles = await this.rolesOfKeys([apiKeyIds]);
    for (const role of roles) byKey.get(role.apiKeyId)?.push(role);
    return byKey;
  }

  async response(key: ApiKeyEntity, fullPrivateKey?: string): Promise<ApiKeyResponse> {
    const roles = (await this.rolesOf([key.id])).get(key.id) ?? [];
    return toApiKeyResponse(key, roles, this.links.self(apiKeyPath(key)), fullPrivateKey);
  }

  async responses(keys: ApiKeyEntity[]): Promise<ApiKeyResponse[]> {
    const roles = await this.rolesOf(keys.map((key) => key.id));
    return keys.map((key) =>
      toApiKeyResponse(key, roles.get(key.id) ?? [], this.links.self(apiKeyPath(key))),
    );
  }

  // The keys holding a role in the project, oldest first.
  pageOfProject(groupId: string, page: PageQuery): Promise<[ApiKeyEntity[], number]> {
    return this.txHost.tx
      .getRepository(ApiKeyEntity)
      .createQueryBuilder('k')
      .where('k.id IN (SELECT r.api_key_id FROM api_key_roles r WHERE r.group_id = :groupId)', { groupId })
      .orderBy('k.createdAt', 'ASC')
      .addOrderBy('k.id', 'ASC')
      .offset(page.offset)
      .limit(page.itemsPerPage)
      .getManyAndCount();
  }
}
