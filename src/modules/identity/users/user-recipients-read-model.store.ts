import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { ORG_ROLES_REACHING_PROJECTS } from '../membership/membership.service';

// How a person is reached: the e-mail address and mobile number stored on the user, either may be unset.
export interface PersonContact {
  emailAddress: string | null;
  mobileNumber: string | null;
}

// Read model: the contacts of people, by what they hold now: their own roles and their teams' roles
// (users read with roles, teams and projects). Each query answers one contact per user, in username order.
@Injectable()
export class UserRecipientsStore {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  // The user named, when it is a member of the project: a role on it, its own or a team's, or an
  // organization role that reaches every project of the organization. Global roles make nobody a
  // member. One statement whatever the name, so an unknown name costs what a non-member's does.
  async projectMember(groupId: string, username: string): Promise<PersonContact | null> {
    const rows: Array<{ email_address: string | null; mobile_number: string | null }> =
      await this.txHost.tx.query(
        `SELECT u.email_address, u.mobile_number FROM users u
          WHERE u.username = $2
            AND (EXISTS (SELECT 1 FROM user_roles r
                          WHERE r.user_id = u.id
                            AND (r.group_id = $1
                                 OR (r.role_name = ANY($3::text[])
                                     AND r.org_id = (SELECT p.org_id FROM projects p WHERE p.id = $1))))
                 OR EXISTS (SELECT 1 FROM team_users tu JOIN team_project_roles tr ON tr.team_id = tu.team_id
                             WHERE tu.user_id = u.id AND tr.group_id = $1))`,
        [groupId, username, ORG_ROLES_REACHING_PROJECTS],
      );
    return rows.length === 0 ? null : toContact(rows[0]);
  }

  // Holders of any of `roles` on the project, directly or through a team; any project role when empty.
  async contactsOfProjectRoles(groupId: string, roles: string[]): Promise<PersonContact[]> {
    return this.contacts(
      `SELECT r.user_id FROM user_roles r
        WHERE r.group_id = $1 AND (cardinality($2::text[]) = 0 OR r.role_name = ANY($2::text[]))
       UNION
       SELECT tu.user_id FROM team_project_roles tr JOIN team_users tu ON tu.team_id = tr.team_id
        WHERE tr.group_id = $1 AND (cardinality($2::text[]) = 0 OR tr.role_name = ANY($2::text[]))`,
      [groupId, roles],
    );
  }

  // Holders of any of `roles` in the organization (teams hold project roles only). When empty, every
  // member as GET /orgs/{orgId}/users lists them: organization roles, roles in its projects, its teams.
  async contactsOfOrgRoles(orgId: string, roles: string[]): Promise<PersonContact[]> {
    if (roles.length > 0) {
      return this.contacts(
        'SELECT user_id FROM user_roles WHERE org_id = $1 AND role_name = ANY($2::text[])',
        [orgId, roles],
      );
    }
    return this.contacts(
      `SELECT user_id FROM user_roles
        WHERE org_id = $1 OR group_id IN (SELECT id FROM projects WHERE org_id = $1)
       UNION
       SELECT tu.user_id FROM teams t JOIN team_users tu ON tu.team_id = t.id WHERE t.org_id = $1`,
      [orgId],
    );
  }

  // null when the team is not one of the organization's.
  async contactsOfTeam(orgId: string, teamId: string): Promise<PersonContact[] | null> {
    const teams: unknown[] = await this.txHost.tx.query('SELECT 1 FROM teams WHERE id = $1 AND org_id = $2', [
      teamId,
      orgId,
    ]);
    if (teams.length === 0) return null;
    return this.contacts('SELECT user_id FROM team_users WHERE team_id = $1', [teamId]);
  }

  private async contacts(userIds: string, parameters: unknown[]): Promise<PersonContact[]> {
    const rows: Array<{ email_address: string | null; mobile_number: string | null }> =
      await this.txHost.tx.query(
        `SELECT u.email_address, u.mobile_number FROM users u
          WHERE u.id IN (${userIds}) ORDER BY u.username`,
        parameters,
      );
    return rows.map(toContact);
  }
}

function toContact(row: { email_address: string | null; mobile_number: string | null }): PersonContact {
  return { emailAddress: row.email_address, mobileNumber: row.mobile_number };
}
