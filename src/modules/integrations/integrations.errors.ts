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
});
