import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Clock } from '../../../platform/clock/clock';
import type { DomainEventOf } from '../../../platform/events/domain-event';
import { OnDomainEvent } from '../../../platform/events/on-domain-event';
import {
  AutomationEventTypes,
  DeploymentReader,
  REPORT_INGESTED,
  type HostSnapshot,
  type ReportIngestedEvent,
} from '../../automation';
import type { AlertConfigDefinition } from '../alert-configs/alert-config.types';
import { lockDeploymentConditions } from '../alerting.locks';
import { alertSourceOf } from '../catalog/alert-sources';
import { decide, type ActiveAlert } from './alert-evaluator';
import {
  clusterAlertOf,
  clusterTargetKey,
  groupFactsOf,
  hostAlertOf,
  replicaSetAlertOf,
  replicaSetTargetKey,
} from './alert-subjects';
import { AlertEngine } from './alert-engine.service';
import {
  clusterCondition,
  hostCondition,
  replicaSetCondition,
  replicaSetView,
  type StateHostFacts,
} from './deployment-conditions';
import { AlertStore } from '../alerts/alert.store';
import { EnabledConfigsCache } from './enabled-configs.cache';
import { isAlertRecord } from './event-rules';
import type { HostFacts } from './host-facts';
import { matchesAll, warmMatchers } from './host-matchers';

const STATE_SOURCES = new Set(['HOST_STATE', 'REPLICA_SET_STATE', 'CLUSTER_STATE']);

