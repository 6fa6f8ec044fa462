import type { AlertDocument, AlertEventKind } from '../notifiers';
import { alertHeadline } from '../notifiers/alert-summary';
import type { GroupDocument } from './group-document';

const LISTED = 20;

// What receivers other than webhooks get for a group message: one alert-shaped summary, sent through the
// receiver's own notifier. Its id is the group's key, so an incident tool (PagerDuty dedup_key, Opsgenie
// alias, VictorOps entity_id) keeps one incident for the group across updates, and resolves it with the
// message that says every alert has ended. The headline lists the alerts.
export function groupSummary(document: GroupDocument): { alert: AlertDocument; event: AlertEventKind } {
  const open = document.alerts.filter((alert) => !document.resolvedAlertIds.includes(alert.id));
  const ended = document.alerts.filter((alert) => document.resolvedAlertIds.includes(alert.id));
  const event: AlertEventKind =
    document.status === 'CLOSED' ? 'alert.close' : document.sequence === 1 ? 'alert.open' : 'alert.update';
  const labels = Object.entries(document.groupLabels)
    .map(([key, value]) => `${key}=${value === '' ? '(none)' : value}`)
    .join(', ');
  const listed = (alerts: AlertDocument[]) =>
    alerts.slice(0, LISTED).map(alertHeadline).join('; ') + (alerts.length > LISTED ? '; …' : '');
  const parts = [`${open.length} open alert${open.length === 1 ? '' : 's'}${labels ? ` (${labels})` : ''}`];
  if (open.length > 0) parts.push(listed(open));
  if (ended.length > 0) parts.push(`resolved: ${listed(ended)}`);
  const first = document.alerts[0];
  const eventTypes = new Set(document.alerts.map((alert) => alert.eventTypeName));
  const alert: AlertDocument = {
    id: document.groupKey,
    groupId: document.groupId,
    alertConfigId: first.alertConfigId,
    eventTypeName: eventTypes.size === 1 ? first.eventTypeName : 'ALERT_GROUP',
    status: document.status,
    created: document.created,
    updated: document.updated,
    humanReadable: parts.join(': '),
    tags: [],
    links: [],
  };
  const { REPLICA_SET: replicaSetName, HOST: hostnameAndPort } = document.groupLabels;
  if (replicaSetName) alert.replicaSetName = replicaSetName;
  if (hostnameAndPort) alert.hostnameAndPort = hostnameAndPort;
  return { alert, event };
}
