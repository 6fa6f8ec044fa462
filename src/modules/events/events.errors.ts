import { defineErrors } from '../../platform/http/api-error';

// The product's "event not found" code (as Atlas documents it).
export const EventsErrors = defineErrors({
  EVENT_NOT_FOUND: { status: 404, detail: 'No event with ID {0} exists in group {1}.' },
  ORG_EVENT_NOT_FOUND: { status: 404, detail: 'No event with ID {0} exists in organization {1}.' },
});
