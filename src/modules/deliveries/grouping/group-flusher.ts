import { Injectable } from '@nestjs/common';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import { SecretBox } from '../../../platform/crypto/secret-box';
import { ApiError } from '../../../platform/http/api-error';
import { toIsoSeconds } from '../../../platform/http/timestamps';
import {
  AlertInhibition,
  AlertsService,
  MaintenanceWindowsService,
  type AlertResponse,
} from '../../alerting';
import type { NotificationTarget } from '../notifiers';
import { DeliveryQueue, type NewDelivery } from '../queue/delivery-queue';
import { GROUP_EVENT_KIND, type GroupDocument } from './group-document';
import { NotificationGroupMemberEntity } from './notification-group-member.entity';
import { NotificationGroupEntity } from './notification-group.entity';
import { NotificationGroupsStore } from './notification-groups.store';

const FLUSH_BATCH = 50;
const MINUTE_MS = 60_000;

interface Sorted {
  // Open, neither acknowledged nor in a maintenance window nor inhibited: what the message carries.
  open: Array<{ member: NotificationGroupMemberEntity; alert: AlertResponse }>;
  // Open but silenced, or no longer open with its ending not yet recorded: left out, looked at again.
  held: number;
  // Ended since the group's last message, after a message carried them open.
  ended: NotificationGroupMemberEntity[];
  // Alerts (or their project) no longer there: they leave the group untold.
  vanished: string[];
}

// What one group message carries (at least one alert).
export interface GroupMessageAlerts {
  open: AlertResponse[];
  // Ended since the group's previous message, as they ended.
  ended: AlertResponse[];
  // Ids of the open alerts no message of the group carried before.
  fresh: string[];
}

