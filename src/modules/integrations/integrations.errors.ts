import { defineErrors } from '../../platform/http/api-error';

// Codes of the integrations context with the product's statuses and texts.
// An unknown type in the path is the generic INVALID_ENUM_VALUE (no dedicated product code exists).
export const IntegrationsErrors = defineErrors({
  INTEGRATION_NOT_CONFIGURED: {
    status: 404,
    detail: "The integration of type '{0}' is not configured for this group.",
  },
  INTEGRATION_ALREADY_CONFIGURED: {
    status: 409,
    detail: "The integration of type '{0}' is already configured for this group.",
  },
  INVALID_INTEGRATION_SETTINGS: {
    status: 400,
    detail: 'The provided settings for the {0} integration were invalid: {1}.',
  },
  // /metrics exposure (METRICS_ACCESS); no product code exists: ours, in the product's style.
  METRICS_NOT_EXPOSED: {
    status: 403,
    detail: 'The metrics are served to loopback callers only (METRICS_ACCESS=loopback).',
  },
  METRICS_TOKEN_REQUIRED: {
    status: 401,
    detail: 'The metrics need Authorization: Bearer with the configured METRICS_TOKEN.',
  },
});
