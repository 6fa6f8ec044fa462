import { Injectable } from '@nestjs/common';
import type { DomainEventOf } from '../../../platform/events/domain-event';
import { OnDomainEvent } from '../../../platform/events/on-domain-event';
import { IdentityEventTypes } from '../../identity';
import { EnabledConfigsCache } from '../engine/enabled-configs.cache';
import { GlobalAlertConfigsService } from './global-alert-configs.service';

// A project's new tags decide which tag-scoped global configurations apply to it: its cached
// configurations are dropped and those configurations reconciled, in the tags' transaction
// (suppressErrors: false), so the change and the alerts it raises or cancels commit together.
@Injectable()
export class ProjectTagsChangedListener {
  constructor(
    private readonly cache: EnabledConfigsCache,
    private readonly globalConfigs: GlobalAlertConfigsService,
  ) {}

  @OnDomainEvent(IdentityEventTypes.GROUP_TAGS_MODIFIED, { suppressErrors: false })
  async onTagsModified(event: DomainEventOf<'GROUP_TAGS_MODIFIED'>): Promise<void> {
    if (event.groupId === undefined) return;
    this.cache.invalidate(event.groupId);
    await this.globalConfigs.reconcileProjectTags(event.groupId, event.raw.newTags);
  }
}
