import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In } from 'typeorm';
import { DeploymentReader } from '../../automation';
import { AlertEntity } from '../alerts/alert.entity';
import type { AlertResponse } from '../alerts/dto/alert.response';
import { agentHostnameOf } from './event-rules';

// The open alert that makes another one pointless to notify, and why.
export interface Inhibition {
  alertId: string;
  eventTypeName: string;
  reason: string;
}

const HOST_DOWN = 'HOST_DOWN';
const MONITORING_AGENT_DOWN = 'MONITORING_AGENT_DOWN';

// Beyond the product, as Alertmanager's inhibition: the alerts about a host that is down, or that no
// monitoring agent watches, follow from that one cause, and only the cause notifies. A host's alerts are
// inhibited by an OPEN HOST_DOWN alert of the same host (a HOST_DOWN alert is never inhibited by another
// one, so two HOST_DOWN configurations both notify), or by an OPEN MONITORING_AGENT_DOWN alert of the
// project while none of its monitoring agents is up. Alerts with no host (replica set, agents, project)
// are never inhibited; a TRACKING inhibitor (still within its delay) does not inhibit yet.
@Injectable()
export class AlertInhibition {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly deployment: DeploymentReader,
  ) {}

  async inhibitorOf(alert: AlertResponse): Promise<Inhibition | null> {
    return (await this.inhibitorsOf([alert]))[0];
  }

  // `inhibitorOf` for many alerts at once (a notification group's flush), answered in their order: one read
  // of the open HOST_DOWN alerts of their hosts, and per project one of its MONITORING_AGENT_DOWN alert and
  // its monitoring agents.
  async inhibitorsOf(alerts: AlertResponse[]): Promise<Array<Inhibition | null>> {
    const downHosts = await this.openHostDown(
      alerts.filter((alert) => alert.hostId !== undefined && alert.eventTypeName !== HOST_DOWN),
    );
    const agentsDown = new Map<string, Promise<AlertEntity | null>>();
    const answers: Array<Inhibition | null> = [];
    for (const alert of alerts) {
      if (alert.hostId === undefined) {
        answers.push(null);
        continue;
      }
      const host = alert.hostnameAndPort ?? alert.hostId;
      const down =
        alert.eventTypeName === HOST_DOWN ? undefined : downHosts.get(`${alert.groupId} ${alert.hostId}`);
      if (down !== undefined) {
        answers.push({
          alertId: down.id,
          eventTypeName: HOST_DOWN,
          reason: `host ${host} is down (HOST_DOWN alert ${down.id} is open)`,
        });
        continue;
      }
      if (!agentsDown.has(alert.groupId)) agentsDown.set(alert.groupId, this.unwatchedBy(alert.groupId));
      const agentDown = await agentsDown.get(alert.groupId);
      if (agentDown == null) {
        answers.push(null);
        continue;
      }
      const agent = agentHostnameOf(agentDown.targetKey);
      answers.push({
        alertId: agentDown.id,
        eventTypeName: MONITORING_AGENT_DOWN,
        reason: `no monitoring agent watches host ${host} (MONITORING_AGENT_DOWN alert ${agentDown.id} for ${agent} is open)`,
      });
    }
    return answers;
  }

  // The oldest OPEN HOST_DOWN alert of each of these alerts' hosts, by "groupId hostId".
  private async openHostDown(alerts: AlertResponse[]): Promise<Map<string, AlertEntity>> {
    const oldest = new Map<string, AlertEntity>();
    const byProject = new Map<string, string[]>();
    for (const alert of alerts) {
      byProject.set(alert.groupId, [...(byProject.get(alert.groupId) ?? []), alert.hostId ?? '']);
    }
    for (const [groupId, hostIds] of byProject) {
      const rows = await this.txHost.tx.getRepository(AlertEntity).find({
        where: { groupId, eventTypeName: HOST_DOWN, hostId: In([...new Set(hostIds)]), status: 'OPEN' },
        order: { created: 'ASC', id: 'ASC' },
      });
      for (const row of rows) {
        const key = `${groupId} ${row.hostId}`;
        if (!oldest.has(key)) oldest.set(key, row);
      }
    }
    return oldest;
  }

  // The project's open MONITORING_AGENT_DOWN alert while none of its monitoring agents is up.
  private async unwatchedBy(groupId: string): Promise<AlertEntity | null> {
    const agentDown = await this.oldestOpen({ groupId, eventTypeName: MONITORING_AGENT_DOWN });
    if (agentDown === null || (await this.deployment.monitoringAgentUp(groupId))) return null;
    return agentDown;
  }

  private oldestOpen(where: {
    groupId: string;
    eventTypeName: string;
    hostId?: string;
  }): Promise<AlertEntity | null> {
    return this.txHost.tx.getRepository(AlertEntity).findOne({
      where: { ...where, status: 'OPEN' },
      order: { created: 'ASC', id: 'ASC' },
    });
  }
}
