import type { HostSnapshot } from '../../automation';
import type { AlertConfigDefinition } from '../alert-configs/alert-config.types';
import type { NewAlert } from '../alerts/alert-details';
import { alertSourceOf } from '../catalog/alert-sources';
import {
  decide,
  hostFieldsOf,
  thresholdCondition,
  METRIC_EVENT_TYPE,
  type ActiveAlert,
  type Decision,
} from './alert-evaluator';
import {
  agentAlertOf,
  clusterAlertOf,
  clusterTargetKey,
  groupFactsOf,
  hostAlertOf,
  replicaSetAlertOf,
  replicaSetTargetKey,
} from './alert-subjects';
import {
  clusterCondition,
  hostCondition,
  replicaSetCondition,
  replicaSetView,
} from './deployment-conditions';
import { agentTargetKey } from './event-rules';
import type { HostFacts } from './host-facts';
import { matchesAll } from './host-matchers';
import { convertUnits } from './unit-conversion';

// What a configuration's conditions read, as known when it is written.
export type ReconciledConfig = Pick<
  AlertConfigDefinition,
  | 'id'
  | 'groupId'
  | 'eventTypeName'
  | 'enabled'
  | 'matchers'
  | 'metricThreshold'
  | 'threshold'
  | 'notifications'
>;

export interface AgentFacts {
  agentType: string;
  hostname: string;
  state: 'UP' | 'DOWN';
  versionState: 'CURRENT' | 'BEHIND' | null;
}

export interface LatestValue {
  hostId: string;
  metricName: string;
  units: string;
  value: number;
  timestamp: Date;
}

// The project's current state: its monitored hosts (with their last reported facts), its agents, and the
// newest value of each metric of each host.
export interface ProjectFacts {
  hosts: readonly HostSnapshot[];
  agents: readonly AgentFacts[];
  latest: readonly LatestValue[];
}

// A TRACKING or OPEN alert of the configuration, with what it was raised for.
export interface HeldAlert extends ActiveAlert {
  eventTypeName: string;
  metricName: string | null;
}

type Condition = 'OUTSIDE' | 'INSIDE' | 'NOT_APPLICABLE' | 'UNKNOWN';

// One subject the configuration watches, the state of its condition, and the alert it would raise.
interface Target {
  key: string;
  condition: Condition;
  raise: () => NewAlert;
}

// The agent conditions: the agent type they watch and the state that is the condition.
const AGENT_CONDITIONS: Readonly<
  Record<string, { agentType: string; holds: (agent: AgentFacts) => boolean }>
> = {
  AUTOMATION_AGENT_DOWN: { agentType: 'AUTOMATION', holds: (agent) => agent.state === 'DOWN' },
  MONITORING_AGENT_DOWN: { agentType: 'MONITORING', holds: (agent) => agent.state === 'DOWN' },
  BACKUP_AGENT_DOWN: { agentType: 'BACKUP', holds: (agent) => agent.state === 'DOWN' },
  MONITORING_AGENT_VERSION_BEHIND: {
    agentType: 'MONITORING',
    holds: (agent) => agent.versionState === 'BEHIND',
  },
  BACKUP_AGENT_VERSION_BEHIND: { agentType: 'BACKUP', holds: (agent) => agent.versionState === 'BEHIND' },
};

// After a configuration is created, replaced or enabled/disabled: its alerts against the project's
// current state, so that an edit ends only what no longer holds and a late configuration raises what
// already does.
// - Disabled: every TRACKING or OPEN alert is cancelled.
// - An alert raised for another type or metric than the configuration now has is cancelled.
// - Each subject the configuration watches (host, replica set, cluster, agent): its condition holding
//   keeps the alert as it is (id, status, acknowledgement; a TRACKING alert past the delay opens), or
//   raises one (TRACKING first when the configuration delays); no longer holding closes an OPEN alert and
//   cancels a TRACKING one; the configuration no longer applying (matchers, host alerts off) cancels it.
// - A condition that cannot be told now keeps the alert and raises nothing: a metric without a value
//   since `freshSince` (the stale sweep ends such alerts), a recovering check of a down host, an alert
//   whose subject is no longer known. Informational types hold no alert to reconcile.
export function reconcileConfig(
  config: ReconciledConfig,
  facts: ProjectFacts,
  held: readonly HeldAlert[],
  now: Date,
  freshSince: Date,
): Decision[] {
  if (!config.enabled) return held.map((alert) => ({ kind: 'cancel', alertId: alert.id }));
  const metricName = config.metricThreshold?.metricName ?? null;
  const decisions: Decision[] = [];
  const slots = new Map<string, ActiveAlert>();
  for (const alert of held) {
    const other =
      alert.eventTypeName !== config.eventTypeName ||
      (config.eventTypeName === METRIC_EVENT_TYPE && alert.metricName !== metricName);
    if (other || slots.has(alert.targetKey)) decisions.push({ kind: 'cancel', alertId: alert.id });
    else slots.set(alert.targetKey, alert);
  }
  for (const target of targetsOf(config, facts, now, freshSince)) {
    const decision = decide(target.condition, slots.get(target.key), config, now, target.raise);
    if (decision) decisions.push(decision);
  }
  return decisions;
}

