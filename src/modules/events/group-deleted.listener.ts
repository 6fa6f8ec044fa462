import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { DomainEventOf } from '../../platform/events/domain-event';
import { OnDomainEvent } from '../../platform/events/on-domain-event';
import { IdentityEventTypes } from '../identity';
import { DeletedProjectEntity } from './deleted-project.entity';

// A deleted project's events stay; from its deletion on, the organization's list shows them (and
// GROUP_DELETED), since the project's own list answers GROUP_NOT_FOUND. Same transaction as the deletion.
@Injectable()
export class EventsGroupDeletedListener {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  @OnDomainEvent(IdentityEventTypes.GROUP_DELETED, { suppressErrors: false })
  async onGroupDeleted(event: DomainEventOf<'GROUP_DELETED'>): Promise<void> {
    const { groupId, orgId } = event.raw;
    await this.txHost.tx
      .getRepository(DeletedProjectEntity)
      .insert({ groupId, orgId, deletedAt: event.occurredAt ?? new Date() });
  }
}
