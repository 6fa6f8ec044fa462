import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { LookupMemo, remembered } from '../../../platform/collections/lookup-memo';
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

function hostDownKey(groupId: string, hostId: string): string {
  return `inhibition:host-down:${groupId}:${hostId}`;
}
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

  // `memo`: the alerts of one batch share the reads of their host and project.
  async inhibitorOf(alert: AlertResponse, memo?: LookupMemo): Promise<Inhibition | null> {
    if (alert.hostId === undefined) return null;
    const host = alert.hostnameAndPort ?? alert.hostId;
    if (alert.eventTypeName !== HOST_DOWN) {
      const hostId = alert.hostId;
      const down = await remembered(memo, hostDownKey(alert.groupId, hostId), () =>
        this.oldestOpen({ groupId: alert.groupId, eventTypeName: HOST_DOWN, hostId }),
      );
      if (down !== null) {
        return {
          alertId: down.id,
          eventTypeName: HOST_DOWN,
          reason: `host ${host} is down (HOST_DOWN alert ${down.id} is open)`,
        };
      }
    }
    const agentDown = await remembered(memo, `inhibition:agent-down:${alert.groupId}`, () =>
      this.oldestOpen({ groupId: alert.groupId, eventTypeName: MONITORING_AGENT_DOWN }),
    );
    if (agentDown === null) return null;
    const agentUp = await remembered(memo, `inhibition:agent-up:${alert.groupId}`, () =>
      this.deployment.monitoringAgentUp(alert.groupId),
    );
    if (agentUp) return null;
    const agent = agentHostnameOf(agentDown.targetKey);
    return {
      alertId: agentDown.id,
      eventTypeName: MONITORING_AGENT_DOWN,
      reason: `no monitoring agent watches host ${host} (MONITORING_AGENT_DOWN alert ${agentDown.id} for ${agent} is open)`,
    };
  }

  // `inhibitorOf` for many alerts at once (a notification group's flush), answered in their order: one read
  // of the open HOST_DOWN alerts of their hosts per project, and per project one of its
  // MONITORING_AGENT_DOWN alert and its monitoring agents.
  async inhibitorsOf(alerts: readonly AlertResponse[]): Promise<Array<Inhibition | null>> {
    const memo = new LookupMemo();
    await this.preload(alerts, memo);
    const answers: Array<Inhibition | null> = [];
    for (const alert of alerts) answers.push(await this.inhibitorOf(alert, memo));
    return answers;
  }

  // For a batch of alerts: the oldest OPEN HOST_DOWN alert of each of their hosts, read in one statement
  // per project into `memo`, where inhibitorOf then finds it.
  async preload(alerts: readonly AlertResponse[], memo: LookupMemo): Promise<void> {
    const hosts = alerts.filter((alert) => alert.hostId !== undefined && alert.eventTypeName !== HOST_DOWN);
    for (const groupId of new Set(hosts.map((alert) => alert.groupId))) {
      const hostIds = [
        ...new Set(hosts.filter((alert) => alert.groupId === groupId).map((alert) => alert.hostId ?? '')),
      ];
      const down = await this.txHost.tx.getRepository(AlertEntity).find({
        where: { groupId, eventTypeName: HOST_DOWN, hostId: In(hostIds), status: 'OPEN' },
        order: { created: 'ASC', id: 'ASC' },
      });
      for (const hostId of hostIds) {
        memo.set(hostDownKey(groupId, hostId), down.find((alert) => alert.hostId === hostId) ?? null);
      }
    }
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
