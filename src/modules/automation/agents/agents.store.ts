import { Inject, Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { AppConfig } from '../../../platform/config/app-config';
import { APP_CONFIG } from '../../../platform/config/config.module';
import { AgentActivity } from '../../../platform/deployments/agent-activity';
import type { AgentEventType } from '../automation.events';
import { onHeartbeat } from './agent-transitions';
import type { AgentType } from './agent-types';
import { AgentEntity } from './agent.entity';

export interface SilentAgent {
  group_id: string;
  agent_type: AgentType;
  hostname: string;
  version: string;
}

// The agents of a project, written by their reports (each is a heartbeat) inside the report's transaction,
// marked down by the liveness sweep, and read as the newest heartbeat per project (AgentActivity).
@Injectable()
export class AgentsStore extends AgentActivity {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  // Returns the events the heartbeat derives (NEW_AGENT, *_AGENT_UP, *_AGENT_VERSION_*).
  async heartbeat(
    groupId: string,
    agentType: AgentType,
    hostname: string,
    version: string,
    now: Date,
  ): Promise<AgentEventType[]> {
    const repository = this.txHost.tx.getRepository(AgentEntity);
    // The row lock orders this report after a liveness sweep that is marking the agent down.
    const previous = await repository.findOne({
      where: { groupId, agentType, hostname },
      lock: { mode: 'pessimistic_write' },
    });
    const { next, events } = onHeartbeat(
      agentType,
      previous ? { state: previous.state, versionState: previous.versionState } : null,
      version,
      this.config.agentCurrentVersion,
    );
    await repository.upsert(
      {
        groupId,
        agentType,
        hostname,
        version,
        state: next.state,
        versionState: next.versionState,
        firstSeen: previous?.firstSeen ?? now,
        lastSeen: now,
      },
      ['groupId', 'agentType', 'hostname'],
    );
    return events;
  }

  // The newest heartbeat of any agent per project; the agents' primary key starts with group_id.
  async lastActiveOf(groupIds: string[]): Promise<Map<string, Date>> {
    if (groupIds.length === 0) return new Map();
    const rows: Array<{ group_id: string; last_seen: Date }> = await this.txHost.tx.query(
      'SELECT group_id, max(last_seen) AS last_seen FROM agents WHERE group_id = ANY($1::char(24)[]) GROUP BY group_id',
      [groupIds],
    );
    return new Map(rows.map((row) => [row.group_id, row.last_seen]));
  }

  // Each row is flipped by one conditional UPDATE, so concurrent sweeps (several instances) return it once.
  async markSilentDown(cutoff: Date): Promise<SilentAgent[]> {
    return this.txHost.tx.query<SilentAgent[]>(
      `WITH down AS (
       UPDATE agents SET state = 'DOWN' WHERE state = 'UP' AND last_seen < $1
       RETURNING group_id, agent_type, hostname, version)
     SELECT * FROM down ORDER BY group_id, agent_type, hostname`,
      [cutoff],
    );
  }
}
