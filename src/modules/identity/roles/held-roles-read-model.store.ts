import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { RoleRow } from './role-assignment.mapper';

// Read model: every role a user holds, as Digest authentication grants them: its own and its teams'
// project roles, read together in the caller's transaction.
@Injectable()
export class HeldRolesStore {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  ofUser(userId: string): Promise<RoleRow[]> {
    return this.txHost.tx.query<RoleRow[]>(
      `SELECT role_name AS "roleName", org_id AS "orgId", group_id AS "groupId"
         FROM user_roles WHERE user_id = $1
       UNION
       SELECT tr.role_name, NULL, tr.group_id
         FROM team_users tu JOIN team_project_roles tr ON tr.team_id = tu.team_id
        WHERE tu.user_id = $1`,
      [userId],
    );
  }
}
