import { redact } from '../../../platform/crypto/redaction';
import type { SecretBox } from '../../../platform/crypto/secret-box';
import {
  fieldValue,
  mapSecretFields,
  redactsTo,
  restoreRedactedFields,
} from '../../../platform/crypto/secret-fields';
import { IntegrationsErrors } from '../integrations.errors';
import type { IntegrationDraft, IntegrationSettings, StoredSettings } from './integration-settings';
import { SECRET_SETTINGS, type IntegrationType } from './integration-types';

export function sealSettings<T extends IntegrationSettings>(settings: T, box: SecretBox): T & StoredSettings {
  return mapSecretFields(settings, SECRET_SETTINGS[settings.type], (value) => box.seal(value));
}

export function openSettings(stored: StoredSettings, box: SecretBox): IntegrationSettings {
  return mapSecretFields(stored, SECRET_SETTINGS[stored.type], (value) => box.open(value));
}

export function redactSettings<T extends { type: IntegrationType }>(settings: T): T {
  return mapSecretFields(settings, SECRET_SETTINGS[settings.type], redact);
}

// A redacted secret sent back stands for the stored value of the same field when the stored integration is
// of the same type (as alert configurations do).
export function restoreRedactedSecrets(
  draft: IntegrationDraft,
  current: IntegrationSettings | null,
): IntegrationDraft {
  const stored = current?.type === draft.type ? current : null;
  return restoreRedactedFields(
    draft,
    SECRET_SETTINGS[draft.type],
    (field, sent, redaction) => {
      const value = fieldValue(stored, field);
      return redactsTo(value, redaction, sent) ? value : undefined;
    },
    (field) =>
      IntegrationsErrors.INVALID_INTEGRATION_SETTINGS(
        draft.type,
        `${field} is a redacted value that matches no stored secret; send the secret itself`,
      ),
  );
}