// Sends what is due of each notification group: its first message (group_wait after its first alert),
// an update when alerts joined or ended (group_interval after its last message), a repeat of an unchanged
// group with open alerts (repeat interval). The group rows are claimed FOR UPDATE SKIP LOCKED and the
// message is queued in the same transaction that records it: two instances never send one message twice.
// A group whose alerts have all ended, and been told, is removed: the next alert with its keys opens a
// new group (a new incident).
@Injectable()
export class GroupFlusher {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly store: NotificationGroupsStore,
    private readonly alerts: AlertsService,
    private readonly windows: MaintenanceWindowsService,
    private readonly inhibition: AlertInhibition,
    private readonly queue: DeliveryQueue,
    private readonly secrets: SecretBox,
    private readonly clock: Clock,
  ) {}

  // Answers how many group messages were queued.
  async runDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await this.flushBatch();
      sent += batch.sent;
      if (batch.seen < FLUSH_BATCH) return sent;
    }
  }

  @Transactional()
  private async flushBatch(): Promise<{ seen: number; sent: number }> {
    const now = this.clock.now();
    const ids = await this.store.claimDue(now, FLUSH_BATCH);
    if (ids.length === 0) return { seen: 0, sent: 0 };
    const groups = await this.groups().find({ where: { id: In(ids) }, order: { id: 'ASC' } });
    let sent = 0;
    for (const group of groups) if (await this.flush(group, now)) sent += 1;
    return { seen: ids.length, sent };
  }

  private async flush(group: NotificationGroupEntity, now: Date): Promise<boolean> {
    const members = await this.members().find({
      where: { notificationGroupId: group.id },
      order: { joined: 'ASC', alertId: 'ASC' },
    });
    const sorted = await this.sort(group, members, now);
    const fresh = sorted.open.filter(({ member }) => !member.told);
    const repeatAt = group.lastSentAt && group.lastSentAt.getTime() + group.repeatIntervalMinutes * MINUTE_MS;
    const repeatDue = sorted.open.length > 0 && repeatAt !== null && repeatAt <= now.getTime();
    const send = fresh.length > 0 || sorted.ended.length > 0 || repeatDue;
    if (send) await this.enqueue(group, sorted, fresh, now);

    const gone = [
      ...members.filter((member) => member.endedKind !== null).map((member) => member.alertId),
      ...sorted.vanished,
    ];
    if (gone.length > 0) await this.members().delete({ notificationGroupId: group.id, alertId: In(gone) });
    if (members.length === gone.length) {
      await this.groups().delete({ id: group.id });
      return send;
    }
    const told = sorted.open.filter(({ member }) => !member.told).map(({ member }) => member.alertId);
    if (send && told.length > 0) {
      await this.members().update({ notificationGroupId: group.id, alertId: In(told) }, { told: true });
    }
    const lastSentAt = send ? now : group.lastSentAt;
    await this.groups().update(
      { id: group.id },
      {
        nextFlushAt: this.nextFlush(group, sorted, lastSentAt, now),
        ...(send ? { lastSentAt: now, messagesSent: group.messagesSent + 1 } : {}),
        updated: now,
      },
    );
    return send;
  }

  // A group with open alerts repeats; one holding silenced alerts is looked at again after
  // group_interval, so an alert whose silence ended (acknowledgement expired, window over) goes out.
  private nextFlush(
    group: NotificationGroupEntity,
    sorted: Sorted,
    lastSentAt: Date | null,
    now: Date,
  ): Date | null {
    const candidates: number[] = [];
    if (sorted.open.length > 0 && lastSentAt !== null) {
      candidates.push(lastSentAt.getTime() + group.repeatIntervalMinutes * MINUTE_MS);
    }
    if (sorted.held > 0) candidates.push(now.getTime() + group.groupIntervalSeconds * 1000);
    return candidates.length === 0 ? null : new Date(Math.min(...candidates));
  }

  // The group's alerts are read, and their silences looked up, for the lot at once: a storm's group
  // holds hundreds of alerts, and one read each kept its message seconds late.
  private async sort(
    group: NotificationGroupEntity,
    members: NotificationGroupMemberEntity[],
    now: Date,
  ): Promise<Sorted> {
    const sorted: Sorted = { open: [], held: 0, ended: [], vanished: [] };
    const current = members.filter((member) => member.endedKind === null);
    for (const member of members) if (member.endedKind !== null && member.told) sorted.ended.push(member);
    const alerts = await this.currentAlerts(
      group.groupId,
      current.map((member) => member.alertId),
    );
    const open: Sorted['open'] = [];
    for (const member of current) {
      const alert = alerts.get(member.alertId);
      if (alert === undefined) sorted.vanished.push(member.alertId);
      // GET one alert shows acknowledgedUntil only while it is in the future.
      else if (alert.status === 'OPEN' && alert.acknowledgedUntil === undefined) open.push({ member, alert });
      else sorted.held += 1;
    }
    const silenced = await this.silenced(
      open.map(({ alert }) => alert),
      now,
    );
    open.forEach((entry, index) => {
      if (silenced[index]) sorted.held += 1;
      else sorted.open.push(entry);
    });
    return sorted;
  }

  // Whether each alert is in a maintenance window or inhibited, in their order.
  private async silenced(alerts: AlertResponse[], now: Date): Promise<boolean[]> {
    const windows = await this.windows.silencingAll(alerts, now);
    const unsilenced = alerts.filter((_, index) => windows[index].length === 0);
    const inhibitors = await this.inhibition.inhibitorsOf(unsilenced);
    const inhibited = new Set(unsilenced.filter((_, index) => inhibitors[index] !== null));
    return alerts.map((alert, index) => windows[index].length > 0 || inhibited.has(alert));
  }

  private async enqueue(
    group: NotificationGroupEntity,
    sorted: Sorted,
    fresh: Sorted['open'],
    now: Date,
  ): Promise<void> {
    const ended = sorted.ended.flatMap((member) => (member.endedAlert === null ? [] : [member.endedAlert]));
    await this.queue.enqueue([
      this.message(
        group,
        {
          open: sorted.open.map(({ alert }) => alert),
          ended,
          fresh: fresh.map(({ alert }) => alert.id),
        },
        now,
      ),
    ]);
    await this.alerts.markNotifiedMany(sorted.open.map(({ alert }) => alert.id));
  }

  // The queue row of one message of the group: the open alerts it carries (notified now), the alerts it
  // tells as ended, and which of the open ones it is the first to carry. Also the final message a
  // deleted project's group sends (project-groups-ending.ts), so both have one form.
  message(group: NotificationGroupEntity, carried: GroupMessageAlerts, now: Date): NewDelivery {
    const alerts = [
      ...carried.open.map((alert) => ({ ...alert, lastNotified: toIsoSeconds(now) })),
      ...carried.ended,
    ];
    const document: GroupDocument = {
      groupKey: group.id,
      groupId: group.groupId,
      groupLabels: group.labels,
      status: carried.open.length > 0 ? 'OPEN' : 'CLOSED',
      sequence: group.messagesSent + 1,
      alerts,
      newAlertIds: carried.fresh,
      resolvedAlertIds: carried.ended.map((alert) => alert.id),
      created: toIsoSeconds(group.created),
      updated: toIsoSeconds(now),
    };
    return {
      groupId: group.groupId,
      alertId: alerts[0].id,
      alertConfigId: alerts[0].alertConfigId,
      notificationIndex: null,
      notificationTypeName: group.notificationTypeName,
      targetType: group.targetType,
      recipient: group.recipient,
      target: JSON.parse(this.secrets.open(group.target)) as NotificationTarget,
      eventKind: GROUP_EVENT_KIND,
      alert: document,
      context: group.orgId === null ? {} : { orgId: group.orgId },
      notificationGroup: { id: group.id, alertIds: alerts.map((alert) => alert.id) },
    };
  }

  // The group's alerts still there, by id (none when its project is gone).
  private async currentAlerts(groupId: string, alertIds: string[]): Promise<Map<string, AlertResponse>> {
    if (alertIds.length === 0) return new Map();
    try {
      return await this.alerts.documents(groupId, alertIds);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return new Map();
      throw error;
    }
  }

  private groups() {
    return this.txHost.tx.getRepository(NotificationGroupEntity);
  }

  private members() {
    return this.txHost.tx.getRepository(NotificationGroupMemberEntity);
  }
}
