import type { AlertConfigDefinition, MetricThreshold } from '../alert-configs/alert-config.types';
import type { NewAlert } from '../alerts/alert-details';
import type { HostFacts } from './host-facts';
import { matchesAll } from './host-matchers';
import { convertUnits } from './unit-conversion';

const MINUTE_MS = 60_000;
export const METRIC_EVENT_TYPE = 'OUTSIDE_METRIC_THRESHOLD';

export interface ReportedValue {
  metricName: string;
  units: string;
  value: number;
  timestamp: Date;
}

export interface EvaluatedHost extends HostFacts {
  measurements: readonly ReportedValue[];
}

// A TRACKING or OPEN alert holding a (configuration, target) slot.
export interface ActiveAlert {
  id: string;
  alertConfigId: string;
  targetKey: string;
  status: 'TRACKING' | 'OPEN';
  created: Date;
}

export type Decision =
  { kind: 'track' | 'open'; alert: NewAlert } | { kind: 'promote' | 'close' | 'cancel'; alertId: string };

// The smallest delay of the configuration's notifications decides how long a condition is TRACKING
// before the alert opens: the first notification due opens it; each is then sent at its own delay.
export function delayMsOf(config: Pick<AlertConfigDefinition, 'notifications'>): number {
  const delays = config.notifications.map((notification) => notification.delayMin ?? 0);
  return (delays.length === 0 ? 0 : Math.min(...delays)) * MINUTE_MS;
}

export function isOutside(threshold: MetricThreshold, value: number): boolean {
  return threshold.operator === 'GREATER_THAN' ? value > threshold.threshold : value < threshold.threshold;
}

// A metric threshold's state on one host: NOT_APPLICABLE where the configuration does not apply to the host,
// UNKNOWN without a current value.
export function thresholdCondition(
  applies: boolean,
  threshold: MetricThreshold,
  value: number | undefined,
): 'OUTSIDE' | 'INSIDE' | 'NOT_APPLICABLE' | 'UNKNOWN' {
  if (!applies) return 'NOT_APPLICABLE';
  if (value === undefined) return 'UNKNOWN';
  return isOutside(threshold, value) ? 'OUTSIDE' : 'INSIDE';
}

// A host alert's opening or closing, whatever raised it: the condition's state for one (configuration,
// host) against the alert that holds its slot, if any.
export function decide(
  condition: 'OUTSIDE' | 'INSIDE' | 'NOT_APPLICABLE' | 'UNKNOWN',
  active: ActiveAlert | undefined,
  config: Pick<AlertConfigDefinition, 'notifications'>,
  now: Date,
  raise: () => NewAlert,
): Decision | undefined {
  if (condition === 'UNKNOWN') return undefined;
  if (condition === 'OUTSIDE') {
    const delay = delayMsOf(config);
    if (!active) return { kind: delay > 0 ? 'track' : 'open', alert: raise() };
    if (active.status === 'TRACKING' && active.created.getTime() + delay <= now.getTime()) {
      return { kind: 'promote', alertId: active.id };
    }
    return undefined;
  }
  if (!active) return undefined;
  // A host the configuration no longer applies to (type changed, alerts turned off) drops its alert.
  return condition === 'INSIDE' ? endingOf(active) : { kind: 'cancel', alertId: active.id };
}

// The condition is over: an OPEN alert resolves; a TRACKING one never outlasted its delay and is dropped.
export function endingOf(active: ActiveAlert): Decision {
  return active.status === 'OPEN'
    ? { kind: 'close', alertId: active.id }
    : { kind: 'cancel', alertId: active.id };
}

// OUTSIDE_METRIC_THRESHOLD for the hosts of one report: per (enabled configuration, host), the newest
// value of the configuration's metric in the threshold's units. A host without that metric in the report
// keeps whatever alert it has.
export function evaluateMetricAlerts(
  groupId: string,
  configs: readonly AlertConfigDefinition[],
  hosts: readonly EvaluatedHost[],
  active: readonly ActiveAlert[],
  now: Date,
): Decision[] {
  const slots = new Map(active.map((alert) => [slotKey(alert.alertConfigId, alert.targetKey), alert]));
  // Each host's samples are scanned once, not once per configuration.
  const newestOf = hosts.map((host) => newestByMetric(host.measurements));
  const decisions: Decision[] = [];
  for (const config of configs) {
    const threshold = config.metricThreshold;
    if (!config.enabled || config.eventTypeName !== METRIC_EVENT_TYPE || threshold === null) continue;
    hosts.forEach((host, index) => {
      const slot = slots.get(slotKey(config.id, host.hostId));
      const reported = newestOf[index].get(threshold.metricName);
      const value = reported && convertUnits(reported.value, reported.units, threshold.units);
      const applies = host.alertsEnabled && matchesAll(config.matchers, host);
      const condition = thresholdCondition(applies, threshold, value);
      const decision = decide(condition, slot, config, now, () => ({
        groupId,
        alertConfigId: config.id,
        eventTypeName: METRIC_EVENT_TYPE,
        metricName: threshold.metricName,
        currentValue: { number: value as number, units: threshold.units },
        ...hostFieldsOf(host),
      }));
      if (decision) decisions.push(decision);
    });
  }
  return decisions;
}

// The newest value of each metric in a report (several samples of one metric may arrive at once; of two
// at the same instant, the later one sent).
function newestByMetric(measurements: readonly ReportedValue[]): Map<string, ReportedValue> {
  const newest = new Map<string, ReportedValue>();
  for (const measurement of measurements) {
    const held = newest.get(measurement.metricName);
    if (!held || held.timestamp.getTime() <= measurement.timestamp.getTime()) {
      newest.set(measurement.metricName, measurement);
    }
  }
  return newest;
}

// The host fields every host alert carries (the product's alert: hostId, hostnameAndPort, replicaSetName).
export function hostFieldsOf(
  host: HostFacts,
): Pick<NewAlert, 'hostId' | 'hostnameAndPort' | 'replicaSetName' | 'clusterName'> {
  return {
    hostId: host.hostId,
    hostnameAndPort: `${host.hostname}:${host.port}`,
    ...(host.replicaSetName === null ? {} : { replicaSetName: host.replicaSetName }),
    ...(host.clusterName === null ? {} : { clusterName: host.clusterName }),
  };
}

function slotKey(alertConfigId: string, targetKey: string): string {
  return `${alertConfigId}\u0000${targetKey}`;
}