// The subjects of the configuration's kind, each with the state of its condition.
function targetsOf(config: ReconciledConfig, facts: ProjectFacts, now: Date, freshSince: Date): Target[] {
  const raised = { groupId: config.groupId, alertConfigId: config.id, eventTypeName: config.eventTypeName };
  switch (alertSourceOf(config.eventTypeName)) {
    case 'METRIC':
      return metricTargets(config, facts, freshSince);
    case 'HOST_EVENT':
      return facts.hosts.map((host) => ({
        key: host.id,
        condition: applies(config, host) ? (host.up ? 'INSIDE' : 'OUTSIDE') : 'NOT_APPLICABLE',
        raise: () => hostAlertOf(raised, factsOf(host)),
      }));
    case 'HOST_STATE':
      return facts.hosts.map((host) => ({
        key: host.id,
        condition: applies(config, host)
          ? (hostCondition(config.eventTypeName, host, now) ?? 'UNKNOWN')
          : 'NOT_APPLICABLE',
        raise: () => hostAlertOf(raised, factsOf(host)),
      }));
    case 'AGENT_EVENT': {
      const rule = AGENT_CONDITIONS[config.eventTypeName];
      if (rule === undefined) return [];
      return facts.agents
        .filter((agent) => agent.agentType === rule.agentType)
        .map((agent) => ({
          key: agentTargetKey(agent.hostname),
          condition: rule.holds(agent) ? 'OUTSIDE' : 'INSIDE',
          raise: () => agentAlertOf(raised, agent.hostname),
        }));
    }
    case 'REPLICA_SET_STATE':
      return [...membersBy(facts.hosts, (host) => host.replicaSetName)].flatMap(([name, members]) => {
        const view = replicaSetView(members);
        const result = replicaSetCondition(config.eventTypeName, view, config.threshold);
        if (result === undefined) return [];
        return [
          {
            key: replicaSetTargetKey(name),
            condition: matchesAll(config.matchers, groupFactsOf(members, name))
              ? result.condition
              : 'NOT_APPLICABLE',
            raise: () => replicaSetAlertOf(raised, name, members, view, result.value),
          },
        ];
      });
    case 'CLUSTER_STATE':
      return [...membersBy(facts.hosts, (host) => host.clusterName)].map(([name, members]) => {
        const state = clusterCondition(members);
        const matches = matchesAll(config.matchers, { ...groupFactsOf(members, null), clusterName: name });
        return {
          key: clusterTargetKey(name),
          condition: state === undefined || !matches ? 'NOT_APPLICABLE' : state,
          raise: () => clusterAlertOf(raised, name, members),
        };
      });
    case 'INFORM':
    case undefined:
      return [];
  }
}

// Per host, the newest value of the threshold's metric, converted to its units; one older than
// `freshSince` says nothing about now.
function metricTargets(config: ReconciledConfig, facts: ProjectFacts, freshSince: Date): Target[] {
  const threshold = config.metricThreshold;
  if (threshold === null) return [];
  const newest = new Map<string, LatestValue>();
  for (const value of facts.latest) {
    if (value.metricName !== threshold.metricName) continue;
    const held = newest.get(value.hostId);
    if (!held || held.timestamp.getTime() <= value.timestamp.getTime()) newest.set(value.hostId, value);
  }
  return facts.hosts.map((host) => {
    const latest = newest.get(host.id);
    const value =
      latest && latest.timestamp.getTime() >= freshSince.getTime()
        ? convertUnits(latest.value, latest.units, threshold.units)
        : undefined;
    const condition = thresholdCondition(applies(config, host), threshold, value);
    return {
      key: host.id,
      condition,
      raise: () => ({
        groupId: config.groupId,
        alertConfigId: config.id,
        eventTypeName: METRIC_EVENT_TYPE,
        metricName: threshold.metricName,
        currentValue: { number: value as number, units: threshold.units },
        ...hostFieldsOf(factsOf(host)),
      }),
    };
  });
}

function factsOf(host: HostSnapshot): HostFacts & { sslCertificateNotAfter: Date | null } {
  return { ...host, hostId: host.id };
}

function applies(config: ReconciledConfig, host: HostSnapshot): boolean {
  return host.alertsEnabled && matchesAll(config.matchers, factsOf(host));
}

// The hosts grouped by a name they carry (replica set, cluster); hosts without one are left out.
function membersBy(
  hosts: readonly HostSnapshot[],
  nameOf: (host: HostSnapshot) => string | null,
): Map<string, HostSnapshot[]> {
  const groups = new Map<string, HostSnapshot[]>();
  for (const host of hosts) {
    const name = nameOf(host);
    if (name === null) continue;
    const members = groups.get(name);
    if (members) members.push(host);
    else groups.set(name, [host]);
  }
  return groups;
}
