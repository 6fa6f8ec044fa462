import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { SecretBox } from '../../../platform/crypto/secret-box';
import { newObjectId } from '../../../platform/ids/object-id';
import type { AlertResponse } from '../../alerting';
import { lockGroupMembership } from '../deliveries.locks';
import type { NotificationTarget } from '../notifiers';
import { AlertGroupingPolicyEntity } from './alert-grouping-policy.entity';
import { groupLabelsOf } from './grouping-keys';
import type { MemberEnding } from './notification-group-member.entity';
import { NotificationGroupsStore } from './notification-groups.store';

export interface GroupReceiver {
  notificationTypeName: string;
  targetType: string;
  recipient: string | null;
  target: NotificationTarget;
}

// How the notification policy hands alerts to groups: which projects group (their policy, read once
// per transaction), an alert joining the group of each of its receivers, an alert ending in its groups.
@Injectable()
export class NotificationGroups {
  // Per transaction: the grouping policy of each project looked at (null: none, or groupBy empty).
  private readonly policies = new WeakMap<object, Map<string, AlertGroupingPolicyEntity | null>>();
  // Per transaction: the projects whose membership lock it holds.
  private readonly locked = new WeakMap<object, Set<string>>();

  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly store: NotificationGroupsStore,
    private readonly secrets: SecretBox,
  ) {}

  async policyOf(groupId: string): Promise<AlertGroupingPolicyEntity | null> {
    const cache = this.perTransaction(
      this.policies,
      () => new Map<string, AlertGroupingPolicyEntity | null>(),
    );
    if (cache.has(groupId)) return cache.get(groupId) ?? null;
    const saved = await this.txHost.tx.getRepository(AlertGroupingPolicyEntity).findOneBy({ groupId });
    const policy = saved !== null && saved.groupBy.length > 0 ? saved : null;
    cache.set(groupId, policy);
    return policy;
  }

  // The alert joins the group of this receiver and its labels (created if none is under way).
  async join(
    policy: AlertGroupingPolicyEntity,
    alert: AlertResponse,
    intervalMin: number,
    receiver: GroupReceiver,
    orgId: string | null,
    now: Date,
  ): Promise<void> {
    await this.lockMembership(alert.groupId);
    const labels = groupLabelsOf(alert, policy.groupBy);
    const group = await this.store.upsertGroup({
      id: newObjectId(now),
      groupId: alert.groupId,
      orgId,
      // The target holds the receiver's secrets: only a keyed fingerprint of it is kept beside the labels.
      groupKey: this.secrets.fingerprint(JSON.stringify([receiver.target, labels])),
      labels,
      notificationTypeName: receiver.notificationTypeName,
      targetType: receiver.targetType,
      recipient: receiver.recipient,
      target: this.secrets.seal(JSON.stringify(receiver.target)),
      groupIntervalSeconds: policy.groupIntervalSeconds,
      repeatIntervalMinutes: policy.repeatIntervalMinutes,
      intervalMin,
      firstFlushAt: new Date(now.getTime() + policy.groupWaitSeconds * 1000),
      now,
    });
    const joined = await this.store.addMember(group.id, alert, now);
    if (joined && !group.inserted) await this.store.scheduleUpdate([group.id], now);
  }

  // Answers whether the alert was in a group; its groups then tell of its end in their next message.
  async end(alert: AlertResponse, kind: MemberEnding, now: Date): Promise<boolean> {
    if (!(await this.store.isMember(alert.id))) return false;
    await this.lockMembership(alert.groupId);
    const groups = await this.store.endMember(alert.id, kind, alert);
    await this.store.scheduleUpdate(groups, now);
    return groups.length > 0;
  }

  isMember(alertId: string): Promise<boolean> {
    return this.store.isMember(alertId);
  }

  private async lockMembership(groupId: string): Promise<void> {
    const locked = this.perTransaction(this.locked, () => new Set<string>());
    if (locked.has(groupId)) return;
    await lockGroupMembership(this.txHost.tx, groupId);
    locked.add(groupId);
  }

  // Outside a transaction nothing is kept: the default manager would keep it for good.
  private perTransaction<T>(map: WeakMap<object, T>, create: () => T): T {
    if (!this.txHost.isTransactionActive()) return create();
    const key: object = this.txHost.tx;
    let value = map.get(key);
    if (value === undefined) {
      value = create();
      map.set(key, value);
    }
    return value;
  }
}
