import { Injectable } from '@nestjs/common';
import { IntegrationsService, isIntegrationType, type IntegrationSettings } from '../../integrations';
import { notificationTargetMissing } from '../alerting.errors';
import { notificationTypeSpec } from '../catalog/notification-types';
import type { Notification } from './alert-config.types';
import { projectIntegrationOf } from './notification-rules';

// A notification of an integration-backed type that carries no target of its own is sent with the
// project's integration of that type: saved only if the project has a usable one. The integration row
// stays share-locked until the save commits, so a concurrent removal either waits and is then refused
// (integration-removed.listener.ts), or removes first and this save is refused.
@Injectable()
export class ProjectIntegrations {
  constructor(private readonly integrations: IntegrationsService) {}

  async assertUsable(groupId: string, notifications: Notification[]): Promise<void> {
    for (const [index, notification] of notifications.entries()) {
      const type = projectIntegrationOf(notification);
      if (type === undefined || !isIntegrationType(type)) continue;
      const settings = await this.integrations.configuredFor(groupId, type, { holdUntilCommit: true });
      if (settings === null || !usable(settings)) {
        const field = notificationTypeSpec(type)?.required[0] ?? 'typeName';
        throw notificationTargetMissing(type, `notifications[${index}]`, field);
      }
    }
  }
}

// A Slack integration may be saved without a channel; it cannot deliver without one.
function usable(settings: IntegrationSettings): boolean {
  return settings.type !== 'SLACK' || Boolean(settings.channelName);
}
