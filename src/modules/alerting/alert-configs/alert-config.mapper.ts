import type { SecretBox } from '../../../platform/crypto/secret-box';
import type { LinkResponse } from '../../../platform/http/pagination/link.response';
import { toIsoSeconds } from '../../../platform/http/timestamps';
import type { AlertConfigDefinition, Notification } from './alert-config.types';
import type { AlertConfigEntity } from './alert-config.entity';
import type { AlertConfigResponse, NotificationResponse } from './dto/alert-config.response';
import { openNotification, redactNotification } from './notification-secrets';

export function alertConfigPath(groupId: string, alertConfigId: string): string {
  return `/groups/${groupId}/alertConfigs/${alertConfigId}`;
}

// The product returns keys in alphabetical order; so do we (clients must not rely on it).
// The keys sorted, then copied in that order: every alert the API prints passes its configuration's
// matchers and notifications here, and sorting [key, value] pairs made a pair per key besides the copy.
function sorted<T extends object>(value: T): T {
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(source).sort((a, b) => a.localeCompare(b))) {
    // An own `__proto__` key stays an own property, as Object.fromEntries made it.
    if (key === '__proto__') {
      Object.defineProperty(out, key, {
        value: source[key],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else out[key] = source[key];
  }
  return out as T;
}

function toNotificationResponse(notification: Notification): NotificationResponse {
  const redacted = redactNotification(notification);
  // The API reference names the field `role` (an array in responses), the Go client `roles`: both carry the
  // list.
  if (Array.isArray(redacted.roles)) redacted.role = [...redacted.roles];
  return sorted(redacted);
}

// The settings of a configuration that its alerts repeat (the product's alert carries them, as the Go
// client's Alert decodes them), printed as GET of the configuration prints them: secrets redacted alike.
export type AlertConfigSettings = Pick<
  AlertConfigResponse,
  'enabled' | 'matchers' | 'metricThreshold' | 'notifications'
>;

export type StoredAlertConfigSettings = Pick<
  AlertConfigEntity,
  'enabled' | 'matchers' | 'metricThreshold' | 'notifications'
>;

export function toAlertConfigSettings(
  stored: StoredAlertConfigSettings,
  box: SecretBox,
): AlertConfigSettings {
  const settings: AlertConfigSettings = {
    enabled: stored.enabled,
    matchers: stored.matchers.map((matcher) => sorted(matcher)),
    notifications: stored.notifications.map((notification) =>
      toNotificationResponse(openNotification(notification, box)),
    ),
  };
  if (stored.metricThreshold) settings.metricThreshold = sorted(stored.metricThreshold);
  return settings;
}

export function toAlertConfigResponse(
  entity: AlertConfigEntity,
  box: SecretBox,
  links: LinkResponse[],
): AlertConfigResponse {
  const response: AlertConfigResponse = {
    ...toAlertConfigSettings(entity, box),
    created: toIsoSeconds(entity.created),
    eventTypeName: entity.eventTypeName,
    groupId: entity.groupId,
    id: entity.id,
    links,
    updated: toIsoSeconds(entity.updated),
  };
  if (entity.threshold) response.threshold = sorted(entity.threshold);
  return sorted(response);
}

export function toAlertConfigDefinition(entity: AlertConfigEntity, box: SecretBox): AlertConfigDefinition {
  return {
    id: entity.id,
    groupId: entity.groupId,
    eventTypeName: entity.eventTypeName,
    enabled: entity.enabled,
    matchers: entity.matchers,
    metricThreshold: entity.metricThreshold,
    threshold: entity.threshold,
    notifications: entity.notifications.map((stored) => openNotification(stored, box)),
    created: entity.created,
    updated: entity.updated,
  };
}
