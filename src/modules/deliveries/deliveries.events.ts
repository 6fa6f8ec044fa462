// Events the deliveries context records (in the transaction of the attempt that caused them, no actor):
//   ALERT_NOTIFICATION_SENT (ours; the product documents no name): a receiver accepted a notification
//     of an alert; raw: deliveryId, targetType, eventKind, attemptNumber.
//   WEBHOOK_TEMPLATE_RENDER_FAILED (the product's): a webhook template could not be
//     used and the default payload was sent; raw: deliveryId and the reason per template.
export const DeliveryEventTypes = {
  ALERT_NOTIFICATION_SENT: 'ALERT_NOTIFICATION_SENT',
  WEBHOOK_TEMPLATE_RENDER_FAILED: 'WEBHOOK_TEMPLATE_RENDER_FAILED',
} as const;
