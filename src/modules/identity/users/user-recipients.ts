import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { UserEntity } from './user.entity';

// Read surface for the delivery side: the e-mail addresses behind USER, GROUP (project roles) and ORG
// notifications. Users without an address are left out; users have no mobile number in this service.
@Injectable()
export class UserRecipients {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async emailOfUser(username: string): Promise<string | null> {
    const user = await this.txHost.tx.getRepository(UserEntity).findOneBy({ username });
    return user?.emailAddress ?? null;
  }

  // Users holding any of `roles` on the project; every user with a project role when roles is empty.
  async emailsOfProjectRoles(groupId: string, roles: string[]): Promise<string[]> {
    const rows: Array<{ email_address: string }> = await this.txHost.tx.query(
      `SELECT DISTINCT u.email_address FROM users u JOIN user_roles r ON r.user_id = u.id
        WHERE r.group_id = $1 AND (cardinality($2::text[]) = 0 OR r.role_name = ANY($2::text[]))
          AND u.email_address IS NOT NULL ORDER BY u.email_address`,
      [groupId, roles],
    );
    return rows.map((row) => row.email_address);
  }

  // Members of the organization: users with any organization role in it.
  async emailsOfOrg(orgId: string): Promise<string[]> {
    const rows: Array<{ email_address: string }> = await this.txHost.tx.query(
      `SELECT DISTINCT u.email_address FROM users u JOIN user_roles r ON r.user_id = u.id
        WHERE r.org_id = $1 AND u.email_address IS NOT NULL ORDER BY u.email_address`,
      [orgId],
    );
    return rows.map((row) => row.email_address);
  }
}
