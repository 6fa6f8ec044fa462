import type { IntegrationResponse } from './dto/integration.response';
import { redactSettings } from './integration-secrets';
import type { IntegrationSettings } from './integration-settings';

// The product returns keys in alphabetical order; so do we (clients must not rely on it).
function sorted<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b))) as T;
}

// Spec "Fields in response": secrets redacted, the PROMETHEUS password (hash) never returned, SLACK
// channelName an empty string when unset. Optional settings that are unset stay absent.
export function toIntegrationResponse(settings: IntegrationSettings): IntegrationResponse {
  const redacted = redactSettings(settings);
  switch (redacted.type) {
    case 'PROMETHEUS': {
      const { passwordHash: _hash, ...visible } = redacted;
      return sorted(visible);
    }
    case 'SLACK':
      return sorted({ ...redacted, channelName: redacted.channelName ?? '' });
    default:
      return sorted(redacted);
  }
}
