import type { AlertStatus } from './alert-state';
import type { AlertResponse } from './dto/alert.response';

// Internal (not under `domain.`, so not recorded as an audit event): emitted with emitInOrder inside the
// transaction of every alert status change, so a listener (the deliveries context) can enqueue
// notifications atomically with the change. Listeners declare suppressErrors: false.
export const ALERT_TRANSITIONED = 'alerting.alert-transitioned';

export interface AlertTransitionedEvent {
  // The alert after the move, as GET one alert shows it.
  alert: AlertResponse;
  // null when the alert was just raised.
  from: AlertStatus | null;
  to: AlertStatus;
  // A point-in-time alert, raised CLOSED: each notification sends it once (alert.inform).
  informational: boolean;
  // The project's organization, when known.
  orgId: string | null;
  // When the condition began (the alert's `created`) and when this move happened.
  created: Date;
  at: Date;
}

// The alerts raised together (one report's, in one transaction), each as ALERT_TRANSITIONED would carry it,
// from null to TRACKING or OPEN: listeners handle them as a lot, a few statements for all of them.
export const ALERTS_RAISED = 'alerting.alerts-raised';
