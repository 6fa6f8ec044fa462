export { DeliveriesModule } from './deliveries.module';
// Driven by the scheduler; exported so tests (and operators' tooling) can run them on demand.
export { DeliveryWorker } from './queue/delivery-worker';
export { NotificationPolicy } from './policy/notification-policy';
export { GroupFlusher } from './grouping/group-flusher';
// The adapters that call receivers, one per target type; tests drive them directly.
export {
  ALERT_EVENT_KINDS,
  NotifierRegistry,
  type AlertDocument,
  type AlertEventKind,
  type NotificationTarget,
  type WebhookTarget,
  UNREACHABLE_ERROR,
} from './notifiers';
