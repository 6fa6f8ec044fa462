export { NotifiersModule } from './notifiers.module';
export { NotifierRegistry } from './notifier-registry';
export {
  ALERT_EVENT_KINDS,
  type AlertContext,
  type AlertDocument,
  type AlertEventKind,
  type Notifier,
  type NotifyResult,
  type RenderFallback,
} from './notifier';
export type {
  DatadogTarget,
  EmailTarget,
  MicrosoftTeamsTarget,
  NewRelicTarget,
  NotificationTarget,
  NotificationTargetType,
  OpsGenieTarget,
  PagerDutyTarget,
  SlackTarget,
  SmsTarget,
  VictorOpsTarget,
  WebhookTarget,
} from './notification-target';
export { targetFromIntegration, targetFromNotification } from './notification-targets';
export { buildWebhookRequest, type WebhookRequest } from './webhook-request';
export { UNREACHABLE_ERROR } from './delivery-outcome';
