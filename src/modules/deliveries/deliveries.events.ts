// Events the deliveries context records.
// In the transaction of the attempt that caused them, no actor:
//   ALERT_NOTIFICATION_SENT (ours; the product documents no name): a receiver accepted a notification
//     of an alert (or a group message of alerts); raw: deliveryId, targetType, eventKind, attemptNumber,
//     and alertIds for a group message.
//   WEBHOOK_TEMPLATE_RENDER_FAILED (the product's): a webhook template could not be
//     used and the default payload was sent; raw: deliveryId and the reason per template.
// Audits of the notification grouping policy (ours, beyond the product; named like the product's
// *_CHANGED/_DELETED): PUT -> ALERT_GROUPING_POLICY_CHANGED, DELETE -> ALERT_GROUPING_POLICY_DELETED;
// raw: the policy as saved (or as it was before deletion).
export const DeliveryEventTypes = {
  ALERT_NOTIFICATION_SENT: 'ALERT_NOTIFICATION_SENT',
  WEBHOOK_TEMPLATE_RENDER_FAILED: 'WEBHOOK_TEMPLATE_RENDER_FAILED',
  ALERT_GROUPING_POLICY_CHANGED: 'ALERT_GROUPING_POLICY_CHANGED',
  ALERT_GROUPING_POLICY_DELETED: 'ALERT_GROUPING_POLICY_DELETED',
} as const;
