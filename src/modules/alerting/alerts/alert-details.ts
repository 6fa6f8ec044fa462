import { isObjectId } from '../../../platform/ids/object-id';
import { UNITS } from '../catalog/metrics';

// The product's alert: units of currentValue are those of thresholds.
export const ALERT_UNITS = UNITS;

// The product's alert sourceTypeName: the kind of deployment a BACKUP alert is about.
export const SOURCE_TYPE_NAMES = ['REPLICA_SET', 'SHARDED_CLUSTER', 'CONFIG_SERVER'] as const;

// The type-dependent fields of the product's alert resource; which ones an alert carries depends on its type.
export interface AlertDetails {
  currentValue?: { number: number; units: string };
  metricName?: string;
  hostId?: string;
  hostnameAndPort?: string;
  replicaSetName?: string;
  clusterId?: string;
  clusterName?: string;
  sourceTypeName?: string;
  tags?: string[];
  humanReadable?: string;
}

// What the alert engine passes to raise an alert.
export interface NewAlert extends AlertDetails {
  groupId: string;
  alertConfigId: string;
  eventTypeName: string;
  // What the alert is about within its configuration; at most one TRACKING or OPEN alert exists per
  // (configuration, target). Defaults to hostId, else clusterId, else replicaSetName, else '' (project-wide).
  targetKey?: string;
}

// The engine passed an alert the model cannot hold: a programming error, never a client's.
export class InvalidAlertError extends Error {
  constructor(reason: string) {
    super(`invalid alert: ${reason}`);
    this.name = 'InvalidAlertError';
  }
}

// Opening or tracking an alert while its (configuration, target) already has a TRACKING or OPEN one.
export class DuplicateActiveAlertError extends Error {
  constructor(
    readonly alertConfigId: string,
    readonly targetKey: string,
    readonly activeAlertId?: string,
  ) {
    super(
      `configuration ${alertConfigId} already has an active alert for target '${targetKey}'` +
        (activeAlertId ? ` (${activeAlertId})` : ''),
    );
    this.name = 'DuplicateActiveAlertError';
  }
}

// Fields the product's alert resource says an alert of these types carries.
const REQUIRED_BY_TYPE: Record<string, Array<keyof AlertDetails>> = {
  OUTSIDE_METRIC_THRESHOLD: ['metricName', 'currentValue', 'hostId'],
  HOST_DOWN: ['hostId'],
};

export function checkNewAlert(alert: NewAlert): void {
  if (!isObjectId(alert.groupId)) throw new InvalidAlertError(`groupId ${alert.groupId} is not an id`);
  if (!isObjectId(alert.alertConfigId)) {
    throw new InvalidAlertError(`alertConfigId ${alert.alertConfigId} is not an id`);
  }
  if (!/^[A-Z][A-Z0-9_]*$/.test(alert.eventTypeName)) {
    throw new InvalidAlertError(`eventTypeName ${alert.eventTypeName} is not an event type name`);
  }
  for (const field of REQUIRED_BY_TYPE[alert.eventTypeName] ?? []) {
    if (alert[field] === undefined) {
      throw new InvalidAlertError(`${alert.eventTypeName} alerts need ${field}`);
    }
  }
  const value = alert.currentValue;
  if (value !== undefined) {
    if (!Number.isFinite(value.number)) {
      throw new InvalidAlertError('currentValue.number must be a finite number');
    }
    if (!(ALERT_UNITS as readonly string[]).includes(value.units)) {
      throw new InvalidAlertError(`currentValue.units ${value.units} is not a unit`);
    }
  }
  if (
    alert.sourceTypeName !== undefined &&
    !(SOURCE_TYPE_NAMES as readonly string[]).includes(alert.sourceTypeName)
  ) {
    throw new InvalidAlertError(`sourceTypeName ${alert.sourceTypeName} is not a source type`);
  }
}

export function targetKeyOf(alert: NewAlert): string {
  return alert.targetKey ?? alert.hostId ?? alert.clusterId ?? alert.replicaSetName ?? '';
}
