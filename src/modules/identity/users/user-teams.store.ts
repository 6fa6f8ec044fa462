import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

// The teams each user belongs to (the user resource's `teamIds`), for a page of users in one query.
@Injectable()
export class UserTeamsStore {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async teamIdsOf(userIds: string[]): Promise<Map<string, string[]>> {
    const teams = new Map<string, string[]>(userIds.map((userId) => [userId, []]));
    if (userIds.length === 0) return teams;
    const rows: Array<{ user_id: string; team_id: string }> = await this.txHost.tx.query(
      'SELECT user_id, team_id FROM team_users WHERE user_id = ANY($1::varchar[]) ORDER BY team_id',
      [userIds],
    );
    for (const row of rows) teams.get(row.user_id)?.push(row.team_id);
    return teams;
  }
}
