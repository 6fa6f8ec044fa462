import type { AlertContext, AlertDocument, AlertEventKind } from './notifier';

// Text every human-facing notifier (chat, incident tools, e-mail, SMS) shows for an alert.
export const EVENT_LABELS: Readonly<Record<AlertEventKind, string>> = {
  'alert.open': 'Alert opened',
  'alert.update': 'Alert still open',
  'alert.close': 'Alert resolved',
  'alert.acknowledge': 'Alert acknowledged',
  'alert.cancel': 'Alert cancelled',
  'alert.inform': 'Informational alert',
};

export const SENDER_NAME = 'Deployment Management Service';

// What the alert is about: a host, a replica set or a cluster, when it names one.
export function alertSubject(alert: AlertDocument): string | undefined {
  return alert.hostnameAndPort ?? alert.replicaSetName ?? alert.clusterName;
}

export function alertHeadline(alert: AlertDocument): string {
  if (alert.humanReadable) return alert.humanReadable;
  const subject = alertSubject(alert);
  return subject ? `${alert.eventTypeName} on ${subject}` : alert.eventTypeName;
}

// Where the alert is, as people call it: "Organization / Project", or what of it is known.
export function alertPlace(alert: AlertDocument, context: AlertContext = {}): string {
  const project = context.projectName ?? alert.groupId;
  return context.orgName ? `${context.orgName} / ${project}` : project;
}

// "[Organization / Project] " before a one-line text, when the names are known (nothing otherwise: an id
// there says nothing to a person).
export function placePrefix(alert: AlertDocument, context: AlertContext = {}): string {
  return context.projectName || context.orgName ? `[${alertPlace(alert, context)}] ` : '';
}

// The alert's own address in this service's API (its self link, built from PUBLIC_BASE_URL).
export function alertLink(alert: AlertDocument): string | undefined {
  return alert.links?.find((link) => link.rel === 'self')?.href;
}

export function alertFacts(alert: AlertDocument, context: AlertContext = {}): Array<[string, string]> {
  const facts: Array<[string, string | undefined]> = [
    ['Project', context.projectName ? `${context.projectName} (${alert.groupId})` : alert.groupId],
    ['Organization', context.orgName ? `${context.orgName} (${context.orgId})` : context.orgId],
    ['Event type', alert.eventTypeName],
    ['Status', alert.status],
    ['Metric', alert.metricName],
    [
      'Current value',
      alert.currentValue ? `${alert.currentValue.number} ${alert.currentValue.units}` : undefined,
    ],
    ['Host', alert.hostnameAndPort],
    ['Replica set', alert.replicaSetName],
    ['Cluster', alert.clusterName],
    ['Opened', alert.created],
    ['Acknowledged until', alert.acknowledgedUntil],
    ['Resolved', alert.resolved],
    ['Alert id', alert.id],
    ['Link', alertLink(alert)],
  ];
  return facts.filter((fact): fact is [string, string] => fact[1] !== undefined && fact[1] !== '');
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

export function epochSeconds(iso: string | undefined): number | undefined {
  if (iso === undefined) return undefined;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}
