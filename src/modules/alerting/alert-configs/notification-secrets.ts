import type { SecretBox } from '../../../platform/crypto/secret-box';
import { redactFully, redactPartially, redactUrl } from '../../../platform/crypto/redaction';
import { notificationTypeSpec, type Redaction } from '../catalog/notification-types';
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

function redact(value: string, redaction: Redaction): string {
  switch (redaction) {
    case 'PARTIAL':
      return redactPartially(value);
    case 'URL':
      return redactUrl(value);
    case 'FULL':
      return redactFully(value);
  }
}

// The response form (spec "Redaction"): keys partially, URLs partially, webhook secret and templates fully.
export function redactNotification(notification: Notification): Notification {
  return mapSecrets(notification, redact);
}

// Clients round-trip GET bodies: a secret sent back exactly in its redacted form, for the notification at
// the same index with the same typeName, means "keep the stored secret". Anything else is taken as sent.
export function restoreRedactedSecrets(
  incoming: NotificationInput[],
  current: Notification[],
): NotificationInput[] {
  return incoming.map((input, index) => {
    const stored = current[index];
    if (stored === undefined || stored.typeName !== input.typeName) return input;
    const restored: NotificationInput = { ...input };
    for (const [field, redaction] of secretsOf(input.typeName)) {
      const sent: NotificationValue | undefined = input[field];
      const kept = stored[field];
      if (typeof sent === 'string' && typeof kept === 'string' && sent === redact(kept, redaction))
        restored[field] = kept;
    }
    return restored;
  });
}
