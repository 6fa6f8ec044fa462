import { Inject, Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { AppConfig } from '../../../platform/config/app-config';
import { APP_CONFIG } from '../../../platform/config/config.module';
import type { AgentEventType } from '../automation.events';
import { onHeartbeat } from './agent-transitions';
import type { AgentType } from './agent-types';
import { AgentEntity } from './agent.entity';

// The agents of a project, written by their reports (each is a heartbeat) inside the report's transaction.
@Injectable()
export class AgentsStore {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

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
}
