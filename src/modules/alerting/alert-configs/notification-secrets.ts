import type { SecretBox } from '../../../platform/crypto/secret-box';
import { redact } from '../../../platform/crypto/redaction';
import {
  mapSecretFields,
  redactsTo,
  restoreRedactedFields,
  type SecretFields,
} from '../../../platform/crypto/secret-fields';
import { CommonErrors } from '../../../platform/http/error-codes';
import { notificationTypeSpec } from '../catalog/notification-types';
import type { Notification, NotificationInput } from './alert-config.types';

// A notification as stored: its secret fields hold SecretBox-sealed strings, never clear text.
export type StoredNotification = Notification;

function secretsOf(typeName: string): SecretFields {
  return notificationTypeSpec(typeName)?.secrets ?? {};
}

export function sealNotification(notification: Notification, box: SecretBox): StoredNotification {
  return mapSecretFields(notification, secretsOf(notification.typeName), (value) => box.seal(value));
}

export function openNotification(stored: StoredNotification, box: SecretBox): Notification {
  return mapSecretFields(stored, secretsOf(stored.typeName), (value) => box.open(value));
}

// The response form: keys partially, URLs partially, webhook secret and templates fully.
export function redactNotification(notification: Notification): Notification {
  return mapSecretFields(notification, secretsOf(notification.typeName), redact);
}

// A redacted secret sent back is matched to the notification at the same index with the same typeName,
// else to the one stored notification of that typeName whose secret redacts to the same form
// (notifications reordered or removed).
export function restoreRedactedSecrets(
  incoming: NotificationInput[],
  current: Notification[],
): NotificationInput[] {
  return incoming.map((input, index) =>
    restoreRedactedFields(
      input,
      secretsOf(input.typeName),
      (field, sent, redaction) => {
        const matches = (stored: Notification | undefined): stored is Notification =>
          stored?.typeName === input.typeName && redactsTo(stored[field], redaction, sent);
        const sameIndex = current[index];
        const elsewhere = current.filter(matches);
        const kept = matches(sameIndex) ? sameIndex : elsewhere.length === 1 ? elsewhere[0] : undefined;
        return kept?.[field] as string | undefined;
      },
      (field) =>
        CommonErrors.VALIDATION_ERROR(
          `notifications[${index}].${field}`,
          'a redacted value can only be sent back for a secret this configuration holds',
        ),
    ),
  );
}
