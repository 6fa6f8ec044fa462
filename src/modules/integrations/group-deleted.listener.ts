import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { DomainEventOf } from '../../platform/events/domain-event';
import { OnDomainEvent } from '../../platform/events/on-domain-event';
import { IdentityEventTypes } from '../identity';
import { IntegrationEntity } from './configurations/integration.entity';

// A deleted project's third-party integrations (and the secrets they hold) go in the deleting
// transaction (suppressErrors: false): a failure here leaves the project whole.
@Injectable()
export class IntegrationsGroupDeletedListener {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  @OnDomainEvent(IdentityEventTypes.GROUP_DELETED, { suppressErrors: false })
  async onGroupDeleted(event: DomainEventOf<'GROUP_DELETED'>): Promise<void> {
    const { groupId } = event.raw;
    await this.txHost.tx.getRepository(IntegrationEntity).delete({ groupId });
  }
}
