import type { SecretBox } from '../../../platform/crypto/secret-box';
import type { LinkResponse } from '../../../platform/http/pagination/link.response';
import type { AlertConfigDefinition } from '../alert-configs/alert-config.types';
import { toAlertConfigDefinition, toAlertConfigResponse } from '../alert-configs/alert-config.mapper';
import type { AlertConfigEntity } from '../alert-configs/alert-config.entity';
import type { GlobalAlertConfigResponse } from './dto/global-alert-config.response';
import type { GlobalAlertConfigEntity } from './global-alert-config.entity';

export function globalAlertConfigPath(alertConfigId: string): string {
  return `/globalAlertConfigs/${alertConfigId}`;
}

// The columns a project's configuration shares, as one of that project's would hold them.
function asProjectConfig(entity: GlobalAlertConfigEntity, groupId: string): AlertConfigEntity {
  return {
    id: entity.id,
    groupId,
    eventTypeName: entity.eventTypeName,
    enabled: entity.enabled,
    matchers: entity.matchers,
    metricThreshold: entity.metricThreshold,
    threshold: entity.threshold,
    notifications: entity.notifications,
    created: entity.created,
    updated: entity.updated,
  };
}

export function toGlobalAlertConfigResponse(
  entity: GlobalAlertConfigEntity,
  box: SecretBox,
  links: LinkResponse[],
): GlobalAlertConfigResponse {
  const { groupId: _groupId, ...shared } = toAlertConfigResponse(asProjectConfig(entity, ''), box, links);
  const response: GlobalAlertConfigResponse = {
    ...shared,
    forAllGroups: entity.forAllGroups,
    groupIds: [...entity.groupIds],
    tags: [...entity.tags],
  };
  return Object.fromEntries(
    Object.entries(response).sort(([a], [b]) => a.localeCompare(b)),
  ) as unknown as GlobalAlertConfigResponse;
}

// What the engine evaluates in one project: the configuration as if it were that project's own. Its
// alerts carry the global configuration's id.
export function toProjectDefinition(
  entity: GlobalAlertConfigEntity,
  groupId: string,
  box: SecretBox,
): AlertConfigDefinition {
  return toAlertConfigDefinition(asProjectConfig(entity, groupId), box);
}
