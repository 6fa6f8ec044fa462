import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

// An alert configuration whose TEAM or USER notification names someone.
export interface NamingConfig {
  groupId: string;
  alertConfigId: string;
  // The user a USER notification names; the team id for TEAM.
  named: string;
}

// Which configurations name a team or users in their notifications (teamId and username are stored in
// clear; only secrets are sealed).
@Injectable()
export class NamedRecipientsStore {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  namingTeam(teamId: string): Promise<NamingConfig[]> {
    return this.naming('TEAM', 'teamId', [teamId]);
  }

  namingUsers(usernames: string[]): Promise<NamingConfig[]> {
    return this.naming('USER', 'username', usernames);
  }

  private async naming(typeName: string, field: string, names: string[]): Promise<NamingConfig[]> {
    if (names.length === 0) return [];
    const rows: Array<{ id: string; group_id: string; named: string }> = await this.txHost.tx.query(
      `SELECT DISTINCT c.group_id, c.id, n ->> $2 AS named
         FROM alert_configs c CROSS JOIN LATERAL jsonb_array_elements(c.notifications) n
        WHERE n ->> 'typeName' = $1 AND n ->> $2 = ANY($3::text[])
        ORDER BY c.group_id, c.id`,
      [typeName, field, names],
    );
    return rows.map((row) => ({ groupId: row.group_id, alertConfigId: row.id, named: row.named }));
  }
}
