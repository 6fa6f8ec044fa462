import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { AgentActivity } from '../../../platform/deployments/agent-activity';

// The newest heartbeat of any agent per project; the agents' primary key starts with group_id.
@Injectable()
export class AgentActivityStore extends AgentActivity {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {
    super();
  }

  async lastActiveOf(groupIds: string[]): Promise<Map<string, Date>> {
    if (groupIds.length === 0) return new Map();
    const rows: Array<{ group_id: string; last_seen: Date }> = await this.txHost.tx.query(
      'SELECT group_id, max(last_seen) AS last_seen FROM agents WHERE group_id = ANY($1::char(24)[]) GROUP BY group_id',
      [groupIds],
    );
    return new Map(rows.map((row) => [row.group_id, row.last_seen]));
  }
}
