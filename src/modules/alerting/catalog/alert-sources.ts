import { EVENT_TYPES } from './event-types';

// What raises an alert of each alertable type in this service:
// - METRIC: a reported data point crossing the configuration's metricThreshold;
// - HOST_EVENT / AGENT_EVENT: a host or agent falling silent or reported down (opens), then back (closes);
// - HOST_STATE / REPLICA_SET_STATE / CLUSTER_STATE: a condition evaluated on every report and liveness
//   change from the reported facts (opens while it holds, closes when it no longer does);
// - INFORM: a point-in-time event (derived from reports, or an audited change); the alert is notified
//   once with X-MMS-Event alert.inform and is closed from the start.
export type AlertSource =
  'METRIC' | 'HOST_EVENT' | 'AGENT_EVENT' | 'HOST_STATE' | 'REPLICA_SET_STATE' | 'CLUSTER_STATE' | 'INFORM';

export const ALERT_SOURCES: Readonly<Record<string, AlertSource>> = {
  OUTSIDE_METRIC_THRESHOLD: 'METRIC',
  HOST_DOWN: 'HOST_EVENT',
  AUTOMATION_AGENT_DOWN: 'AGENT_EVENT',
  MONITORING_AGENT_DOWN: 'AGENT_EVENT',
  BACKUP_AGENT_DOWN: 'AGENT_EVENT',
  MONITORING_AGENT_VERSION_BEHIND: 'AGENT_EVENT',
  BACKUP_AGENT_VERSION_BEHIND: 'AGENT_EVENT',
  HOST_RECOVERING: 'HOST_STATE',
  HOST_SSL_CERTIFICATE_STALE: 'HOST_STATE',
  NO_PRIMARY: 'REPLICA_SET_STATE',
  MULTIPLE_PRIMARIES: 'REPLICA_SET_STATE',
  TOO_FEW_HEALTHY_MEMBERS: 'REPLICA_SET_STATE',
  TOO_MANY_UNHEALTHY_MEMBERS: 'REPLICA_SET_STATE',
  CLUSTER_MONGOS_IS_MISSING: 'CLUSTER_STATE',
  // Derived from reports (automation's host events).
  HOST_NOW_PRIMARY: 'INFORM',
  HOST_NOW_SECONDARY: 'INFORM',
  HOST_RESTARTED: 'INFORM',
  VERSION_CHANGED: 'INFORM',
  PRIMARY_ELECTED: 'INFORM',
  NEW_AGENT: 'INFORM',
  AUTOMATION_AGENT_UP: 'INFORM',
  MONITORING_AGENT_UP: 'INFORM',
  BACKUP_AGENT_UP: 'INFORM',
  MONITORING_AGENT_VERSION_CURRENT: 'INFORM',
  BACKUP_AGENT_VERSION_CURRENT: 'INFORM',
  // Audited changes made through the API.
  AUTOMATION_CONFIG_PUBLISHED_AUDIT: 'INFORM',
  ADD_HOST_AUDIT: 'INFORM',
  DELETE_HOST_AUDIT: 'INFORM',
  API_KEY_ADDED_TO_GROUP: 'INFORM',
  API_KEY_REMOVED_FROM_GROUP: 'INFORM',
  API_KEY_ROLES_CHANGED: 'INFORM',
  // A user's roles in the project: invited, the first granted, a change, the last taken away.
  INVITED_TO_GROUP: 'INFORM',
  JOINED_GROUP: 'INFORM',
  USER_ROLES_CHANGED_AUDIT: 'INFORM',
  REMOVED_FROM_GROUP: 'INFORM',
  // A team's roles in the project: assigned, changed, taken away.
  TEAM_ADDED_TO_GROUP: 'INFORM',
  TEAM_ROLES_MODIFIED: 'INFORM',
  TEAM_REMOVED_FROM_GROUP: 'INFORM',
  // Recorded by the delivery worker when a webhook template fell back to the default payload.
  WEBHOOK_TEMPLATE_RENDER_FAILED: 'INFORM',
};

// Why an alertable type of the product has no source here, by category, then by type.
const NO_SOURCE_BY_CATEGORY: Readonly<Record<string, string>> = {
  BACKUP: 'this service has no backup, so no snapshot, oplog or backup job exists to watch',
  BI_CONNECTOR: 'this service does not manage BI Connectors',
  BILLING: 'this service has no billing',
  DATA_EXPLORER: 'this service has no Data Explorer',
  USER: 'users are added to projects directly or invited, never asking to join',
};

const NO_SOURCE_BY_TYPE: Readonly<Record<string, string>> = {
  BACKUP_AGENT_CONF_CALL_FAILURE: 'backup agents have no configuration call here',
  CLUSTER_MONGOS_IS_PRESENT:
    'it is the resolution of CLUSTER_MONGOS_IS_MISSING, whose alert closes when a mongos is back',
  SHARD_ADDED: 'agents report shard members, not the shard list of a cluster',
  SHARD_REMOVED: 'agents report shard members, not the shard list of a cluster',
  ADD_HOST_TO_REPLICA_SET_AUDIT: 'this service does not change replica set membership',
  REMOVE_HOST_FROM_REPLICA_SET_AUDIT: 'this service does not change replica set membership',
  UNDELETE_HOST_AUDIT: 'adding a removed host again records ADD_HOST_AUDIT',
  HOST_EXPOSED: 'this service does not scan hosts from the internet',
  HOST_LOCKED_DOWN: 'this service does not scan hosts from the internet',
  HOST_SECURITY_CHECKUP_NOT_MET: 'this service runs no security checkup',
  HOST_ROLLBACK: 'agents do not report rollbacks',
  VERSION_BEHIND: 'this service has no list of current MongoDB releases to compare with',
  CONFIGURATION_CHANGED: 'agents do not report replica set configuration versions',
  MEMBER_ADDED: 'agents do not report replica set configuration changes',
  MEMBER_REMOVED: 'agents do not report replica set configuration changes',
  ONE_PRIMARY:
    'it is the resolution of NO_PRIMARY and MULTIPLE_PRIMARIES, whose alerts close when it happens',
  ENOUGH_HEALTHY_MEMBERS:
    'it is the resolution of TOO_FEW_HEALTHY_MEMBERS and TOO_MANY_UNHEALTHY_MEMBERS, whose alerts close when it happens',
  TOO_MANY_ELECTIONS: 'agents do not report election counts',
  ALL_USERS_HAVE_MULTI_FACTOR_AUTH: 'this service has no multi-factor authentication',
  USERS_WITHOUT_MULTI_FACTOR_AUTH: 'this service has no multi-factor authentication',
  DELINQUENT: 'this service has no billing',
  PAID_IN_FULL: 'this service has no billing',
};

export function alertSourceOf(eventTypeName: string): AlertSource | undefined {
  return ALERT_SOURCES[eventTypeName];
}

// Why an alertable type cannot fire here; undefined when it can.
export function missingSourceReason(eventTypeName: string): string | undefined {
  if (ALERT_SOURCES[eventTypeName] !== undefined) return undefined;
  const category = EVENT_TYPES.get(eventTypeName)?.category ?? '';
  return (
    NO_SOURCE_BY_TYPE[eventTypeName] ?? NO_SOURCE_BY_CATEGORY[category] ?? 'nothing in this service raises it'
  );
}

// The alertable types this service can raise, for the catalog walk and the documentation.
export function sourcedAlertTypes(): string[] {
  return [...EVENT_TYPES]
    .filter(([name, info]) => info.alertable && ALERT_SOURCES[name])
    .map(([name]) => name);
}
