import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { Principal } from '../../../platform/auth/principal';
import { SecretBox } from '../../../platform/crypto/secret-box';
import { ApiKeyEntity } from '../api-keys/api-key.entity';
import { toRoleAssignment } from '../roles/role-assignment.mapper';
import { UserEntity } from '../users/user.entity';
import { CredentialsStore } from './credentials-read-model.store';
import { openDigestHash } from './secrets';

// What Digest verification needs about a user name: who it is, every role, and the HA1 hashes (opened:
// the credential cache keeps this record, so a value is decrypted once per cache fill).
export interface CredentialRecord {
  principal: Omit<Principal, 'remoteAddress' | 'accessList'>;
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
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly secrets: SecretBox,
    private readonly store: CredentialsStore,
  ) {}

  // An API key by public key, else a user by username, with its roles, in one statement whatever the
  // name: an unknown name must cost what a known one does (one round trip, the same index probes), or
  // the time of a 401 would tell which names exist.
  async findByName(name: string): Promise<CredentialRecord | null> {
    const rows = await this.store.credentialRows(name);
    const row = rows[0];
    if (!row) return null;
    const principal: Omit<Principal, 'remoteAddress' | 'accessList'> = {
      kind: row.kind,
      id: row.id,
      name: row.name,
      roles: row.roles.map(toRoleAssignment),
    };
    if (row.orgId !== null) principal.orgId = row.orgId;
    return {
      principal,
      ha1Md5: openDigestHash(this.secrets, row.ha1Md5),
      ha1Sha256: openDigestHash(this.secrets, row.ha1Sha256),
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
    const users = await this.store.orgUsers(orgId);
    return users.map(({ id, username, firstName, lastName, emailAddress }) => ({
      id,
      username,
      firstName,
      lastName,
      emailAddress,
    }));
  }
}
