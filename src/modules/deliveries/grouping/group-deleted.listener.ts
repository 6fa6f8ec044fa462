import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In } from 'typeorm';
import type { DomainEventOf } from '../../../platform/events/domain-event';
import { OnDomainEvent } from '../../../platform/events/on-domain-event';
import { IdentityEventTypes } from '../../identity';
import { AlertGroupingPolicyEntity } from './alert-grouping-policy.entity';
import { NotificationGroupMemberEntity } from './notification-group-member.entity';
import { NotificationGroupEntity } from './notification-group.entity';

// A deleted project's grouping policy and notification groups go with it, in the deleting transaction.
@Injectable()
export class GroupingGroupDeletedListener {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  @OnDomainEvent(IdentityEventTypes.GROUP_DELETED, { suppressErrors: false })
  async onGroupDeleted(event: DomainEventOf<'GROUP_DELETED'>): Promise<void> {
    const { groupId } = event.raw;
    const tx = this.txHost.tx;
    const groups = await tx
      .getRepository(NotificationGroupEntity)
      .find({ select: { id: true }, where: { groupId } });
    if (groups.length > 0) {
      const ids = groups.map((group) => group.id);
      await tx.getRepository(NotificationGroupMemberEntity).delete({ notificationGroupId: In(ids) });
      await tx.getRepository(NotificationGroupEntity).delete({ id: In(ids) });
    }
    await tx.getRepository(AlertGroupingPolicyEntity).delete({ groupId });
  }
}
