import { Inject, Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { ProjectDirectory } from '../../../platform/auth/principal';
import { Clock } from '../../../platform/clock/clock';
import type { AppConfig } from '../../../platform/config/app-config';
import { APP_CONFIG } from '../../../platform/config/config.module';
import { EventPublisher } from '../../../platform/events/event-publisher';
import { AutomationEventTypes, type AgentEventRaw, type HostEventRaw } from '../automation.events';
import { hostEventSubject } from '../hosts/host.mapper';
import { HostsStore } from '../hosts/hosts.store';
import { downEventOf } from './agent-types';
import { AgentsStore } from './agents.store';

export interface SweepResult {
  agentsDown: number;
  hostsDown: number;
}

// Derives the events of silence: an agent with no report for AGENT_DOWN_AFTER_SECONDS is down
// (*_AGENT_DOWN), and so is a monitored host no report mentioned for as long (HOST_DOWN). Each row is
// flipped by one conditional UPDATE, so concurrent sweeps (several instances) announce it once.
@Injectable()
export class AgentLivenessService {
  constructor(
    private readonly agents: AgentsStore,
    private readonly hosts: HostsStore,
    private readonly projects: ProjectDirectory,
    private readonly events: EventPublisher,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Transactional()
  async sweep(): Promise<SweepResult> {
    const now = this.clock.now();
    const cutoff = new Date(now.getTime() - this.config.agentDownAfterSeconds * 1000);
    const agents = await this.agents.markSilentDown(cutoff);
    const hosts = await this.hosts.markSilentDown(cutoff);

    const orgs = new Map<string, string | undefined>();
    const orgOf = async (groupId: string) => {
      if (!orgs.has(groupId)) orgs.set(groupId, (await this.projects.orgOf(groupId)) ?? undefined);
      return orgs.get(groupId);
    };
    for (const agent of agents) {
      const raw: AgentEventRaw = { agentType: agent.agent_type, version: agent.version, cause: 'SILENCE' };
      await this.events.publish({
        eventTypeName: downEventOf(agent.agent_type),
        orgId: await orgOf(agent.group_id),
        groupId: agent.group_id,
        subject: { hostname: agent.hostname },
        raw: { ...raw },
        actor: null,
        occurredAt: now,
      });
    }
    for (const host of hosts) {
      const raw: HostEventRaw = { cause: 'SILENCE', typeName: host.type_name };
      await this.events.publish({
        eventTypeName: AutomationEventTypes.HOST_DOWN,
        orgId: await orgOf(host.group_id),
        groupId: host.group_id,
        subject: hostEventSubject({
          id: host.id,
          hostname: host.hostname,
          port: host.port,
          replicaSetName: host.replica_set_name,
          clusterId: host.cluster_id,
          clusterName: host.cluster_name,
        }),
        raw: { ...raw },
        actor: null,
        occurredAt: now,
      });
    }
    return { agentsDown: agents.length, hostsDown: hosts.length };
  }
}
