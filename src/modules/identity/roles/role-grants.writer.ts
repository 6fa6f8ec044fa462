import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { CredentialChanges } from '../../../platform/auth/credential-changes';
import type { Principal } from '../../../platform/auth/principal';
import { ApiKeyRoleEntity } from '../api-keys/api-key-role.entity';
import { UserRoleEntity } from '../users/user-role.entity';
import type { RoleRow } from './role-assignment.mapper';

// Adds one role to a user or an API key inside the caller's transaction; a role already held is kept.
@Injectable()
export class RoleGrants {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly credentialChanges: CredentialChanges,
  ) {}

  async grant(holder: Pick<Principal, 'kind' | 'id' | 'name'>, role: RoleRow): Promise<void> {
    const scope = { roleName: role.roleName, orgId: role.orgId, groupId: role.groupId };
    const insert = this.txHost.tx.createQueryBuilder().insert();
    const query =
      holder.kind === 'USER'
        ? insert.into(UserRoleEntity).values({ userId: holder.id, ...scope })
        : insert.into(ApiKeyRoleEntity).values({ apiKeyId: holder.id, ...scope });
    await query.orIgnore().execute();
    await this.credentialChanges.announce(holder.name);
  }
}
