import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { domainEventChannel, type DomainEvent } from '../../platform/events/domain-event';
import { IdentityEventTypes, type GroupDeletedRaw } from '../identity';
import { IntegrationEntity } from './configurations/integration.entity';

// A deleted project's third-party integrations (and the secrets they hold) go in the deleting
// transaction (suppressErrors: false): a failure here leaves the project whole.
@Injectable()
export class IntegrationsGroupDeletedListener {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  @OnEvent(domainEventChannel(IdentityEventTypes.GROUP_DELETED), { suppressErrors: false })
  async onGroupDeleted(event: DomainEvent): Promise<void> {
    const { groupId } = event.raw as unknown as GroupDeletedRaw;
    await this.txHost.tx.getRepository(IntegrationEntity).delete({ groupId });
  }
}
