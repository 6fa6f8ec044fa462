import { Inject, Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { randomUUID } from 'node:crypto';
import { In } from 'typeorm';
import { ProjectDirectory } from '../../../platform/auth/principal';
import { Clock } from '../../../platform/clock/clock';
import type { AppConfig } from '../../../platform/config/app-config';
import { APP_CONFIG } from '../../../platform/config/config.module';
import { SecretBox } from '../../../platform/crypto/secret-box';
import type { DomainEventOf } from '../../../platform/events/domain-event';
import { OnDomainEvent } from '../../../platform/events/on-domain-event';
import { LookupMemo } from '../../../platform/collections/lookup-memo';
import { ApiError } from '../../../platform/http/api-error';
import { toIsoSeconds } from '../../../platform/http/timestamps';
import {
  ALERT_TRANSITIONED,
  ALERTS_RAISED,
  AlertConfigsService,
  AlertEventTypes,
  AlertInhibition,
  AlertsService,
  MaintenanceWindowsService,
  type AlertResponse,
  type AlertTransitionedEvent,
  type Inhibition,
  type Notification,
} from '../../alerting';
import type { AlertEventKind } from '../notifiers';
import { DeliveryQueue, type NewDelivery } from '../queue/delivery-queue';
import { NotificationScheduleEntity } from './notification-schedule.entity';
import { DeliveryAllowance } from './delivery-allowance';
import { NotificationSchedulesStore } from './notification-schedules.store';
import { Recipients } from './recipients';
import { NotificationGroups } from '../grouping/notification-groups';

const MINUTE_MS = 60_000;
const SWEEP_BATCH = 100;
// Rows of one INSERT of schedules: 17 columns each, under Postgres's 65,535 bound parameters.
const SCHEDULES_PER_INSERT = 2_000;

type NoticeKind = 'alert.close' | 'alert.cancel' | 'alert.acknowledge';

// Every receiver type has a resolved form of an alert: PagerDuty resolve, Opsgenie close, VictorOps
// RECOVERY, Datadog and New Relic events with the alert's new status, a Slack or Teams message, an e-mail,
// an SMS, the webhook's alert.close. A cancelled alert (its subject removed, its configuration disabled,
// its data stale) is an ending too: the webhook gets alert.cancel as in the product, and every other
// receiver its resolved form, so no incident stays open for an alert that no longer exists.
// An acknowledgement goes where the incident tool can acknowledge (PagerDuty acknowledge with the alert id
// as dedup_key, Opsgenie acknowledge by alias, VictorOps ACKNOWLEDGEMENT) and to webhooks
// (alert.acknowledge); people are not mailed about it.
const ENDING_RECEIVERS = new Set([
  'PAGER_DUTY',
  'OPS_GENIE',
  'VICTOR_OPS',
  'SLACK',
  'MICROSOFT_TEAMS',
  'DATADOG',
  'NEW_RELIC',
  'WEBHOOK',
  'EMAIL',
  'SMS',
]);
const NOTICE_RECEIVERS: Record<NoticeKind, ReadonlySet<string>> = {
  'alert.close': ENDING_RECEIVERS,
  'alert.cancel': ENDING_RECEIVERS,
  'alert.acknowledge': new Set(['PAGER_DUTY', 'OPS_GENIE', 'VICTOR_OPS', 'WEBHOOK']),
};

// When an OPEN alert notifies: each notification of its configuration first at created + delayMin (not
// before the alert opened), then every intervalMin while it stays OPEN (an informational alert, closed
// from the start, is sent once per notification at its delay, as alert.inform); never while acknowledged or while
// a maintenance window covers the alert (its type, and its host or replica set for a scoped window; a silenced notification goes out at the first sweep after
// the silence ends). Closing or cancelling sends the ending notice to the receivers that were notified;
// acknowledging sends the acknowledge notice to them (each acknowledgement, also one that extends
// acknowledgedUntil; withdrawing it sends nothing, re-notification simply resumes).
// Inhibition (beyond the product, see AlertInhibition): a due notification of an alert whose host is down
// (or unwatched) is logged once per inhibiting alert as a SUPPRESSED delivery to each receiver, and stays
// due: the first sweep after the inhibitor closes sends it if the alert is still open, as after a
// maintenance window, and re-notification resumes from there. A suppressed alert that closes meanwhile
// was never notified, so nothing follows it; endings and acknowledgements of an alert notified before its
// host went down still reach those receivers, so no incident stays open.
// One change of alerts (the transaction of an agent report, say) and one sweep each create at most
// NOTIFICATION_DELIVERY_LIMIT delivery rows per project (DeliveryAllowance): the notifications past it
// stay due, in notification order, for the next sweep. Endings and acknowledgements are never held back
// (nothing would send them later) but count against the limit; they only go to receivers already notified.
// What the notifications of one batch (the alerts one change raised, one sweep batch) send, written at its
// end in one statement per table: the deliveries, the schedules marked sent, the alerts marked notified.
// The batch's reads of windows, inhibitors and hosts are shared through `memo`.
interface Outbox {
  items: NewDelivery[];
  sent: Array<{ alertId: string; notificationIndexes: number[] }>;
  memo: LookupMemo;
}

function newOutbox(): Outbox {
  return { items: [], sent: [], memo: new LookupMemo() };
}

function informational(due: NotificationScheduleEntity[]): boolean {
  return due.some((schedule) => schedule.eventKind === 'alert.inform');
}

@Injectable()
export class NotificationPolicy {
  // Per transaction: what it may still enqueue, per project.
  private readonly allowances = new WeakMap<object, DeliveryAllowance>();
  // The notification of a schedule row written by this process, so a report's 1,000 new rows are not
  // decrypted and parsed again right after they were sealed.
  private readonly plain = new WeakMap<NotificationScheduleEntity, Notification>();

  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly alertConfigs: AlertConfigsService,
    private readonly alerts: AlertsService,
    private readonly windows: MaintenanceWindowsService,
    private readonly inhibition: AlertInhibition,
    private readonly projects: ProjectDirectory,
    private readonly recipients: Recipients,
    private readonly queue: DeliveryQueue,
    private readonly secrets: SecretBox,
    private readonly clock: Clock,
    private readonly scheduleStore: NotificationSchedulesStore,
    private readonly groups: NotificationGroups,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  // In the transaction of the alert's change: what is due now is enqueued with it.
  @OnEvent(ALERT_TRANSITIONED, { suppressErrors: false })
  async onTransition(event: AlertTransitionedEvent): Promise<void> {
    if (event.informational) await this.opened([event], 'alert.inform');
    else if (event.to === 'OPEN') await this.opened([event], 'alert.open');
    else if (event.to === 'CLOSED') await this.ended(event, 'alert.close');
    else if (event.to === 'CANCELLED') await this.ended(event, 'alert.cancel');
  }

  // The alerts one change raised: those raised OPEN notify as one batch (a TRACKING one waits for its sweep).
  @OnEvent(ALERTS_RAISED, { suppressErrors: false })
  async onRaised(events: AlertTransitionedEvent[]): Promise<void> {
    await this.opened(
      events.filter((event) => event.to === 'OPEN'),
      'alert.open',
    );
  }

  // ALERT_ACKNOWLEDGED_AUDIT is published in the acknowledgement's transaction, after the alert was saved.
  @OnDomainEvent(AlertEventTypes.ALERT_ACKNOWLEDGED_AUDIT, { suppressErrors: false })
  async onAcknowledged(event: DomainEventOf<'ALERT_ACKNOWLEDGED_AUDIT'>): Promise<void> {
    const alertId = event.subject?.alertId;
    if (alertId === undefined || event.groupId === undefined) return;
    const groupId = event.groupId;
    // A grouped alert is left out of its groups' next messages instead.
    if (await this.groups.isMember(alertId)) return;
    await this.noticeToNotified(
      alertId,
      'alert.acknowledge',
      () => this.alerts.document(groupId, alertId),
      event.orgId ?? null,
    );
  }

  // Looks for due (re-)notifications; returns how many notifications were sent to the queue.
  async runSweep(): Promise<number> {
    const run = randomUUID();
    const allowance = new DeliveryAllowance(this.config.notificationDeliveryLimit);
    let fired = 0;
    for (;;) {
      const batch = await this.sweepBatch(run, allowance);
      fired += batch.fired;
      if (batch.seen < SWEEP_BATCH) return fired;
    }
  }

  // The schedules of every alert (one INSERT for the lot), then what is due now, in the alerts' order.
  private async opened(
    events: readonly AlertTransitionedEvent[],
    eventKind: 'alert.open' | 'alert.inform',
  ): Promise<void> {
    const now = this.clock.now();
    const definitions = new LookupMemo();
    const planned: Array<{ event: AlertTransitionedEvent; rows: NotificationScheduleEntity[] }> = [];
    for (const event of events) {
      const { alert } = event;
      const config = await definitions.get(`${alert.groupId}:${alert.alertConfigId}`, () =>
        this.alertConfigs.definitionOf(alert.groupId, alert.alertConfigId),
      );
      if (!config) continue;
      const rows = config.notifications.map((notification, index) =>
        this.scheduleOf(event, notification, index, eventKind, now),
      );
      if (rows.length > 0) planned.push({ event, rows });
    }
    if (planned.length === 0) return;
    const rows = planned.flatMap((plan) => plan.rows);
    for (let start = 0; start < rows.length; start += SCHEDULES_PER_INSERT) {
      await this.schedules().insert(rows.slice(start, start + SCHEDULES_PER_INSERT));
    }
    const allowance = this.transactionAllowance();
    const outbox = newOutbox();
    if (planned.length > 1) {
      await this.inhibition.preload(
        planned.map(({ event }) => event.alert),
        outbox.memo,
      );
    }
    for (const { event, rows: scheduled } of planned) {
      const due = scheduled.filter((row) => row.nextDueAt.getTime() <= now.getTime());
      if (due.length > 0) await this.notify(due, event.alert, event.orgId, now, allowance, outbox);
    }
    await this.send(outbox, now);
  }

  private scheduleOf(
    event: AlertTransitionedEvent,
    notification: Notification,
    index: number,
    eventKind: 'alert.open' | 'alert.inform',
    now: Date,
  ): NotificationScheduleEntity {
    const { alert } = event;
    const row: NotificationScheduleEntity = {
      alertId: alert.id,
      notificationIndex: index,
      groupId: alert.groupId,
      alertConfigId: alert.alertConfigId,
      eventTypeName: alert.eventTypeName,
      eventKind,
      notification: this.secrets.seal(JSON.stringify(notification)),
      intervalMin: notification.intervalMin,
      nextDueAt: new Date(
        Math.max(event.at.getTime(), event.created.getTime() + notification.delayMin * MINUTE_MS),
      ),
      notifiedCount: 0,
      lastNotified: null,
      active: true,
      lastSweep: null,
      inhibitedBy: null,
      created: now,
      updated: now,
    };
    this.plain.set(row, notification);
    return row;
  }

  // The outbox's writes: the schedules sent, the deliveries (one NOTIFY), the alerts' lastNotified.
  private async send(outbox: Outbox, now: Date): Promise<void> {
    await this.scheduleStore.markSentMany(outbox.sent, now);
    await this.queue.enqueue(outbox.items);
    if (outbox.sent.length > 0) await this.alerts.markNotifiedMany(outbox.sent.map(({ alertId }) => alertId));
  }

  private async ended(event: AlertTransitionedEvent, kind: 'alert.close' | 'alert.cancel'): Promise<void> {
    const active = { alertId: event.alert.id, active: true };
    const locked = await this.schedules().find({ where: active, lock: { mode: 'pessimistic_write' } });
    if (locked.length === 0) return;
    // A grouped alert's ending goes out in its groups' next messages.
    const grouped = await this.groups.end(event.alert, kind, this.clock.now());
    if (!grouped) {
      await this.noticeToNotified(event.alert.id, kind, () => Promise.resolve(event.alert), event.orgId);
    }
    await this.schedules().update(active, { active: false, updated: this.clock.now() });
  }

  // The notice goes to the receivers of every notification that has already notified this alert. The
  // alert is read only when one has: a statement fewer per acknowledgement of an alert not notified yet.
  private async noticeToNotified(
    alertId: string,
    kind: NoticeKind,
    alertOf: () => Promise<AlertResponse>,
    orgId: string | null,
  ): Promise<void> {
    const notified = (await this.scheduleStore.activeOf(alertId)).filter((row) => row.notifiedCount > 0);
    // An empty enqueue writes nothing.
    if (notified.length === 0) return;
    const alert = await alertOf();
    const items: NewDelivery[] = [];
    for (const schedule of notified) {
      const receivers = await this.recipients.resolve(this.notificationOf(schedule), schedule.groupId, orgId);
      for (const receiver of receivers) {
        if (receiver.target === null || !NOTICE_RECEIVERS[kind].has(receiver.targetType)) continue;
        items.push(this.delivery(schedule, receiver, kind, alert, orgId));
      }
    }
    this.transactionAllowance().charge(alert.groupId, items.length);
    await this.queue.enqueue(items);
  }

  private transactionAllowance(): DeliveryAllowance {
    const limit = this.config.notificationDeliveryLimit;
    if (!this.txHost.isTransactionActive()) return new DeliveryAllowance(limit);
    let allowance = this.allowances.get(this.txHost.tx);
    if (allowance === undefined) {
      allowance = new DeliveryAllowance(limit);
      this.allowances.set(this.txHost.tx, allowance);
    }
    return allowance;
  }

  @Transactional()
  private async sweepBatch(
    run: string,
    allowance: DeliveryAllowance,
  ): Promise<{ seen: number; fired: number }> {
    const now = this.clock.now();
    // Row locks held until this batch commits: another instance's sweep skips these rows.
    const picked = await this.scheduleStore.claimDue(run, now, SWEEP_BATCH);
    if (picked.length === 0) return { seen: 0, fired: 0 };
    const rows = await this.schedules().find({
      where: { alertId: In([...new Set(picked.map((row) => row.alert_id))]), active: true, lastSweep: run },
      order: { alertId: 'ASC', notificationIndex: 'ASC' },
    });
    let fired = 0;
    const outbox = newOutbox();
    for (const alertId of new Set(rows.map((row) => row.alertId))) {
      const due = rows.filter((row) => row.alertId === alertId);
      const alert = await this.currentAlert(due[0].groupId, alertId);
      const informational = due[0].eventKind === 'alert.inform';
      if (alert === null || (!informational && alert.status !== 'OPEN')) {
        await this.schedules().update({ alertId, active: true }, { active: false, updated: now });
        continue;
      }
      fired += await this.notify(
        due,
        alert,
        await this.projects.orgOf(alert.groupId),
        now,
        allowance,
        outbox,
      );
    }
    await this.send(outbox, now);
    return { seen: picked.length, fired };
  }

  // The silences first (acknowledgement, maintenance window, inhibition); then the due notifications are
  // enqueued in order while the allowance lasts (the rest stay due). Answers how many were sent.
  private async notify(
    due: NotificationScheduleEntity[],
    alert: AlertResponse,
    orgId: string | null,
    now: Date,
    allowance: DeliveryAllowance,
    outbox: Outbox,
  ): Promise<number> {
    // GET one alert shows acknowledgedUntil only while it is in the future.
    if (alert.acknowledgedUntil !== undefined) return 0;
    if ((await this.windows.silencing(alert, now, outbox.memo)).length > 0) return 0;
    const inhibitor = await this.inhibition.inhibitorOf(alert, outbox.memo);
    if (inhibitor !== null) {
      await this.suppress(due, alert, inhibitor, orgId, now, allowance, outbox);
      return 0;
    }
    const document: AlertResponse = { ...alert, lastNotified: toIsoSeconds(now) };
    // With a grouping policy, an open alert joins the group of each receiver it can reach instead; the
    // group's messages carry it (grouping/group-flusher.ts). Informational alerts stay single.
    const grouping = informational(due) ? null : await this.groups.policyOf(alert.groupId);
    const items = outbox.items;
    const sent: number[] = [];
    for (const schedule of due) {
      const notification = this.notificationOf(schedule);
      const receivers = await this.recipients.resolve(notification, alert.groupId, orgId);
      if (!allowance.take(alert.groupId, receivers.length)) break;
      for (const receiver of receivers) {
        if (grouping !== null && receiver.target !== null) {
          const groupReceiver = {
            ...receiver,
            target: receiver.target,
            notificationTypeName: notification.typeName,
          };
          await this.groups.join(grouping, alert, schedule.intervalMin, groupReceiver, orgId, now);
        } else {
          items.push(this.delivery(schedule, receiver, schedule.eventKind, document, orgId));
        }
      }
      sent.push(schedule.notificationIndex);
    }
    if (sent.length === 0) return 0;
    outbox.sent.push({ alertId: alert.id, notificationIndexes: sent });
    return sent.length;
  }

  // Logged once per inhibiting alert; the schedule keeps its due time, so it is sent once nothing inhibits it.
  private async suppress(
    due: NotificationScheduleEntity[],
    alert: AlertResponse,
    inhibitor: Inhibition,
    orgId: string | null,
    now: Date,
    allowance: DeliveryAllowance,
    outbox: Outbox,
  ): Promise<void> {
    const items = outbox.items;
    for (const schedule of due.filter((row) => row.inhibitedBy !== inhibitor.alertId)) {
      const receivers = await this.recipients.resolve(this.notificationOf(schedule), alert.groupId, orgId);
      if (!allowance.take(alert.groupId, receivers.length)) break;
      items.push(
        ...receivers.map((receiver) => ({
          ...this.delivery(schedule, receiver, schedule.eventKind, alert, orgId),
          suppression: { by: inhibitor.alertId, reason: inhibitor.reason },
        })),
      );
      await this.schedules().update(
        { alertId: schedule.alertId, notificationIndex: schedule.notificationIndex },
        { inhibitedBy: inhibitor.alertId, updated: now },
      );
    }
  }

  private delivery(
    schedule: NotificationScheduleEntity,
    receiver: Awaited<ReturnType<Recipients['resolve']>>[number],
    eventKind: AlertEventKind,
    alert: AlertResponse,
    orgId: string | null,
  ): NewDelivery {
    return {
      groupId: schedule.groupId,
      alertId: schedule.alertId,
      alertConfigId: schedule.alertConfigId,
      notificationIndex: schedule.notificationIndex,
      notificationTypeName: this.notificationOf(schedule).typeName,
      targetType: receiver.targetType,
      recipient: receiver.recipient,
      target: receiver.target,
      problem: receiver.problem,
      eventKind,
      alert,
      context: orgId === null ? {} : { orgId },
    };
  }

  private async currentAlert(groupId: string, alertId: string): Promise<AlertResponse | null> {
    try {
      return await this.alerts.document(groupId, alertId);
    } catch (error) {
      // The alert or its project is gone: nothing left to notify about.
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  }

  private notificationOf(schedule: NotificationScheduleEntity): Notification {
    const known = this.plain.get(schedule);
    if (known !== undefined) return known;
    return JSON.parse(this.secrets.open(schedule.notification)) as Notification;
  }

  private schedules() {
    return this.txHost.tx.getRepository(NotificationScheduleEntity);
  }
}
