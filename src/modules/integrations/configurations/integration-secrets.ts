import { looksRedacted, redact, type Redaction } from '../../../platform/crypto/redaction';
import type { SecretBox } from '../../../platform/crypto/secret-box';
import { IntegrationsErrors } from '../integrations.errors';
import type { IntegrationDraft, IntegrationSettings, StoredSettings } from './integration-settings';
import { SECRET_SETTINGS, type IntegrationType } from './integration-types';

type Settings = Record<string, string | boolean | undefined>;

function mapSecrets<T extends { type: IntegrationType }>(
  settings: T,
  change: (value: string, redaction: Redaction) => string,
): T {
  const copy = { ...settings } as unknown as Settings;
  for (const [field, redaction] of Object.entries(SECRET_SETTINGS[settings.type])) {
    const value = copy[field];
    if (typeof value === 'string') copy[field] = change(value, redaction);
  }
  return copy as unknown as T;
}

export function sealSettings(settings: IntegrationSettings, box: SecretBox): StoredSettings {
  return mapSecrets(settings, (value) => box.seal(value)) as unknown as StoredSettings;
}

export function openSettings(stored: StoredSettings, box: SecretBox): IntegrationSettings {
  return mapSecrets(stored as unknown as IntegrationSettings, (value) => box.open(value));
}

export function redactSettings<T extends { type: IntegrationType }>(settings: T): T {
  return mapSecrets(settings, redact);
}

// Clients round-trip GET bodies: a secret sent back exactly in the redacted form of the stored value of
// the same type means "keep the stored secret" (as alert configurations do). A redacted form that matches
// no stored secret is refused rather than stored as the secret.
export function restoreRedactedSecrets(
  draft: IntegrationDraft,
  current: IntegrationSettings | null,
): IntegrationDraft {
  const restored = { ...draft } as unknown as Settings;
  const stored = (current?.type === draft.type ? current : {}) as unknown as Settings;
  for (const [field, redaction] of Object.entries(SECRET_SETTINGS[draft.type])) {
    const sent = restored[field];
    if (typeof sent !== 'string' || !looksRedacted(sent, redaction)) continue;
    const kept = stored[field];
    if (typeof kept !== 'string' || redact(kept, redaction) !== sent) {
      throw IntegrationsErrors.INVALID_INTEGRATION_SETTINGS(
        draft.type,
        `${field} is a redacted value that matches no stored secret; send the secret itself`,
      );
    }
    restored[field] = kept;
  }
  return restored as unknown as IntegrationDraft;
}
