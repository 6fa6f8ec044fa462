import { Injectable } from '@nestjs/common';
import { Clock } from '../../platform/clock/clock';
import type { DomainEventOf } from '../../platform/events/domain-event';
import { OnDomainEvent } from '../../platform/events/on-domain-event';
import { toIsoSeconds } from '../../platform/http/timestamps';
import { IdentityEventTypes } from '../identity';
import { ProjectGroupsEnding, type GroupEnding } from './grouping/project-groups-ending';
import { DeliveryQueue, type NewDelivery } from './queue/delivery-queue';
import { NotificationSchedulesStore } from './policy/notification-schedules.store';
import { DeliveryStore } from './queue/delivery.store';
import { ToldReceiversReadModelStore, type ToldReceiver } from './queue/told-receivers-read-model.store';

// A deleted project's open alerts end with it: every receiver told of an opening gets alert.cancel in its
// own form (the webhook's alert.cancel, PagerDuty's resolve, ...), as when an alert is cancelled, and every
// notification group that told its receiver of alerts sends a last message carrying them as ended
// (project-groups-ending.ts), so no incident stays open elsewhere. Those notices, and the endings already
// queued, are kept and sent after the project is gone (the worker needs nothing but the row); the rest of
// the project's delivery log, its queued openings, its schedules, grouping policy and groups go.
// Everything is built from this context's own rows, as the other contexts may already have dropped
// theirs, and in the deleting transaction (suppressErrors: false): a failure here leaves the project
// whole. One listener does it all, in this order: the notices are read from the log before it goes.
@Injectable()
export class DeliveriesGroupDeletedListener {
  constructor(
    private readonly toldReceivers: ToldReceiversReadModelStore,
    private readonly deliveries: DeliveryStore,
    private readonly schedules: NotificationSchedulesStore,
    private readonly groups: ProjectGroupsEnding,
    private readonly queue: DeliveryQueue,
    private readonly clock: Clock,
  ) {}

  @OnDomainEvent(IdentityEventTypes.GROUP_DELETED, { suppressErrors: false })
  async onGroupDeleted(event: DomainEventOf<'GROUP_DELETED'>): Promise<void> {
    const { groupId } = event.raw;
    const now = this.clock.now();
    // Schedules, then group membership and group rows: the order an alert's change takes them in.
    const told = await this.toldReceivers.toldOfOpenAlerts(groupId);
    const groupEndings = await this.groups.endings(groupId, now);
    await this.deliveries.removeAllButPendingEndings(groupId);
    await this.schedules.removeOfProject(groupId);
    await this.groups.remove(groupId);
    const updated = toIsoSeconds(now);
    const endings: GroupEnding[] = [
      ...told.map((receiver) => ({
        delivery: this.cancellation(groupId, receiver, updated),
        busyUntil: receiver.busyUntil,
      })),
      ...groupEndings,
    ];
    const queued = await this.queue.enqueue(endings.map((ending) => ending.delivery));
    // A message still in flight could reach the receiver after the ending (a PagerDuty incident then
    // opens for good): the ending waits until that attempt's lease has ended.
    for (const [index, { busyUntil }] of endings.entries()) {
      if (busyUntil !== null && busyUntil > now)
        await this.deliveries.deferUntil(queued[index].id, busyUntil);
    }
  }

  private cancellation(groupId: string, receiver: ToldReceiver, updated: string): NewDelivery {
    return {
      groupId,
      alertId: receiver.alertId,
      alertConfigId: receiver.alertConfigId,
      notificationIndex: receiver.notificationIndex,
      notificationTypeName: receiver.notificationTypeName,
      targetType: receiver.targetType,
      recipient: receiver.recipient,
      target: this.queue.targetOf(receiver),
      eventKind: 'alert.cancel',
      alert: { ...receiver.alert, status: 'CANCELLED', updated },
      context: receiver.context,
    };
  }
}
