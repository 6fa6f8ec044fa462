export { AlertingModule } from './alerting.module';
export { AlertConfigsService } from './alert-configs/alert-configs.service';
export { AlertConfigEventTypes, AlertEventTypes } from './alerting.events';
export type { Notification, NotificationInput } from './alert-configs/alert-config.types';
export { renderWebhookBody, renderWebhookHeaders } from './alert-configs/webhook-template';
export { WEBHOOK_TEMPLATE_MAX_LENGTH } from './catalog/notification-types';
export { AlertsService } from './alerts/alerts.service';
export { AlertResponse } from './alerts/dto/alert.response';
export { IllegalAlertTransitionError } from './alerts/alert-state';
export { DuplicateActiveAlertError, InvalidAlertError, type NewAlert } from './alerts/alert-details';
export { MaintenanceWindowsService } from './maintenance-windows/maintenance-windows.service';
export { AlertInhibition, type Inhibition } from './engine/alert-inhibition';
export {
  ALERT_TRANSITIONED,
  ALERTS_RAISED,
  type AlertTransitionedEvent,
} from './alerts/alert-transitioned.event';
export { NotificationRequest } from './alert-configs/dto/notification.request';
export { checkNotification } from './alert-configs/notification-rules';
export { UserNotificationMembers } from './alert-configs/user-notification-members';
// Driven by its scheduler; exported so tests (and operators' tooling) can run the sweep on demand.
export { AlertEngine } from './engine/alert-engine.service';
export { AlertConfigReconciler } from './engine/alert-config-reconciler';
export { StaleMetricAlerts } from './engine/stale-metric-alerts';
