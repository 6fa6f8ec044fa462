import { Injectable } from '@nestjs/common';
import type { DomainEventOf } from '../../../platform/events/domain-event';
import { OnDomainEvent } from '../../../platform/events/on-domain-event';
import { AlertConfigsService } from './alert-configs.service';
import { IdentityEventTypes } from '../../identity';

// The identity context publishes GROUP_CREATED inside the project-creation transaction, with the project's
// `withDefaultAlertsSettings` flag in `raw`. `suppressErrors: false` (and no `async` option) makes a failure
// here roll the project creation back, so a project never exists without its default configurations.
@Injectable()
export class DefaultAlertConfigsListener {
  constructor(private readonly configs: AlertConfigsService) {}

  @OnDomainEvent(IdentityEventTypes.GROUP_CREATED, { suppressErrors: false })
  async onProjectCreated(event: DomainEventOf<'GROUP_CREATED'>): Promise<void> {
    if (event.groupId === undefined || event.orgId === undefined) return;
    if (event.raw?.withDefaultAlertsSettings === false) return;
    await this.configs.createDefaults(event.groupId, event.orgId);
  }
}
