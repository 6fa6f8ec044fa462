export { AlertingModule } from './alerting.module';
export { AlertsService } from './alerts/alerts.service';
export { AlertResponse, AlertListResponse, AlertCurrentValueResponse } from './alerts/dto/alert.response';
export { ALERT_STATUSES, IllegalAlertTransitionError, type AlertStatus } from './alerts/alert-state';
export { DuplicateActiveAlertError, InvalidAlertError, type AlertDetails, type NewAlert } from './alerts/alert-details';
export { AlertEventTypes } from './alerts/alert-event-types';
export { MaintenanceWindowsService, type ActiveMaintenanceWindow } from './maintenance-windows/maintenance-windows.service';
export { MaintenanceWindowEventTypes } from './maintenance-windows/maintenance-window-event-types';
