import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

export interface MemberRoleRow {
  userId: string;
  roleName: string;
  orgId: string | null;
  groupId: string | null;
  // Set when the role comes through a team.
  teamId: string | null;
}

// Read model: who holds which role in an organization or a project, directly or through a team (user
// roles, teams, their members and project roles, and the organization's projects read together).
@Injectable()
export class MembershipStore {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  // Roles in the organization and in its projects, plus the project roles of its teams' members;
  // members of its teams without any role appear with no row but their user id (roleName '').
  async orgMemberRoles(orgId: string): Promise<MemberRoleRow[]> {
    return this.txHost.tx.query(
      `SELECT r.user_id AS "userId", r.role_name AS "roleName", r.org_id AS "orgId", r.group_id AS "groupId", NULL AS "teamId"
         FROM user_roles r
        WHERE r.org_id = $1 OR r.group_id IN (SELECT id FROM projects WHERE org_id = $1)
       UNION ALL
       SELECT tu.user_id, coalesce(tr.role_name, ''), NULL, tr.group_id, t.id
         FROM teams t JOIN team_users tu ON tu.team_id = t.id
         LEFT JOIN team_project_roles tr ON tr.team_id = t.id
        WHERE t.org_id = $1`,
      [orgId],
    );
  }

  async projectMemberRoles(groupId: string, orgId: string): Promise<MemberRoleRow[]> {
    return this.txHost.tx.query(
      `SELECT r.user_id AS "userId", r.role_name AS "roleName", r.org_id AS "orgId", r.group_id AS "groupId", NULL AS "teamId"
         FROM user_roles r WHERE r.group_id = $1 OR r.org_id = $2
       UNION ALL
       SELECT tu.user_id, tr.role_name, NULL, tr.group_id, tr.team_id
         FROM team_project_roles tr JOIN team_users tu ON tu.team_id = tr.team_id
        WHERE tr.group_id = $1`,
      [groupId, orgId],
    );
  }
}
