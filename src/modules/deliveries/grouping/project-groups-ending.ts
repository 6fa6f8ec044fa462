import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In, IsNull, Not } from 'typeorm';
import { toIsoSeconds } from '../../../platform/http/timestamps';
import type { AlertResponse } from '../../alerting';
import { lockGroupMembership } from '../deliveries.locks';
import type { NewDelivery } from '../queue/delivery-queue';
import { DeliveryStore } from '../queue/delivery.store';
import { AlertGroupingPolicyEntity } from './alert-grouping-policy.entity';
import { GroupFlusher } from './group-flusher';
import { NotificationGroupMemberEntity } from './notification-group-member.entity';
import { NotificationGroupEntity } from './notification-group.entity';

// A group's final message, and until when it must wait for a message of the group still in flight.
export interface GroupEnding {
  delivery: NewDelivery;
  busyUntil: Date | null;
}

// What deleting a project does to its notification groups. A group whose receiver was told of alerts it
// was never told had ended sends one last message, in the form of its others (GroupFlusher.message), that
// carries each of them as ended: as it ended when the group knows, cancelled otherwise. Its status is
// CLOSED, so the receiver resolves what the group opened (PagerDuty resolves the incident of the group's
// dedup_key, a webhook gets an alert.group document whose alerts have all ended). Then the policy, the
// groups and their members go. The alerts are read from the group's own messages in the delivery log, as
// the alerting context may already have dropped them.
@Injectable()
export class ProjectGroupsEnding {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly flusher: GroupFlusher,
    private readonly deliveries: DeliveryStore,
  ) {}

  // Read from the delivery log: call before the log goes. The groups stay locked until the deletion
  // commits: a flush under way is waited for (its message then counts), a later one finds nothing.
  async endings(groupId: string, now: Date): Promise<GroupEnding[]> {
    await lockGroupMembership(this.txHost.tx, groupId);
    const groups = await this.groups().find({
      where: { groupId },
      order: { id: 'ASC' },
      lock: { mode: 'pessimistic_write' },
    });
    if (groups.length === 0) return [];
    const byId = new Map(groups.map((group) => [group.id, group]));
    const told = (await this.deliveries.groupsToldOpen(groupId)).filter((group) =>
      byId.has(group.notificationGroupId),
    );
    if (told.length === 0) return [];
    // Alerts that ended since the group's last message: it holds them as they ended.
    const endedMembers = await this.members().find({
      where: {
        notificationGroupId: In(told.map((group) => group.notificationGroupId)),
        endedAlert: Not(IsNull()),
      },
    });
    const endedAs = new Map(
      endedMembers.map((member) => [`${member.notificationGroupId}/${member.alertId}`, member.endedAlert]),
    );
    const updated = toIsoSeconds(now);
    return told.flatMap(({ notificationGroupId, alerts, context, busyUntil }) => {
      const group = byId.get(notificationGroupId);
      if (group === undefined) return [];
      const ended = alerts.map(
        ({ alert, ended: known }): AlertResponse =>
          (known ? alert : endedAs.get(`${group.id}/${alert.id}`)) ?? {
            ...alert,
            status: 'CANCELLED',
            updated,
          },
      );
      const message = this.flusher.message(group, { open: [], ended, fresh: [] }, now);
      // The project is gone when the queue would look its names up: the group's last message has them.
      return [{ delivery: { ...message, context }, busyUntil }];
    });
  }

  async remove(groupId: string): Promise<void> {
    const groups = await this.groups().find({ select: { id: true }, where: { groupId } });
    if (groups.length > 0) {
      const ids = groups.map((group) => group.id);
      await this.members().delete({ notificationGroupId: In(ids) });
      await this.groups().delete({ id: In(ids) });
    }
    await this.txHost.tx.getRepository(AlertGroupingPolicyEntity).delete({ groupId });
  }

  private groups() {
    return this.txHost.tx.getRepository(NotificationGroupEntity);
  }

  private members() {
    return this.txHost.tx.getRepository(NotificationGroupMemberEntity);
  }
}