// Conditions on the reported state of a deployment (HOST_RECOVERING, HOST_SSL_CERTIFICATE_STALE, the
// replica-set and sharded-cluster conditions), evaluated in the transaction of what changed it: a report,
// or a host falling silent, coming back or being removed. Opens while the condition holds (TRACKING first
// when the configuration delays), closes when it no longer does.
@Injectable()
export class DeploymentConditionAlerts {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly engine: AlertEngine,
    private readonly configs: EnabledConfigsCache,
    private readonly deployment: DeploymentReader,
    private readonly clock: Clock,
    private readonly alertStore: AlertStore,
  ) {}

  @OnEvent(REPORT_INGESTED, { suppressErrors: false })
  async onReport(event: ReportIngestedEvent): Promise<void> {
    const configs = await this.stateConfigs(event.groupId);
    if (configs.length === 0) return;
    const hostConfigs = configs.filter((config) => alertSourceOf(config.eventTypeName) === 'HOST_STATE');
    if (hostConfigs.length > 0) await this.evaluateHosts(event.groupId, hostConfigs, event.hosts);
    await this.evaluateSets(
      event.groupId,
      configs,
      event.hosts.map((host) => host.replicaSetName),
      event.hosts.map((host) => host.clusterName),
    );
  }

  // A host the liveness sweep marked down (or a report brought back), or a host removed: its replica set
  // and cluster changed.
  @OnDomainEvent(AutomationEventTypes.HOST_DOWN, { suppressErrors: false })
  @OnDomainEvent(AutomationEventTypes.HOST_UP, { suppressErrors: false })
  @OnDomainEvent(AutomationEventTypes.DELETE_HOST_AUDIT, { suppressErrors: false })
  async onHostChanged(event: DomainEventOf<'HOST_DOWN' | 'HOST_UP' | 'DELETE_HOST_AUDIT'>): Promise<void> {
    if (event.groupId === undefined || isAlertRecord(event)) return;
    const setName = event.subject?.replicaSetName;
    const clusterName = event.subject?.clusterName;
    if (setName === undefined && clusterName === undefined) return;
    const configs = await this.stateConfigs(event.groupId);
    if (configs.length === 0) return;
    await this.evaluateSets(event.groupId, configs, [setName ?? null], [clusterName ?? null]);
  }

  private async stateConfigs(groupId: string): Promise<AlertConfigDefinition[]> {
    return (await this.configs.of(groupId)).filter((config) =>
      STATE_SOURCES.has(alertSourceOf(config.eventTypeName) ?? ''),
    );
  }

  private async evaluateHosts(
    groupId: string,
    configs: AlertConfigDefinition[],
    hosts: ReadonlyArray<HostFacts & StateHostFacts>,
  ): Promise<void> {
    await warmMatchers(configs, hosts);
    const slots = await this.slots(
      groupId,
      configs,
      hosts.map((host) => host.hostId),
    );
    const now = this.clock.now();
    for (const config of configs) {
      for (const host of hosts) {
        const state = hostCondition(config.eventTypeName, host, now);
        if (state === undefined) continue;
        const applies = host.alertsEnabled && matchesAll(config.matchers, host);
        const decision = decide(
          applies ? state : 'NOT_APPLICABLE',
          slots.get(`${config.id}\u0000${host.hostId}`),
          config,
          now,
          () => hostAlertOf({ groupId, alertConfigId: config.id, eventTypeName: config.eventTypeName }, host),
        );
        if (decision) await this.engine.apply(decision);
      }
    }
  }

  private async evaluateSets(
    groupId: string,
    configs: AlertConfigDefinition[],
    setNames: ReadonlyArray<string | null>,
    clusterNames: ReadonlyArray<string | null>,
  ): Promise<void> {
    const setConfigs = configs.filter(
      (config) => alertSourceOf(config.eventTypeName) === 'REPLICA_SET_STATE',
    );
    const clusterConfigs = configs.filter(
      (config) => alertSourceOf(config.eventTypeName) === 'CLUSTER_STATE',
    );
    const sets =
      setConfigs.length === 0 ? [] : [...new Set(setNames.filter((name): name is string => name !== null))];
    const clusters =
      clusterConfigs.length === 0
        ? []
        : [...new Set(clusterNames.filter((name): name is string => name !== null))];
    if (sets.length === 0 && clusters.length === 0) return;
    // A replica set's or a cluster's condition reads all of its members, which reports of other agents
    // may be changing at the same time: the evaluations of one project run one after the other, each
    // reading the members after the previous one committed, so the last change is always evaluated with
    // every other change in view (two members going down in two reports at once still open the alert).
    // Taken after every lock of the deployment a report holds, and no deployment lock is taken after it.
    await lockDeploymentConditions(this.txHost.tx, groupId);
    const hosts = await this.deployment.membersOf(groupId, sets, clusters);
    const now = this.clock.now();
    await this.evaluateReplicaSets(groupId, setConfigs, sets, hosts, now);
    await this.evaluateClusters(groupId, clusterConfigs, clusters, hosts, now);
  }

  private async evaluateReplicaSets(
    groupId: string,
    setConfigs: AlertConfigDefinition[],
    sets: string[],
    hosts: HostSnapshot[],
    now: Date,
  ): Promise<void> {
    const setSlots = await this.slots(groupId, setConfigs, sets.map(replicaSetTargetKey));
    for (const name of setConfigs.length === 0 ? [] : sets) {
      const members = hosts.filter((host) => host.replicaSetName === name);
      const view = replicaSetView(members);
      const facts = groupFactsOf(members, name);
      for (const config of setConfigs) {
        const result = replicaSetCondition(config.eventTypeName, view, config.threshold);
        if (result === undefined) continue;
        const condition =
          members.length > 0 && matchesAll(config.matchers, facts) ? result.condition : 'NOT_APPLICABLE';
        const decision = decide(
          condition,
          setSlots.get(`${config.id}\u0000${replicaSetTargetKey(name)}`),
          config,
          now,
          () =>
            replicaSetAlertOf(
              { groupId, alertConfigId: config.id, eventTypeName: config.eventTypeName },
              name,
              members,
              view,
              result.value,
            ),
        );
        if (decision) await this.engine.apply(decision);
      }
    }
  }

  private async evaluateClusters(
    groupId: string,
    clusterConfigs: AlertConfigDefinition[],
    clusters: string[],
    hosts: HostSnapshot[],
    now: Date,
  ): Promise<void> {
    const clusterSlots = await this.slots(groupId, clusterConfigs, clusters.map(clusterTargetKey));
    for (const name of clusterConfigs.length === 0 ? [] : clusters) {
      const members = hosts.filter((host) => host.clusterName === name);
      const state = clusterCondition(members);
      const facts = { ...groupFactsOf(members, null), clusterName: name };
      for (const config of clusterConfigs) {
        const condition =
          state === undefined
            ? 'NOT_APPLICABLE'
            : matchesAll(config.matchers, facts)
              ? state
              : 'NOT_APPLICABLE';
        const decision = decide(
          condition,
          clusterSlots.get(`${config.id}\u0000${clusterTargetKey(name)}`),
          config,
          now,
          () =>
            clusterAlertOf(
              { groupId, alertConfigId: config.id, eventTypeName: config.eventTypeName },
              name,
              members,
            ),
        );
        if (decision) await this.engine.apply(decision);
      }
    }
  }

  // The TRACKING and OPEN alerts of these configurations on these targets, by (configuration, target).
  private async slots(
    groupId: string,
    configs: AlertConfigDefinition[],
    targetKeys: string[],
  ): Promise<Map<string, ActiveAlert>> {
    if (configs.length === 0 || targetKeys.length === 0) return new Map();
    const active = await this.alertStore.activeOf(
      groupId,
      configs.map((config) => config.id),
      targetKeys,
    );
    return new Map(active.map((alert) => [`${alert.alertConfigId}\u0000${alert.targetKey}`, alert]));
  }
}
