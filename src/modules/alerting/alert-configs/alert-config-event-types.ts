// Audit events of the alert configurations (Atlas AlertConfigAuditTypeView names, product-facts 4.8):
// POST -> ADDED (also for the defaults of a new project), PUT -> CHANGED, DELETE -> DELETED,
// PATCH {enabled} -> ENABLED / DISABLED.
export const AlertConfigEventTypes = {
  ALERT_CONFIG_ADDED_AUDIT: 'ALERT_CONFIG_ADDED_AUDIT',
  ALERT_CONFIG_CHANGED_AUDIT: 'ALERT_CONFIG_CHANGED_AUDIT',
  ALERT_CONFIG_DELETED_AUDIT: 'ALERT_CONFIG_DELETED_AUDIT',
  ALERT_CONFIG_ENABLED_AUDIT: 'ALERT_CONFIG_ENABLED_AUDIT',
  ALERT_CONFIG_DISABLED_AUDIT: 'ALERT_CONFIG_DISABLED_AUDIT',
} as const;
