import type { SecretBox } from '../../../platform/crypto/secret-box';
import { looksRedacted, redact, type Redaction } from '../../../platform/crypto/redaction';
import { CommonErrors } from '../../../platform/http/error-codes';
import { notificationTypeSpec } from '../catalog/notification-types';
import type { Notification, NotificationInput, NotificationValue } from './alert-config.types';

// A notification as stored: its secret fields hold SecretBox-sealed strings, never clear text.
export type StoredNotification = Notification;

function secretsOf(typeName: string): Array<[string, Redaction]> {
  return Object.entries(notificationTypeSpec(typeName)?.secrets ?? {});
}

function mapSecrets(
  notification: Notification,
  change: (value: string, redaction: Redaction) => string,
): Notification {
  const copy: Notification = { ...notification };
  for (const [field, redaction] of secretsOf(notification.typeName)) {
    const value = copy[field];
    if (typeof value === 'string') copy[field] = change(value, redaction);
  }
  return copy;
}

export function sealNotification(notification: Notification, box: SecretBox): StoredNotification {
  return mapSecrets(notification, (value) => box.seal(value));
}

export function openNotification(stored: StoredNotification, box: SecretBox): Notification {
  return mapSecrets(stored, (value) => box.open(value));
}

// The response form: keys partially, URLs partially, webhook secret and templates fully.
export function redactNotification(notification: Notification): Notification {
  return mapSecrets(notification, redact);
}

// Clients round-trip GET bodies: a secret sent back exactly in its redacted form means "keep the stored
// secret". It is matched to the notification at the same index with the same typeName, else to the one
// stored notification of that typeName whose secret redacts to the same form (notifications reordered or
// removed). A redacted form that matches no stored secret is refused rather than stored as the secret.
export function restoreRedactedSecrets(
  incoming: NotificationInput[],
  current: Notification[],
): NotificationInput[] {
  return incoming.map((input, index) => {
    const restored: NotificationInput = { ...input };
    for (const [field, redaction] of secretsOf(input.typeName)) {
      const sent: NotificationValue | undefined = input[field];
      if (typeof sent !== 'string' || !looksRedacted(sent, redaction)) continue;
      const matches = (stored: Notification | undefined): stored is Notification =>
        stored?.typeName === input.typeName &&
        typeof stored[field] === 'string' &&
        redact(stored[field], redaction) === sent;
      const sameIndex = current[index];
      const elsewhere = current.filter(matches);
      const kept = matches(sameIndex) ? sameIndex : elsewhere.length === 1 ? elsewhere[0] : undefined;
      if (kept === undefined) {
        throw CommonErrors.VALIDATION_ERROR(
          `notifications[${index}].${field}`,
          'a redacted value can only be sent back for a secret this configuration holds',
        );
      }
      restored[field] = kept[field];
    }
    return restored;
  });
}
