import { redactFully, redactPartially, redactUrl } from '../../../platform/crypto/redaction';
import type { SecretBox } from '../../../platform/crypto/secret-box';
import type { IntegrationDraft, IntegrationSettings, StoredSettings } from './integration-settings';
import { SECRET_SETTINGS, type IntegrationType, type Redaction } from './integration-types';

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

export function redact(value: string, redaction: Redaction): string {
  switch (redaction) {
    case 'PARTIAL':
      return redactPartially(value);
    case 'URL':
      return redactUrl(value);
    case 'FULL':
      return redactFully(value);
  }
}

export function redactSettings<T extends { type: IntegrationType }>(settings: T): T {
  return mapSecrets(settings, redact);
}

// Clients round-trip GET bodies: a secret sent back exactly in the redacted form of the stored value of
// the same type means "keep the stored secret" (as alert configurations do). Anything else is taken as sent.
export function restoreRedactedSecrets(draft: IntegrationDraft, current: IntegrationSettings | null): IntegrationDraft {
  if (current === null || current.type !== draft.type) return draft;
  const restored = { ...draft } as unknown as Settings;
  const stored = current as unknown as Settings;
  for (const [field, redaction] of Object.entries(SECRET_SETTINGS[draft.type])) {
    const sent = restored[field];
    const kept = stored[field];
    if (typeof sent === 'string' && typeof kept === 'string' && sent === redact(kept, redaction))
      restored[field] = kept;
  }
  return restored as unknown as IntegrationDraft;
}
