import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { DomainEventOf } from '../../../platform/events/domain-event';
import { OnDomainEvent } from '../../../platform/events/on-domain-event';
import { IntegrationEventTypes } from '../../integrations';
import { AlertingErrors } from '../alerting.errors';
import { AlertConfigEntity } from './alert-config.entity';
import { projectIntegrationOf } from './notification-rules';

// An integration that notifications are sent with (they carry no target of their own) is not removed:
// the refusal is thrown in the removing transaction (suppressErrors: false), which rolls it back. The
// product refuses it for WEBHOOK; every integration-backed type follows the same rule.
@Injectable()
export class IntegrationRemovedListener {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  @OnDomainEvent(IntegrationEventTypes.INTEGRATION_REMOVED, { suppressErrors: false })
  async onRemoved(event: DomainEventOf<'INTEGRATION_REMOVED'>): Promise<void> {
    const { integrationType } = event.raw;
    if (event.groupId === undefined) return;
    const configs = await this.txHost.tx.getRepository(AlertConfigEntity).find({
      select: { id: true, notifications: true },
      where: { groupId: event.groupId },
      order: { created: 'ASC' },
    });
    const user = configs.find((config) =>
      config.notifications.some((notification) => projectIntegrationOf(notification) === integrationType),
    );
    if (user === undefined) return;
    throw integrationType === 'WEBHOOK'
      ? AlertingErrors.WEBHOOK_NOTIFICATIONS_PRESENT(user.id)
      : AlertingErrors.INTEGRATION_NOTIFICATIONS_PRESENT(integrationType, user.id);
  }
}
