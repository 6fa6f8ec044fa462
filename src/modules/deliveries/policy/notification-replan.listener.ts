import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Clock } from '../../../platform/clock/clock';
import { SecretBox } from '../../../platform/crypto/secret-box';
import type { DomainEventOf } from '../../../platform/events/domain-event';
import { OnDomainEvent } from '../../../platform/events/on-domain-event';
import { AlertConfigEventTypes, AlertConfigsService, AlertsService, type Notification } from '../../alerting';
import { replannedDueAt } from './notification-replan';
import { NotificationScheduleEntity } from './notification-schedule.entity';

// A replaced configuration keeps the open alerts whose condition still holds (the alerting context
// reconciles them in the same transaction); their notifications take the new delayMin and intervalMin
// from the next one (notification-replan.ts). A schedule the notification sweep holds at this moment is
// skipped: it is being sent now, and keeps its old interval until the next one.
@Injectable()
export class NotificationReplanListener {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly alertConfigs: AlertConfigsService,
    private readonly alerts: AlertsService,
    private readonly secrets: SecretBox,
    private readonly clock: Clock,
  ) {}

  @OnDomainEvent(AlertConfigEventTypes.ALERT_CONFIG_CHANGED_AUDIT, { suppressErrors: false })
  async onConfigChanged(event: DomainEventOf<'ALERT_CONFIG_CHANGED_AUDIT'>): Promise<void> {
    const groupId = event.groupId;
    const alertConfigId = event.subject?.alertConfigId;
    if (alertConfigId === undefined) return;
    const schedules = await this.schedules().find({
      where: { alertConfigId, active: true, eventKind: 'alert.open' },
      order: { alertId: 'ASC', notificationIndex: 'ASC' },
      lock: { mode: 'pessimistic_write', onLocked: 'skip_locked' },
    });
    if (schedules.length === 0) return;
    // A global configuration's event names no project: its notifications are the same in every project,
    // read through the project of one of its alerts.
    const config = await this.alertConfigs.definitionOf(groupId ?? schedules[0].groupId, alertConfigId);
    if (config === null) return;
    const now = this.clock.now();
    const created = new Map<string, Date>();
    for (const schedule of schedules) {
      if (!created.has(schedule.alertId)) {
        const alert = await this.alerts.get(schedule.groupId, schedule.alertId);
        created.set(schedule.alertId, new Date(alert.created));
      }
      const sent = JSON.parse(this.secrets.open(schedule.notification)) as Notification;
      const replacement = config.notifications[schedule.notificationIndex];
      const nextDueAt = replannedDueAt(schedule, sent, replacement, created.get(schedule.alertId) as Date);
      if (nextDueAt === undefined || replacement === undefined) continue;
      await this.schedules().update(
        { alertId: schedule.alertId, notificationIndex: schedule.notificationIndex },
        { intervalMin: replacement.intervalMin, nextDueAt, updated: now },
      );
    }
  }

  private schedules() {
    return this.txHost.tx.getRepository(NotificationScheduleEntity);
  }
}
