export { AlertingModule } from './alerting.module';
export { AlertConfigsService } from './alert-configs/alert-configs.service';
export { AlertConfigEventTypes } from './alerting.events';
export type {
  AlertConfigDefinition,
  Matcher,
  MetricThreshold,
  Notification,
  Threshold,
} from './alert-configs/alert-config.types';
export { AlertConfigResponse, AlertConfigListResponse } from './alert-configs/dto/alert-config.response';
export { renderWebhookBody, renderWebhookHeaders } from './alert-configs/webhook-template';
export { WEBHOOK_TEMPLATE_MAX_LENGTH } from './catalog/notification-types';
export { AlertsService } from './alerts/alerts.service';
export { AlertResponse, AlertListResponse, AlertCurrentValueResponse } from './alerts/dto/alert.response';
export { ALERT_STATUSES, IllegalAlertTransitionError, type AlertStatus } from './alerts/alert-state';
export {
  DuplicateActiveAlertError,
  InvalidAlertError,
  type AlertDetails,
  type NewAlert,
} from './alerts/alert-details';
export { AlertEventTypes } from './alerting.events';
export {
  MaintenanceWindowsService,
  type ActiveMaintenanceWindow,
} from './maintenance-windows/maintenance-windows.service';
export { AlertInhibition, type Inhibition } from './engine/alert-inhibition';
export { MaintenanceWindowEventTypes } from './alerting.events';
export { ALERT_TRANSITIONED, type AlertTransitionedEvent } from './alerts/alert-transitioned.event';
export { NotificationRequest } from './alert-configs/dto/notification.request';
export { checkNotification } from './alert-configs/notification-rules';
export { UserNotificationMembers } from './alert-configs/user-notification-members';
export type { NotificationInput } from './alert-configs/alert-config.types';
export { eventTypeInfo } from './catalog/event-types';
// Driven by its scheduler; exported so tests (and operators' tooling) can run the sweep on demand.
export { AlertEngine } from './engine/alert-engine.service';
export { AlertConfigReconciler } from './engine/alert-config-reconciler';
export { StaleMetricAlerts } from './engine/stale-metric-alerts';
