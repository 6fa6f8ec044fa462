import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { DomainEventOf } from '../../platform/events/domain-event';
import { OnDomainEvent } from '../../platform/events/on-domain-event';
import { IdentityEventTypes } from '../identity';
import { AlertConfigEntity } from './alert-configs/alert-config.entity';
import { AlertEntity } from './alerts/alert.entity';
import { EnabledConfigsCache } from './engine/enabled-configs.cache';
import { MaintenanceWindowEntity } from './maintenance-windows/maintenance-window.entity';

// A deleted project's alert configurations, alerts and maintenance windows go in the deleting
// transaction (suppressErrors: false): a failure here leaves the project whole.
@Injectable()
export class AlertingGroupDeletedListener {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly enabledConfigs: EnabledConfigsCache,
  ) {}

  @OnDomainEvent(IdentityEventTypes.GROUP_DELETED, { suppressErrors: false })
  async onGroupDeleted(event: DomainEventOf<'GROUP_DELETED'>): Promise<void> {
    const { groupId } = event.raw;
    const tx = this.txHost.tx;
    await tx.getRepository(AlertEntity).delete({ groupId });
    await tx.getRepository(AlertConfigEntity).delete({ groupId });
    await tx.getRepository(MaintenanceWindowEntity).delete({ groupId });
    this.enabledConfigs.invalidate(groupId);
  }
}
