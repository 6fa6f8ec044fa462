import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { IsNull } from 'typeorm';
import { PreparedReads, type PreparedRead } from '../../../platform/database/prepared-reads';
import type { PageQuery } from '../../../platform/http/pagination/page.query';
import { OrganizationEntity } from '../organizations/organization.entity';
import { ApiKeyRoleEntity } from './api-key-role.entity';
import { ApiKeyEntity } from './api-key.entity';

// The SQL of API keys and their roles, shared by the organization, project and global key services; the
// rules are in api-key-rules.ts, the responses in api-key-responses.ts.
@Injectable()
export class ApiKeyStore {
  // The key list is a hot read: named prepared statements (prepared-reads.ts).
  private readonly orgKeysPage: PreparedRead<[ApiKeyEntity, ApiKeyRoleEntity | null]>;
  private readonly rolesOfKeys: PreparedRead<ApiKeyRoleEntity>;

  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
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

  // One page of an organization's keys with their roles, oldest first, and the exact total. A page that
  // is partial but not past the end holds the total itself (offset + its length), so only a full or
  // empty page past the first one costs a count.
  async orgPage(
    orgId: string,
    page: PageQuery,
  ): Promise<[Array<{ key: ApiKeyEntity; roles: ApiKeyRoleEntity[] }>, number]> {
    const rows = await this.orgKeysPage([orgId, page.offset, page.itemsPerPage]);
    const keys: Array<{ key: ApiKeyEntity; roles: ApiKeyRoleEntity[] }> = [];
    for (const [key, role] of rows) {
      const last = keys[keys.length - 1];
      const entry = last?.key.id === key.id ? last : { key, roles: [] };
      if (entry !== last) keys.push(entry);
      if (role) entry.roles.push(role);
    }
    const knownTotal = keys.length < page.itemsPerPage && (keys.length > 0 || page.offset === 0);
    const total = knownTotal
      ? page.offset + keys.length
      : await this.txHost.tx.getRepository(ApiKeyEntity).countBy({ orgId });
    return [keys, total];
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

  // A global key (no organization); null for an organization key.
  findGlobal(apiKeyId: string): Promise<ApiKeyEntity | null> {
    return this.txHost.tx.getRepository(ApiKeyEntity).findOneBy({ id: apiKeyId, orgId: IsNull() });
  }

  // Locks the organization's row until the transaction ends; false when there is no such organization.
  async lockOrg(orgId: string): Promise<boolean> {
    const org = await this.txHost.tx
      .getRepository(OrganizationEntity)
      .findOne({ where: { id: orgId }, lock: { mode: 'pessimistic_write' } });
    return org !== null;
  }

  countOfOrg(orgId: string): Promise<number> {
    return this.txHost.tx.getRepository(ApiKeyEntity).countBy({ orgId });
  }

  // A key of this organization (null for another organization's key or a global key), locked until the
  // transaction ends when asked.
  findInOrg(orgId: string, apiKeyId: string, forUpdate = false): Promise<ApiKeyEntity | null> {
    return this.txHost.tx.getRepository(ApiKeyEntity).findOne({
      where: { id: apiKeyId, orgId },
      ...(forUpdate ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
  }

  async rolesOf(apiKeyIds: string[]): Promise<Map<string, ApiKeyRoleEntity[]>> {
    const byKey = new Map<string, ApiKeyRoleEntity[]>(apiKeyIds.map((id) => [id, []]));
    if (apiKeyIds.length === 0) return byKey;
    const roles = await this.rolesOfKeys([apiKeyIds]);
    for (const role of roles) byKey.get(role.apiKeyId)?.push(role);
    return byKey;
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
