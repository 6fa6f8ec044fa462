import type { EventSubject } from '../../../platform/events/domain-event';
import type { LinkResponse } from '../../../platform/http/pagination/link.response';
import type { AlertConfigSettings } from '../alert-configs/alert-config.mapper';
import { toIsoSeconds } from '../../../platform/http/timestamps';
import { currentAcknowledgement } from './alert-state';
import type { AlertEntity } from './alert.entity';
import type { AlertResponse } from './dto/alert.response';

export function alertPath(groupId: string, alertId: string): string {
  return `/groups/${groupId}/alerts/${alertId}`;
}

// `now` decides whether a stored acknowledgement still holds (it lapses at acknowledgedUntil). `settings`:
// those of the alert's configuration, absent once it is deleted.
export function toAlertResponse(
  alert: AlertEntity,
  now: Date,
  links: LinkResponse[],
  settings?: AlertConfigSettings,
): AlertResponse {
  const response: AlertResponse = {
    id: alert.id,
    groupId: alert.groupId,
    alertConfigId: alert.alertConfigId,
    eventTypeName: alert.eventTypeName,
    status: alert.status,
    created: toIsoSeconds(alert.created),
    updated: toIsoSeconds(alert.updated),
    tags: alert.tags,
    links,
  };
  if (alert.lastNotified) response.lastNotified = toIsoSeconds(alert.lastNotified);
  if (alert.resolved) response.resolved = toIsoSeconds(alert.resolved);
  const acknowledgement = currentAcknowledgement(
    {
      until: alert.acknowledgedUntil,
      comment: alert.acknowledgementComment,
      username: alert.acknowledgingUsername,
    },
    now,
  );
  if (acknowledgement) {
    response.acknowledgedUntil = toIsoSeconds(acknowledgement.until);
    if (acknowledgement.comment !== undefined) response.acknowledgementComment = acknowledgement.comment;
    response.acknowledgingUsername = acknowledgement.username;
  }
  if (alert.currentValueNumber !== null && alert.currentValueUnits !== null) {
    response.currentValue = { number: alert.currentValueNumber, units: alert.currentValueUnits };
  }
  // Assigned one by one, in this order (the order JSON prints them), and the settings onto the same
  // object rather than a copy: GET one alert builds this on every request, and each intermediate
  // object (a record of the optional fields, its entries, a spread copy) was garbage at once.
  if (alert.clusterId !== null) response.clusterId = alert.clusterId;
  if (alert.clusterName !== null) response.clusterName = alert.clusterName;
  if (alert.hostId !== null) response.hostId = alert.hostId;
  if (alert.hostnameAndPort !== null) response.hostnameAndPort = alert.hostnameAndPort;
  if (alert.metricName !== null) response.metricName = alert.metricName;
  if (alert.replicaSetName !== null) response.replicaSetName = alert.replicaSetName;
  if (alert.sourceTypeName !== null) response.sourceTypeName = alert.sourceTypeName;
  if (alert.humanReadable !== null) response.humanReadable = alert.humanReadable;
  return settings === undefined ? response : Object.assign(response, settings);
}

// The product's event record carries the alert's subject: ids, host (hostname and port apart), metric, cluster.
export function toAlertEventSubject(alert: AlertEntity): EventSubject {
  const subject: EventSubject = { alertId: alert.id, alertConfigId: alert.alertConfigId };
  const hostAndPort =
    alert.hostnameAndPort === null ? null : /^\[?(.+?)\]?:(\d{1,5})$/.exec(alert.hostnameAndPort);
  if (hostAndPort) {
    subject.hostname = hostAndPort[1];
    subject.port = Number(hostAndPort[2]);
  } else if (alert.hostnameAndPort !== null) {
    subject.hostname = alert.hostnameAndPort;
  }
  if (alert.hostId !== null) subject.hostId = alert.hostId;
  if (alert.replicaSetName !== null) subject.replicaSetName = alert.replicaSetName;
  if (alert.clusterId !== null) subject.clusterId = alert.clusterId;
  if (alert.clusterName !== null) subject.clusterName = alert.clusterName;
  if (alert.metricName !== null) subject.metricName = alert.metricName;
  if (alert.currentValueNumber !== null && alert.currentValueUnits !== null) {
    subject.currentValue = { number: alert.currentValueNumber, units: alert.currentValueUnits };
  }
  return subject;
}
