import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { Principal } from '../../../platform/auth/principal';
import { SecretBox } from '../../../platform/crypto/secret-box';
import { ApiKeyEntity } from '../api-keys/api-key.entity';
import { toRoleAssignment, type RoleRow } from '../roles/role-assignment.mapper';
import { UserEntity } from '../users/user.entity';
import { openDigestHash } from './secrets';

// What Digest verification needs about a user name: who it is, every role, and the HA1 hashes (opened:
// the credential cache keeps this record, so a value is decrypted once per cache fill).
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

interface CredentialRow {
  kind: 'API_KEY' | 'USER';
  id: string;
  name: string;
  orgId: string | null;
  ha1Md5: string;
  ha1Sha256: string;
  roles: RoleRow[];
}

// The identity context's read surface for other contexts (access lists, the credential directory).
@Injectable()
export class CredentialsService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly secrets: SecretBox,
  ) {}

  // An API key by public key, else a user by username, with its roles, in one statement whatever the
  // name: an unknown name must cost what a known one does (one round trip, the same index probes), or
  // the time of a 401 would tell which names exist.
  async findByName(name: string): Promise<CredentialRecord | null> {
    const rows = await this.txHost.tx.query<CredentialRow[]>(
      `SELECT c.kind, c.id, c.name, c.org_id AS "orgId", c.ha1_md5 AS "ha1Md5", c.ha1_sha256 AS "ha1Sha256",
              coalesce(r.roles, '[]'::json) AS roles
       FROM (SELECT 'API_KEY' AS kind, 0 AS rank, k.id, k.public_key AS name, k.org_id, k.ha1_md5, k.ha1_sha256
             FROM api_keys k WHERE k.public_key = $1
             UNION ALL
             SELECT 'USER', 1, u.id, u.username, NULL, u.ha1_md5, u.ha1_sha256
             FROM users u WHERE u.username = $1
             ORDER BY rank LIMIT 1) c
       LEFT JOIN LATERAL (
         SELECT json_agg(json_build_object('roleName', x.role_name, 'orgId', x.org_id, 'groupId', x.group_id)
                         ORDER BY x.id) AS roles
         FROM (SELECT id, role_name, org_id, group_id FROM api_key_roles WHERE c.kind = 'API_KEY' AND api_key_id = c.id
               UNION ALL
               SELECT id, role_name, org_id, group_id FROM user_roles WHERE c.kind = 'USER' AND user_id = c.id
               UNION ALL
               -- A team member holds the team's project roles (effective roles: own plus teams').
               SELECT NULL, tr.role_name, NULL, tr.group_id
               FROM team_users tu JOIN team_project_roles tr ON tr.team_id = tu.team_id
               WHERE c.kind = 'USER' AND tu.user_id = c.id) x
       ) r ON true`,
      [name],
    );
    const row = rows[0];
    if (!row) return null;
    const principal: Omit<Principal, 'remoteAddress'> = {
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
