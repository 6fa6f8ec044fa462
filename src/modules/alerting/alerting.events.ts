// Audit events of the alert configurations (Atlas AlertConfigAuditTypeView names):
// POST -> ADDED (also for the defaults of a new project), PUT -> CHANGED, DELETE -> DELETED,
// PATCH {enabled} -> ENABLED / DISABLED.
export const AlertConfigEventTypes = {
  ALERT_CONFIG_ADDED_AUDIT: 'ALERT_CONFIG_ADDED_AUDIT',
  ALERT_CONFIG_CHANGED_AUDIT: 'ALERT_CONFIG_CHANGED_AUDIT',
  ALERT_CONFIG_DELETED_AUDIT: 'ALERT_CONFIG_DELETED_AUDIT',
  ALERT_CONFIG_ENABLED_AUDIT: 'ALERT_CONFIG_ENABLED_AUDIT',
  ALERT_CONFIG_DISABLED_AUDIT: 'ALERT_CONFIG_DISABLED_AUDIT',
} as const;

// The product documents no event for its alert-muting maintenance windows (only
// Atlas's different ATLAS_MAINTENANCE_WINDOW_* exist). Ours, named like the product's
// *_ADDED/_CHANGED/_DELETED.
export const MaintenanceWindowEventTypes = {
  MAINTENANCE_WINDOW_ADDED: 'MAINTENANCE_WINDOW_ADDED',
  MAINTENANCE_WINDOW_CHANGED: 'MAINTENANCE_WINDOW_CHANGED',
  MAINTENANCE_WINDOW_DELETED: 'MAINTENANCE_WINDOW_DELETED',
} as const;

// Event types the alerts publish, each in the transaction of its change.
//
// API mutations (product names, Atlas AlertAuditTypeView):
//   PATCH with acknowledgedUntil -> ALERT_ACKNOWLEDGED_AUDIT; without -> ALERT_UNACKNOWLEDGED_AUDIT.
// Lifecycle moves made by the alert engine (no actor):
//   opening (directly, or TRACKING -> OPEN): an event named after the alert's own eventTypeName, as in
//     the product's event list (sample: OUTSIDE_METRIC_THRESHOLD with alertId and alertConfigId);
//   tracking: none (the product shows nothing for a condition that has not outlasted its delay);
//   closing: the product's counterpart of the opening event when it has one (HOST_DOWN -> HOST_UP ...),
//     otherwise ALERT_CLOSED (ours);
//   cancelling: ALERT_CANCELLED (ours; the product names it only in its webhook header alert.cancel).
export const AlertEventTypes = {
  ALERT_ACKNOWLEDGED_AUDIT: 'ALERT_ACKNOWLEDGED_AUDIT',
  ALERT_UNACKNOWLEDGED_AUDIT: 'ALERT_UNACKNOWLEDGED_AUDIT',
  ALERT_CLOSED: 'ALERT_CLOSED',
  ALERT_CANCELLED: 'ALERT_CANCELLED',
} as const;

// Pairs of the product's event types where the second ends the first.
const RESOLVED_BY: Record<string, string> = {
  HOST_DOWN: 'HOST_UP',
  OUTSIDE_METRIC_THRESHOLD: 'INSIDE_METRIC_THRESHOLD',
  HOST_RECOVERING: 'HOST_RECOVERED',
  HOST_SSL_CERTIFICATE_STALE: 'HOST_SSL_CERTIFICATE_CURRENT',
  VERSION_BEHIND: 'VERSION_CURRENT',
  NO_PRIMARY: 'ONE_PRIMARY',
  MULTIPLE_PRIMARIES: 'ONE_PRIMARY',
  TOO_FEW_HEALTHY_MEMBERS: 'ENOUGH_HEALTHY_MEMBERS',
  TOO_MANY_UNHEALTHY_MEMBERS: 'ENOUGH_HEALTHY_MEMBERS',
  AUTOMATION_AGENT_DOWN: 'AUTOMATION_AGENT_UP',
  BACKUP_AGENT_DOWN: 'BACKUP_AGENT_UP',
  BACKUP_AGENT_VERSION_BEHIND: 'BACKUP_AGENT_VERSION_CURRENT',
  MONITORING_AGENT_DOWN: 'MONITORING_AGENT_UP',
  MONITORING_AGENT_VERSION_BEHIND: 'MONITORING_AGENT_VERSION_CURRENT',
  BI_CONNECTOR_DOWN: 'BI_CONNECTOR_UP',
  CLUSTER_MONGOS_IS_MISSING: 'CLUSTER_MONGOS_IS_PRESENT',
  OPLOG_BEHIND: 'OPLOG_CURRENT',
  RESYNC_REQUIRED: 'RESYNC_PERFORMED',
  INCONSISTENT_BACKUP_CONFIGURATION: 'CONSISTENT_BACKUP_CONFIGURATION',
  BAD_CLUSTERSHOTS: 'GOOD_CLUSTERSHOT',
  USERS_WITHOUT_MULTI_FACTOR_AUTH: 'ALL_USERS_HAVE_MULTI_FACTOR_AUTH',
  CREDIT_CARD_ABOUT_TO_EXPIRE: 'CREDIT_CARD_CURRENT',
  DAILY_BILL_OVER_THRESHOLD: 'DAILY_BILL_UNDER_THRESHOLD',
  PENDING_INVOICE_OVER_THRESHOLD: 'PENDING_INVOICE_UNDER_THRESHOLD',
};

export function closingEventTypeOf(eventTypeName: string): string {
  return RESOLVED_BY[eventTypeName] ?? AlertEventTypes.ALERT_CLOSED;
}

// `raw` of the alert configuration audits.
export interface AlertConfigEventRaw {
  eventTypeName: string;
  enabled: boolean;
}

// `raw` of ALERT_ACKNOWLEDGED_AUDIT.
export interface AlertAcknowledgedRaw {
  acknowledgedUntil: string;
  acknowledgementComment?: string;
}

// The alerting events other contexts listen to, in the platform's event map (name -> `raw`).
declare module '../../platform/events/domain-event' {
  interface DomainEventRawMap {
    ALERT_CONFIG_ADDED_AUDIT: AlertConfigEventRaw;
    ALERT_CONFIG_CHANGED_AUDIT: AlertConfigEventRaw;
    ALERT_CONFIG_DELETED_AUDIT: AlertConfigEventRaw;
    ALERT_CONFIG_ENABLED_AUDIT: AlertConfigEventRaw;
    ALERT_CONFIG_DISABLED_AUDIT: AlertConfigEventRaw;
    // Optional: its publisher picks the name and the raw of ALERT_UNACKNOWLEDGED_AUDIT (none) in one call.
    ALERT_ACKNOWLEDGED_AUDIT: AlertAcknowledgedRaw | undefined;
  }
}
