// Event type names, the product's. `alertable` marks the types a project alert
// configuration may use: the OM "create an alert" list (source/reference/alerts/ops-manager-create-list.rst)
// restricted to the types whose scope includes Project (ops-manager-list.rst), plus the Cloud Manager
// billing/exposure types; HOST_NOW_PRIMARY, HOST_NOW_SECONDARY and VERSION_CHANGED are alertable here
// as informational alerts (the product lists them as events only). Which of them this service can raise
// is in alert-sources.ts. `target` is what the event concerns, which decides the matchers it supports (a
// matcher's field names); `threshold` says which threshold object it requires.
export type MatcherTarget = 'HOST' | 'REPLICA_SET' | 'CLUSTER';
export type ThresholdKind = 'METRIC' | 'MEMBER_COUNT';

export interface EventTypeInfo {
  category: string;
  alertable: boolean;
  target?: MatcherTarget;
  threshold?: ThresholdKind;
}

type Spec = [name: string, alertable: boolean, extra?: Partial<Pick<EventTypeInfo, 'target' | 'threshold'>>];

const CATEGORIES: Record<string, Spec[]> = {
  AGENT: [
    ['AUTOMATION_AGENT_DOWN', true],
    ['AUTOMATION_AGENT_UP', true],
    ['BACKUP_AGENT_CONF_CALL_FAILURE', true],
    ['BACKUP_AGENT_DOWN', true],
    ['BACKUP_AGENT_UP', true],
    ['BACKUP_AGENT_VERSION_BEHIND', true],
    ['BACKUP_AGENT_VERSION_CURRENT', true],
    ['MONITORING_AGENT_DOWN', true],
    ['MONITORING_AGENT_UP', true],
    ['MONITORING_AGENT_VERSION_BEHIND', true],
    ['MONITORING_AGENT_VERSION_CURRENT', true],
    ['NEW_AGENT', true],
  ],
  AUTOMATION_CONFIG: [['AUTOMATION_CONFIG_PUBLISHED_AUDIT', true]],
  BACKUP: [
    ['BAD_CLUSTERSHOTS', true],
    ['CLUSTER_DENYLIST_UPDATED_AUDIT', true],
    ['CLUSTER_CHECKKPOINT_UPDATED_AUDIT', true],
    ['CLUSTER_CREDENTIAL_UPDATED_AUDIT', true],
    ['CLUSTER_SNAPSHOT_SCHEDULE_UPDATED_AUDIT', true],
    ['CLUSTER_STATE_CHANGED_AUDIT', true],
    ['CLUSTER_STORAGE_ENGINE_UPDATED_AUDIT', true],
    ['CLUSTERSHOT_DELETED_AUDIT', true],
    ['CLUSTERSHOT_EXPIRY_UPDATED_AUDIT', true],
    ['CONSISTENT_BACKUP_CONFIGURATION', true],
    ['GOOD_CLUSTERSHOT', true],
    ['INCONSISTENT_BACKUP_CONFIGURATION', true],
    ['INITIAL_SYNC_FINISHED_AUDIT', true],
    ['INITIAL_SYNC_STARTED_AUDIT', true],
    ['OPLOG_BEHIND', true],
    ['OPLOG_CURRENT', true],
    ['RESTORE_REQUESTED_AUDIT', true],
    ['RESYNC_PERFORMED', true],
    ['RESYNC_REQUIRED', true],
    ['RS_DENYLIST_UPDATED_AUDIT', true],
    ['RS_CREDENTIAL_UPDATED_AUDIT', true],
    ['RS_ROTATE_MASTER_KEY_AUDIT', true],
    ['RS_SNAPSHOT_SCHEDULE_UPDATED_AUDIT', true],
    ['RS_STATE_CHANGED_AUDIT', true],
    ['RS_STORAGE_ENGINE_UPDATED_AUDIT', true],
    ['SNAPSHOT_DELETED_AUDIT', true],
    ['SNAPSHOT_EXPIRY_UPDATED_AUDIT', true],
    ['SYNC_PENDING_AUDIT', true],
    ['SYNC_REQUIRED_AUDIT', true],
  ],
  BI_CONNECTOR: [
    ['BI_CONNECTOR_DOWN', true],
    ['BI_CONNECTOR_UP', true],
  ],
  BILLING: [
    ['ACCOUNT_DOWNGRADED', true],
    ['ACCOUNT_UPGRADED', true],
    ['CHARGE_FAILED', true],
    ['CHARGE_SUCCEEDED', true],
    ['CHECK_PAYMENT_RECEIVED', true],
    ['CREDIT_CARD_ABOUT_TO_EXPIRE', true],
    ['CREDIT_CARD_CURRENT', true],
    ['CREDIT_ISSUED', true],
    ['DAILY_BILL_OVER_THRESHOLD', true],
    ['DAILY_BILL_UNDER_THRESHOLD', true],
    ['DISCOUNT_APPLIED', true],
    ['INVOICE_ADDRESS_ADDED', true],
    ['INVOICE_ADDRESS_CHANGED', true],
    ['INVOICE_CLOSED', true],
    ['PAYMENT_FORGIVEN', true],
    ['PENDING_INVOICE_OVER_THRESHOLD', true],
    ['PENDING_INVOICE_UNDER_THRESHOLD', true],
    ['PREPAID_PLAN_ACTIVATED', true],
    ['PROMO_CODE_APPLIED', true],
    ['REFUND_ISSUED', true],
    ['STALE_PENDING_INVOICES', true],
    ['WIRE_TRANSFER_PAYMENT_RECEIVED', true],
  ],
  CLUSTER: [
    ['CLUSTER_MONGOS_IS_MISSING', true, { target: 'CLUSTER' }],
    ['CLUSTER_MONGOS_IS_PRESENT', true, { target: 'CLUSTER' }],
    ['SHARD_ADDED', true, { target: 'CLUSTER' }],
    ['SHARD_REMOVED', true, { target: 'CLUSTER' }],
  ],
  DATA_EXPLORER: [
    ['DATA_EXPLORER', true],
    ['DATA_EXPLORER_CRUD', true],
  ],
  DISK_BACKUP: [['CPS_RESTORE_REQUESTED_AUDIT', false]],
  HOST: [
    ['ADD_HOST_AUDIT', true, { target: 'HOST' }],
    ['ADD_HOST_TO_REPLICA_SET_AUDIT', true, { target: 'HOST' }],
    ['ATTEMPT_KILLOP_AUDIT', false, { target: 'HOST' }],
    ['ATTEMPT_KILLSESSION_AUDIT', false, { target: 'HOST' }],
    ['DB_PROFILER_DISABLE_AUDIT', false, { target: 'HOST' }],
    ['DB_PROFILER_ENABLE_AUDIT', false, { target: 'HOST' }],
    ['DELETE_HOST_AUDIT', true, { target: 'HOST' }],
    ['DISABLE_HOST_AUDIT', false, { target: 'HOST' }],
    ['HIDE_AND_DISABLE_HOST_AUDIT', false, { target: 'HOST' }],
    ['HIDE_HOST_AUDIT', false, { target: 'HOST' }],
    ['HOST_DOWN', true, { target: 'HOST' }],
    ['HOST_DOWNGRADED', false, { target: 'HOST' }],
    ['HOST_EXPOSED', true, { target: 'HOST' }],
    ['HOST_IP_CHANGED_AUDIT', false, { target: 'HOST' }],
    ['HOST_LOCKED_DOWN', true, { target: 'HOST' }],
    ['HOST_NOW_PRIMARY', true, { target: 'HOST' }],
    ['HOST_NOW_SECONDARY', true, { target: 'HOST' }],
    ['HOST_NOW_STANDALONE', false, { target: 'HOST' }],
    ['HOST_RECOVERED', false, { target: 'HOST' }],
    ['HOST_RECOVERING', true, { target: 'HOST' }],
    ['HOST_RESTARTED', true, { target: 'HOST' }],
    ['HOST_ROLLBACK', true, { target: 'HOST' }],
    ['HOST_SECURITY_CHECKUP_NOT_MET', true, { target: 'HOST' }],
    ['HOST_SSL_CERTIFICATE_CURRENT', false, { target: 'HOST' }],
    ['HOST_SSL_CERTIFICATE_STALE', true, { target: 'HOST' }],
    ['HOST_UP', false, { target: 'HOST' }],
    ['HOST_UPGRADED', false, { target: 'HOST' }],
    ['INSIDE_METRIC_THRESHOLD', false, { target: 'HOST' }],
    ['NEW_HOST', false, { target: 'HOST' }],
    ['OUTSIDE_METRIC_THRESHOLD', true, { target: 'HOST', threshold: 'METRIC' }],
    ['PAUSE_HOST_AUDIT', false, { target: 'HOST' }],
    ['REMOVE_HOST_FROM_REPLICA_SET_AUDIT', true, { target: 'HOST' }],
    ['RESUME_HOST_AUDIT', false, { target: 'HOST' }],
    ['UNDELETE_HOST_AUDIT', true, { target: 'HOST' }],
    ['VERSION_BEHIND', true, { target: 'HOST' }],
    ['VERSION_CHANGED', true, { target: 'HOST' }],
    ['VERSION_CURRENT', false, { target: 'HOST' }],
  ],
  // Organization-scoped alerts (OM scope "Organization"): not valid in a project's configuration.
  ORGANIZATION: [
    ['ALL_ORG_USERS_HAVE_MFA', false],
    ['ORG_ACTIVATED', false],
    ['ORG_ADMIN_SUSPENDED', false],
    ['ORG_API_KEY_ADDED', false],
    ['ORG_API_KEY_DELETED', false],
    ['ORG_CREDIT_CARD_ABOUT_TO_EXPIRE', false],
    ['ORG_CREDIT_CARD_ADDED', false],
    ['ORG_CREDIT_CARD_CURRENT', false],
    ['ORG_CREDIT_CARD_UPDATED', false],
    ['ORG_DAILY_BILL_OVER_THRESHOLD', false],
    ['ORG_DAILY_BILL_UNDER_THRESHOLD', false],
    ['ORG_EMPLOYEE_ACCESS_RESTRICTED', false],
    ['ORG_EMPLOYEE_ACCESS_UNRESTRICTED', false],
    ['ORG_GROUP_CHARGES_OVER_THRESHOLD', false],
    ['ORG_GROUP_CHARGES_UNDER_THRESHOLD', false],
    ['ORG_INVOICE_OVER_THRESHOLD', false],
    ['ORG_INVOICE_UNDER_THRESHOLD', false],
    ['ORG_LOCKED', false],
    ['ORG_PUBLIC_API_ACCESS_LIST_NOT_REQUIRED', false],
    ['ORG_PUBLIC_API_ACCESS_LIST_REQUIRED', false],
    ['ORG_RENAMED', false],
    ['ORG_SUSPENDED', false],
    ['ORG_TEMPORARILY_ACTIVATED', false],
    ['ORG_TWO_FACTOR_AUTH_OPTIONAL', false],
    ['ORG_TWO_FACTOR_AUTH_REQUIRED', false],
    ['ORG_USERS_WITHOUT_MFA', false],
  ],
  PROJECT: [
    ['ALL_USERS_HAVE_MULTI_FACTOR_AUTH', true],
    ['DELINQUENT', true],
    ['PAID_IN_FULL', true],
    ['USERS_WITHOUT_MULTI_FACTOR_AUTH', true],
  ],
  REPLICA_SET: [
    ['CONFIGURATION_CHANGED', true, { target: 'REPLICA_SET' }],
    ['ENOUGH_HEALTHY_MEMBERS', true, { target: 'REPLICA_SET' }],
    ['MEMBER_ADDED', true, { target: 'REPLICA_SET' }],
    ['MEMBER_REMOVED', true, { target: 'REPLICA_SET' }],
    ['MULTIPLE_PRIMARIES', true, { target: 'REPLICA_SET' }],
    ['NO_PRIMARY', true, { target: 'REPLICA_SET' }],
    ['ONE_PRIMARY', true, { target: 'REPLICA_SET' }],
    ['PRIMARY_ELECTED', true, { target: 'REPLICA_SET' }],
    ['TOO_FEW_HEALTHY_MEMBERS', true, { target: 'REPLICA_SET', threshold: 'MEMBER_COUNT' }],
    ['TOO_MANY_ELECTIONS', true, { target: 'REPLICA_SET' }],
    ['TOO_MANY_UNHEALTHY_MEMBERS', true, { target: 'REPLICA_SET', threshold: 'MEMBER_COUNT' }],
  ],
  SUPPORT_CASE: [['CASE_CREATED', false]],
  TEAM: [
    ['TEAM_ADDED_TO_GROUP', true],
    ['TEAM_CREATED', false],
    ['TEAM_DELETED', false],
    ['TEAM_NAME_CHANGED', false],
    ['TEAM_REMOVED_FROM_GROUP', true],
    ['TEAM_ROLES_MODIFIED', true],
    ['TEAM_UPDATED', false],
    ['USER_ADDED_TO_TEAM', false],
  ],
  USER: [
    ['INVITED_TO_GROUP', true],
    ['INVITED_TO_ORG', false],
    ['JOIN_GROUP_REQUEST_APPROVED_AUDIT', true],
    ['JOIN_GROUP_REQUEST_DENIED_AUDIT', true],
    ['JOINED_GROUP', true],
    ['JOINED_ORG', false],
    ['JOINED_TEAM', false],
    ['REMOVED_FROM_GROUP', true],
    ['REMOVED_FROM_ORG', false],
    ['REMOVED_FROM_TEAM', false],
    ['REQUESTED_TO_JOIN_GROUP', true],
    ['USER_ROLES_CHANGED_AUDIT', true],
  ],
  // Raised when a webhook template fails to render and the default payload was sent.
  ALERTS: [['WEBHOOK_TEMPLATE_RENDER_FAILED', true]],
  // Not in the product's alertable list: the audited changes of a project's API keys, alertable here as
  // informational alerts.
  API_KEY: [
    ['API_KEY_ADDED_TO_GROUP', true],
    ['API_KEY_REMOVED_FROM_GROUP', true],
    ['API_KEY_ROLES_CHANGED', true],
  ],
};

// Backup events concern a replica set or a cluster: the product's own example narrows RESYNC_REQUIRED with
// a REPLICA_SET_NAME matcher.
const CATEGORY_TARGET: Partial<Record<string, MatcherTarget>> = { BACKUP: 'REPLICA_SET' };

export const EVENT_TYPES: ReadonlyMap<string, EventTypeInfo> = new Map(
  Object.entries(CATEGORIES).flatMap(([category, specs]) =>
    specs.map(
      ([name, alertable, extra]) =>
        [name, { category, alertable, target: CATEGORY_TARGET[category], ...extra }] as const,
    ),
  ),
);

export function eventTypeInfo(name: string): EventTypeInfo | undefined {
  return EVENT_TYPES.get(name);
}
