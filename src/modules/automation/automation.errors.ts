import { ApiError, defineErrors } from '../../platform/http/api-error';

// Codes of the automation context with the product's statuses.
// Generic codes (VALIDATION_ERROR, INVALID_QUERY_PARAMETER, GROUP_NOT_FOUND ...) stay in CommonErrors.
export const AutomationErrors = defineErrors({
  HOST_NOT_FOUND: { status: 404, detail: 'No host with ID {0} exists in group {1}.' },
  HOSTNAME_AND_PORT_NOT_FOUND: {
    status: 404,
    detail: 'No host with hostname and port {0} exists in group {1}.',
  },
  DEVICE_NOT_FOUND: { status: 404, detail: 'No device with name {0} exists on host {1}.' },
  MUTUALLY_EXCLUSIVE_QUERY_PARAMETERS: {
    status: 400,
    detail: 'The query parameters {0} and {1} cannot be specified together.',
  },
  // No product code is documented for these: ours, in the product's style.
  HOST_ALREADY_EXISTS: { status: 409, detail: 'The host {0} is already monitored in group {1}.' },
  AGENT_API_KEY_NOT_FOUND: { status: 404, detail: 'No agent API key with ID {0} exists in group {1}.' },
  // Growth caps (MAX_NEW_HOSTS_PER_REPORT, MAX_HOSTS_PER_PROJECT, MAX_EVENTS_PER_REPORT,
  // MAX_MEASUREMENT_METRICS).
  TOO_MANY_NEW_HOSTS: {
    status: 400,
    detail: 'A report may add at most {0} new hosts; this one adds {1}. Nothing of it was recorded.',
  },
  MAX_HOSTS_PER_GROUP_EXCEEDED: {
    status: 409,
    detail: 'A project may hold at most {0} hosts; it holds {1} and {2} more were to be added.',
  },
  TOO_MANY_EVENTS_IN_REPORT: {
    status: 400,
    detail: 'A report may create at most {0} events; this one would create {1}. Nothing of it was recorded.',
  },
  TOO_MANY_METRICS: {
    status: 400,
    detail:
      'The service keeps at most {0} distinct metrics (metric name and units); {1} in {2} would be a new one. Nothing of the report was recorded.',
  },
  REPORTS_BACKLOGGED: {
    status: 503,
    detail: '{0} reports already wait to be written. Nothing of this one was recorded; send it again later.',
  },
});

// Seconds an agent is asked to wait when the report queue is full: about one reporting interval.
const REPORT_RETRY_AFTER_SECONDS = 10;

// 503 with Retry-After: the service is overloaded, not the report wrong.
export function reportsBacklogged(waiting: number): ApiError {
  return AutomationErrors.REPORTS_BACKLOGGED(waiting).withHeaders({
    'Retry-After': String(REPORT_RETRY_AFTER_SECONDS),
  });
}

// The agent API answers a bad or missing agent key with a Basic challenge (HTTP Basic, RFC 7617).
export function invalidAgentApiKey(groupId: string): ApiError {
  return new ApiError(
    401,
    'INVALID_AGENT_API_KEY',
    `Invalid agent API key for group ${groupId}.`,
    [groupId],
    { 'WWW-Authenticate': 'Basic realm="Agent API", charset="UTF-8"' },
  );
}
