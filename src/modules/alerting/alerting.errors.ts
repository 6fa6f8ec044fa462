import { ApiError, defineErrors } from '../../platform/http/api-error';

// Every code of the alerting context (alert configs, alerts, maintenance windows), with the product's statuses.
// Generic codes (INVALID_ENUM_VALUE, VALIDATION_ERROR, ...) stay in CommonErrors.
export const AlertingErrors = defineErrors({
  // Alerts
  ALERT_NOT_FOUND: { status: 404, detail: 'No alert with ID {0} exists in group {1}.' },
  INVALID_ALERT_ID: { status: 404, detail: 'Invalid alert ID {0}.' },
  INVALID_ALERT_STATUS: { status: 400, detail: 'Invalid alert status {0}.' },
  ACKNOWLEDGEMENT_COMMENT_TOO_LONG: {
    status: 400,
    detail: 'The acknowledgement comment is too long; it can hold at most {0} characters.',
  },
  // No product code is documented for acknowledging a finished alert: ours, in the product's style.
  ALERT_ALREADY_CLOSED: {
    status: 400,
    detail: 'Alert {0} is {1}; a closed or cancelled alert cannot be acknowledged or unacknowledged.',
  },
  // The product's code for a project id in the body that differs from the one in the URL.
  GROUP_MISMATCH: {
    status: 400,
    detail: 'The group ID {0} in the body does not match the group ID {1} in the URL.',
  },

  // Alert configurations
  ALERT_CONFIG_NOT_FOUND: { status: 404, detail: 'No alert configuration with ID {0} exists in group {1}.' },
  INVALID_ALERT_CONFIG_ID: { status: 404, detail: 'Invalid alert configuration ID {0}.' },
  // Not a product name: the project configuration's code, for a configuration of the whole service.
  GLOBAL_ALERT_CONFIG_NOT_FOUND: { status: 404, detail: 'No global alert configuration with ID {0} exists.' },
  // Not a product name: ALERT_NOT_FOUND's counterpart for an alert of a global configuration.
  GLOBAL_ALERT_NOT_FOUND: { status: 404, detail: 'No global alert with ID {0} exists.' },
  MISSING_ALERT_CONFIG_ID: { status: 404, detail: 'The alert configuration ID is missing.' },
  MISSING_METRIC_THRESHOLD: { status: 400, detail: 'A metric threshold is required for alerts of type {0}.' },
  METRIC_THRESHOLD_PRESENT: {
    status: 400,
    detail: 'A metric threshold cannot be specified for alerts of type {0}.',
  },
  MISSING_THRESHOLD: { status: 400, detail: 'A threshold is required for alerts of type {0}.' },
  THRESHOLD_PRESENT: { status: 400, detail: 'A threshold cannot be specified for alerts of type {0}.' },
  MISSING_NOTIFICATIONS: {
    status: 400,
    detail: 'At least one notification is required for an alert configuration.',
  },
  TOO_MANY_GROUP_NOTIFICATIONS: { status: 400, detail: 'At most one group notification can be specified.' },
  EMAIL_OR_SMS_REQUIRED_FOR_GROUP_NOTIFICATION: {
    status: 400,
    detail: 'Group notification {0} must have email or SMS enabled.',
  },
  EMAIL_OR_SMS_REQUIRED_FOR_USER_NOTIFICATION: {
    status: 400,
    detail: 'User notification {0} must have email or SMS enabled.',
  },
  // Not a product name. An unknown name and a non-member's get this same answer.
  NOTIFICATION_USER_NOT_IN_GROUP: {
    status: 400,
    detail: 'User notification {0} must name a member of the project; {1} is not one.',
  },
  MISSING_ROLES_FOR_GROUP_NOTIFICATION: {
    status: 400,
    detail: 'Group notification {0} must specify at least one role.',
  },
  // Not a product name: the GROUP rule's counterpart for organization roles.
  MISSING_ROLES_FOR_ORG_NOTIFICATION: {
    status: 400,
    detail: 'Organization notification {0} must specify at least one role.',
  },
  NOTIFICATION_INTERVAL_OUT_OF_RANGE: {
    status: 400,
    detail: 'The notification interval {0} of {1} is out of range; it must be at least {2} minutes.',
  },
  NONZERO_DELAY_REQUIRED: { status: 400, detail: 'A nonzero delay is required for {0}.' },
  UNSUPPORTED_NOTIFICATION_TYPE: { status: 400, detail: 'Unsupported notification type {0} for {1}.' },
  NOTIFICATION_TYPE_IS_GLOBAL_ONLY: {
    status: 400,
    detail: 'Notification type {0} is only for global alerts.',
  },
  INVALID_EVENT_TYPE_FOR_ALERT: { status: 400, detail: 'Event type {0} is not valid for an alert.' },
  GLOBAL_ALERTS_ONLY: { status: 400, detail: 'Event type {0} is only valid for global alerts.' },
  INVALID_OPERATOR_FOR_EVENT_TYPE: { status: 400, detail: 'Operator {0} is not valid for event type {1}.' },
  UNITS_MISMATCH: { status: 400, detail: 'Units {0} are not compatible with {1}.' },
  TOTAL_MODE_DEPRECATED: { status: 400, detail: 'Mode TOTAL is no longer supported.' },
  INVALID_METRIC_NAME: { status: 404, detail: 'No metric with name {0} exists.' },
  WEBHOOK_URL_NOT_SET: { status: 400, detail: 'Webhook notification {0} requires a webhook URL.' },
  // Deleting an integration that notifications use as their target (the product's code for WEBHOOK; ours,
  // in its style, for the other types).
  WEBHOOK_NOTIFICATIONS_PRESENT: {
    status: 400,
    detail: 'The WEBHOOK integration is used by notifications of alert configuration {0}.',
  },
  INTEGRATION_NOTIFICATIONS_PRESENT: {
    status: 400,
    detail: 'The {0} integration is used by notifications of alert configuration {1}.',
  },

  // Maintenance windows
  MAINTENANCE_WINDOW_NOT_FOUND: {
    status: 404,
    detail: 'No maintenance window with ID {0} exists in group {1}.',
  },
  INVALID_WINDOW_ID: { status: 404, detail: 'Invalid maintenance window ID {0}.' },
  MISSING_MAINTENANCE_WINDOW_ALERT_TYPE_NAME: {
    status: 400,
    detail: 'The maintenance window must specify at least one alert type name.',
  },
  MISSING_MAINTENANCE_WINDOW_START_DATE: {
    status: 400,
    detail: 'The maintenance window must specify a start date.',
  },
  MISSING_MAINTENANCE_WINDOW_END_DATE: {
    status: 400,
    detail: 'The maintenance window must specify an end date.',
  },
  MAINTENANCE_WINDOW_START_DATE_AFTER_END_DATE: {
    status: 400,
    detail: 'The maintenance window start date must be before its end date.',
  },
});

// A notification without a target of its own whose project has no integration of its type to send with:
// the product's code for a webhook, MISSING_ATTRIBUTE naming the missing field for the others.
export function notificationTargetMissing(typeName: string, path: string, field: string): ApiError {
  if (typeName === 'WEBHOOK') return AlertingErrors.WEBHOOK_URL_NOT_SET(path);
  return new ApiError(
    400,
    'MISSING_ATTRIBUTE',
    `The required attribute ${path}.${field} was not specified, and the project has no ${typeName} integration to use instead.`,
    [`${path}.${field}`],
  );
}

// An alertable type of the product that nothing in this service can raise: the product's code, with a
// detail that says why.
export function eventTypeWithoutSource(eventTypeName: string, reason: string): ApiError {
  return new ApiError(
    400,
    'INVALID_EVENT_TYPE_FOR_ALERT',
    `Event type ${eventTypeName} is not valid for an alert in this service: ${reason}.`,
    [eventTypeName],
  );
}
