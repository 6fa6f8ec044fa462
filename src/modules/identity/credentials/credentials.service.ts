import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { Principal } from '../../../platform/auth/principal';
import { ApiKeyRoleEntity } from '../api-keys/api-key-role.entity';
import { ApiKeyEntity } from '../api-keys/api-key.entity';
import { toRoleAssignment } from '../roles/role-assignment.mapper';
import { UserRoleEntity } from '../users/user-role.entity';
import { UserEntity } from '../users/user.entity';

// What Digest verification needs about a user name: who it is, every role, and the HA1 hashes.
export interface CredentialRecord {
  principal: Omit<Principal, 'remoteAddress'>;
  ha1Md5: string;
  ha1Sha256: string;
}

export interface ApiKeySummary {
  id: string;
  publicKey: string;
  // null for the global key made at bootstrap.
  orgId: string | null;
}

export interface UserSummary {
  id: string;
  username: string;
}

export interface OrgUserSummary extends UserSummary {
  firstName: string;
  lastName: string;
  emailAddress: string | null;
}

// The identity context's read surface for other contexts (access lists, the credential directory).
@Injectable()
export class CredentialsService {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  // An API key by public key, else a user by username.
  async findByName(name: string): Promise<CredentialRecord | null> {
    const key = await this.txHost.tx.getRepository(ApiKeyEntity).findOneBy({ publicKey: name });
    if (key) {
      const roles = await this.txHost.tx.getRepository(ApiKeyRoleEntity).findBy({ apiKeyId: key.id });
      const principal: Omit<Principal, 'remoteAddress'> = {
        kind: 'API_KEY',
        id: key.id,
        name: key.publicKey,
        roles: roles.map(toRoleAssignment),
      };
      if (key.orgId !== null) principal.orgId = key.orgId;
      return { principal, ha1Md5: key.ha1Md5, ha1Sha256: key.ha1Sha256 };
    }
    const user = await this.txHost.tx.getRepository(UserEntity).findOneBy({ username: name });
    if (!user) return null;
    const roles = await this.txHost.tx.getRepository(UserRoleEntity).findBy({ userId: user.id });
    return {
      principal: { kind: 'USER', id: user.id, name: user.username, roles: roles.map(toRoleAssignment) },
      ha1Md5: user.ha1Md5,
      ha1Sha256: user.ha1Sha256,
    };
  }

  // The key only if it belongs to that organization (a key of another org is "not found").
  async findApiKey(orgId: string, apiKeyId: string): Promise<ApiKeySummary | null> {
    const key = await this.txHost.tx.getRepository(ApiKeyEntity).findOneBy({ id: apiKeyId, orgId });
    return key ? { id: key.id, publicKey: key.publicKey, orgId: key.orgId } : null;
  }

  async findApiKeyById(apiKeyId: string): Promise<ApiKeySummary | null> {
    const key = await this.txHost.tx.getRepository(ApiKeyEntity).findOneBy({ id: apiKeyId });
    return key ? { id: key.id, publicKey: key.publicKey, orgId: key.orgId } : null;
  }

  async findUser(userId: string): Promise<UserSummary | null> {
    const user = await this.txHost.tx.getRepository(UserEntity).findOneBy({ id: userId });
    return user ? { id: user.id, username: user.username } : null;
  }

  async findUserByName(username: string): Promise<UserSummary | null> {
    const user = await this.txHost.tx.getRepository(UserEntity).findOneBy({ username });
    return user ? { id: user.id, username: user.username } : null;
  }

  // The users of an organization: those holding a role in it or in one of its projects (federation's
  // domain restriction checks them), by username.
  async listOrgUsers(orgId: string): Promise<OrgUserSummary[]> {
    const users = await this.txHost.tx
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .where(
        `EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id
           AND (r.org_id = :orgId OR r.group_id IN (SELECT p.id FROM projects p WHERE p.org_id = :orgId)))`,
        { orgId },
      )
      .orderBy('u.username', 'ASC')
      .getMany();
    return users.map(({ id, username, firstName, lastName, emailAddress }) => ({
      id,
      username,
      firstName,
      lastName,
      emailAddress,
    }));
  }
}
