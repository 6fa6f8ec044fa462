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
function sorted<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b))) as T;
}

function toNotificationResponse(notification: Notification): NotificationResponse {
  const redacted = redactNotification(notification);
  // The API reference names the field `role` (an array in responses), the Go client `roles`: both carry the
  // list.
  if (Array.isArray(redacted.roles)) redacted.role = [...redacted.roles];
  return sorted(redacted);
}

export function toAlertConfigResponse(
  entity: AlertConfigEntity,
  box: SecretBox,
  links: LinkResponse[],
): AlertConfigResponse {
  const response: AlertConfigResponse = {
    created: toIsoSeconds(entity.created),
    enabled: entity.enabled,
    eventTypeName: entity.eventTypeName,
    groupId: entity.groupId,
    id: entity.id,
    links,
    matchers: entity.matchers.map((matcher) => sorted(matcher)),
    notifications: entity.notifications.map((stored) =>
      toNotificationResponse(openNotification(stored, box)),
    ),
    updated: toIsoSeconds(entity.updated),
  };
  if (entity.metricThreshold) response.metricThreshold = sorted(entity.metricThreshold);
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
