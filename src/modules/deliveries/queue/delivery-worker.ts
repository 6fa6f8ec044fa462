import { Inject, Injectable, Logger } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { randomUUID } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import { Clock } from '../../../platform/clock/clock';
import type { AppConfig } from '../../../platform/config/app-config';
import { APP_CONFIG } from '../../../platform/config/config.module';
import { EventPublisher } from '../../../platform/events/event-publisher';
import { NotifierRegistry, type AlertEventKind, type NotifyResult } from '../notifiers';
import { DeliveryEventTypes } from '../deliveries.events';
import { isGroupDocument } from '../grouping/group-document';
import { GroupMessageSender } from '../grouping/group-message-sender';
import { DeliveryQueue } from './delivery-queue';
import { DeliveryMetrics } from './delivery.metrics';
import type { DeliveryEntity } from './delivery.entity';
import { nextStep, type NextStep } from './retry-policy';

// Makes one attempt of each due delivery, at most DELIVERY_CONCURRENCY at once per instance,
// DELIVERY_ORG_CONCURRENCY per organization and DELIVERY_PROJECT_CONCURRENCY per project across instances.
// Slots are refilled as soon as an attempt ends and on every poll, never by waiting for a whole batch: a
// batch held by one tenant's receiver that never answers would otherwise stall every other tenant until
// the timeouts run out.
// Claims commit before the notifier is called, so no lock is held over the network; the lease
// (DELIVERY_LEASE_MS, by default 2 x OUTBOUND_TIMEOUT_MS + 30 s) outlasts the notifier's own timeout,
// and a crash between the call and its record means the row is tried again once the lease lapses
// (at-least-once).
@Injectable()
export class DeliveryWorker {
  private readonly logger = new Logger(DeliveryWorker.name);
  // One per process: what the leases of this instance are taken under.
  private readonly owner = randomUUID();
  private stopped = false;
  // Attempts under way, by delivery id; each settles (records its attempt) before leaving.
  private readonly inFlight = new Map<string, Promise<void>>();
  // Claims run one at a time per instance; each sees the slots the previous one took.
  private claiming: Promise<number> = Promise.resolve(0);
  private started = 0;

  constructor(
    private readonly queue: DeliveryQueue,
    private readonly notifiers: NotifierRegistry,
    private readonly events: EventPublisher,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: DeliveryMetrics,
    private readonly groupMessages: GroupMessageSender,
  ) {}

  // Shutdown: claim nothing more; the attempts in hand are still made and recorded.
  stop(): void {
    this.stopped = true;
  }

  // Resolves once every attempt under way is recorded.
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight.values()]);
  }

  get attemptsInFlight(): number {
    return this.inFlight.size;
  }

  // Claims due deliveries into the free slots and starts their attempts without waiting for them;
  // answers how many were started. What the scheduler calls on every poll.
  fill(): Promise<number> {
    const next = this.claiming.then(
      () => this.claimAndStart(),
      () => this.claimAndStart(),
    );
    this.claiming = next.catch(() => 0);
    return next;
  }

  // Attempts every delivery due now, including those that become claimable as others finish (a
  // project past its cap); returns how many attempts were made.
  async runDue(): Promise<number> {
    const before = this.started;
    for (;;) {
      await this.fill();
      if (this.inFlight.size === 0) return this.started - before;
      await Promise.race(this.inFlight.values());
    }
  }

  private async claimAndStart(): Promise<number> {
    if (this.stopped) return 0;
    const free = this.config.deliveryConcurrency - this.inFlight.size;
    if (free <= 0) return 0;
    const claimed = await this.queue.claim(this.owner, free, this.config.deliveryLeaseMs, {
      perOrg: this.config.deliveryOrgConcurrency,
      perProject: this.config.deliveryProjectConcurrency,
    });
    for (const [index, delivery] of claimed.entries()) {
      // An attempt renders its templates before its first await: one attempt per turn of the event loop,
      // so the renders of a claimed batch (each within one template's limits) never run back to back.
      if (index > 0) await setImmediate();
      const run = this.attempt(delivery)
        .catch((error: unknown) =>
          // The lease lapses and the row is tried again.
          this.logger.error({ msg: 'a delivery attempt failed', deliveryId: delivery.id, err: error }),
        )
        .finally(() => {
          this.inFlight.delete(delivery.id);
          // A slot freed: what waited for it (another tenant's row, this project's next one) goes now.
          if (!this.stopped) {
            this.fill().catch((error: unknown) =>
              this.logger.error({ msg: 'claiming deliveries failed', err: error }),
            );
          }
        });
      this.inFlight.set(delivery.id, run);
    }
    this.started += claimed.length;
    return claimed.length;
  }

  private async attempt(delivery: DeliveryEntity): Promise<void> {
    const started = this.clock.now();
    const target = this.queue.targetOf(delivery);
    const result: NotifyResult =
      target === null
        ? { ok: false, error: 'the receiver could not be resolved', latencyMs: 0, retryable: false }
        : isGroupDocument(delivery.alert)
          ? await this.groupMessages.send(target, delivery.alert, delivery.context)
          : await this.notifiers.notify(
              target,
              delivery.alert,
              delivery.eventKind as AlertEventKind,
              delivery.context,
            );
    const step = nextStep(result, delivery.attemptCount, delivery.created, this.clock.now(), Math.random());
    this.metrics.attempted(delivery.targetType, step);
    try {
      await this.finish(delivery, result, started, step);
    } catch (error) {
      // The lease lapses and the row is tried again.
      this.logger.error({ msg: 'recording a delivery attempt failed', deliveryId: delivery.id, err: error });
    }
  }

  @Transactional()
  private async finish(
    delivery: DeliveryEntity,
    result: NotifyResult,
    started: Date,
    step: NextStep,
  ): Promise<void> {
    const held = await this.queue.settle(delivery, this.owner, result, started, step);
    if (!held) return;
    const base = {
      orgId: delivery.context.orgId,
      groupId: delivery.groupId,
      subject: { alertId: delivery.alertId, alertConfigId: delivery.alertConfigId },
      actor: null,
      occurredAt: this.clock.now(),
    };
    if (result.renderFallback) {
      await this.events.publish({
        ...base,
        eventTypeName: DeliveryEventTypes.WEBHOOK_TEMPLATE_RENDER_FAILED,
        raw: { deliveryId: delivery.id, ...result.renderFallback },
      });
    }
    if (step.status === 'SUCCEEDED') {
      await this.events.publish({
        ...base,
        eventTypeName: DeliveryEventTypes.ALERT_NOTIFICATION_SENT,
        raw: {
          deliveryId: delivery.id,
          targetType: delivery.targetType,
          // The address (or channel) it went to, so the audit trail shows who was told.
          ...(delivery.recipient === null ? {} : { recipient: delivery.recipient }),
          eventKind: delivery.eventKind,
          attemptNumber: delivery.attemptCount,
          ...(delivery.alertIds === null ? {} : { alertIds: delivery.alertIds }),
        },
      });
    }
  }
}
