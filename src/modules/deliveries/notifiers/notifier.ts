import type { AlertResponse } from '../../alerting';
import type { NotificationTarget, NotificationTargetType } from './notification-target';

// The X-MMS-Event values the product's webhook integration sends: what happened to the alert this
// notification is about.
export const ALERT_EVENT_KINDS = [
  'alert.open',
  'alert.close',
  'alert.update',
  'alert.acknowledge',
  'alert.cancel',
  'alert.inform',
] as const;
export type AlertEventKind = (typeof ALERT_EVENT_KINDS)[number];

// The alert as GET one alert returns it: the webhook's default body.
export type AlertDocument = AlertResponse;

// What the engine knows besides the alert document: shown in messages and offered to webhook templates
// (the product's template variables orgId, orgName, projectName).
export interface AlertContext {
  orgId?: string;
  orgName?: string;
  projectName?: string;
}

// Which webhook template could not be used and why; the default body / headers were sent instead.
export interface RenderFallback {
  body?: string;
  headers?: string;
}

export interface NotifyResult {
  ok: boolean;
  // HTTP status of the receiver's answer; for EMAIL the SMTP reply code.
  status?: number;
  error?: string;
  latencyMs: number;
  // 408, 429, 5xx, timeouts and network errors: worth another attempt (after retryAfterMs when given).
  retryable: boolean;
  retryAfterMs?: number;
  // WEBHOOK only: set when a template fell back (the engine records WEBHOOK_TEMPLATE_RENDER_FAILED).
  renderFallback?: RenderFallback;
  // The start of what the receiver answered, for the delivery log and test notifications.
  response?: string;
  // WEBHOOK only: the X-Mms-Request-Id sent.
  requestId?: string;
}

export interface Notifier<T extends NotificationTarget = NotificationTarget> {
  readonly type: NotificationTargetType;
  // Never throws: every failure is a result, so one attempt is one log line.
  notify(
    target: T,
    alert: AlertDocument,
    event: AlertEventKind,
    context?: AlertContext,
  ): Promise<NotifyResult>;
}
