import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { RoleRow } from '../roles/role-assignment.mapper';
import { UserEntity } from '../users/user.entity';

export interface CredentialRow {
  kind: 'API_KEY' | 'USER';
  id: string;
  name: string;
  orgId: string | null;
  ha1Md5: string;
  ha1Sha256: string;
  roles: RoleRow[];
}

// What Digest and the other contexts read about credentials, in the caller's transaction if any: a read
// model over the API key, user, role and team tables, which it never writes.
@Injectable()
export class CredentialsStore {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  // An API key by public key, else a user by username, with its roles, in one statement whatever the
  // name (see CredentialsService.findByName).
  async credentialRows(name: string): Promise<CredentialRow[]> {
    return this.txHost.tx.query<CredentialRow[]>(
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
  }

  // The users holding a role in the organization or in one of its projects, by username.
  orgUsers(orgId: string): Promise<UserEntity[]> {
    return this.txHost.tx
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .where(
        `EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id
           AND (r.org_id = :orgId OR r.group_id IN (SELECT p.id FROM projects p WHERE p.org_id = :orgId)))`,
        { orgId },
      )
      .orderBy('u.username', 'ASC')
      .getMany();
  }
}
