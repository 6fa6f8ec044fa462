import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { domainEventChannel, type DomainEvent } from '../../platform/events/domain-event';
import { IdentityEventTypes, type GroupDeletedRaw } from '../identity';
import { ProjectDeliveriesStore } from './queue/project-deliveries.store';

// A deleted project's pending and past deliveries, their attempts and its notification schedules go in
// the deleting transaction (suppressErrors: false): a failure here leaves the project whole. A delivery
// already handed to a receiver is not recalled; its outcome finds no row to settle.
@Injectable()
export class DeliveriesGroupDeletedListener {
  constructor(private readonly store: ProjectDeliveriesStore) {}

  @OnEvent(domainEventChannel(IdentityEventTypes.GROUP_DELETED), { suppressErrors: false })
  async onGroupDeleted(event: DomainEvent): Promise<void> {
    const { groupId } = event.raw as unknown as GroupDeletedRaw;
    await this.store.removeAll(groupId);
  }
}
