import { defineErrors } from '../../platform/http/api-error';

// Codes of the deliveries context. The product has no delivery log, test notification or template
// preview: the not-found codes follow the product's style, the rest reuse CommonErrors.
export const DeliveriesErrors = defineErrors({
  DELIVERY_NOT_FOUND: { status: 404, detail: 'No delivery with ID {0} exists in group {1}.' },
  INVALID_DELIVERY_ID: { status: 404, detail: 'Invalid delivery ID {0}.' },
  ALERT_CONFIG_NOT_FOUND: { status: 404, detail: 'No alert configuration with ID {0} exists in group {1}.' },
  NOTIFICATION_NOT_FOUND: {
    status: 404,
    detail: 'Alert configuration {0} has no notification at index {1}.',
  },
});
