import { Inject, Injectable, Logger } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { randomUUID } from 'node:crypto';
import { Clock } from '../../../platform/clock/clock';
import type { AppConfig } from '../../../platform/config/app-config';
import { APP_CONFIG } from '../../../platform/config/config.module';
import { EventPublisher } from '../../../platform/events/event-publisher';
import { NotifierRegistry, type AlertEventKind, type NotifyResult } from '../notifiers';
import { DeliveryEventTypes } from '../deliveries.events';
import { DeliveryQueue } from './delivery-queue';
import type { DeliveryEntity } from './delivery.entity';
import { nextStep, type NextStep } from './retry-policy';

const BATCH = 20;

// Takes due deliveries and makes one attempt each. Claims commit before the notifier is called, so no
// lock is held over the network; the lease (DELIVERY_LEASE_MS, by default 2 x OUTBOUND_TIMEOUT_MS + 30 s)
// outlasts the notifier's own timeout, and a crash between the call and its record means the row is tried
// again once the lease lapses (at-least-once).
@Injectable()
export class DeliveryWorker {
  private readonly logger = new Logger(DeliveryWorker.name);
  // One per process: what the leases of this instance are taken under.
  private readonly owner = randomUUID();
  private stopped = false;

  constructor(
    private readonly queue: DeliveryQueue,
    private readonly notifiers: NotifierRegistry,
    private readonly events: EventPublisher,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  // Shutdown: claim nothing more; the batch in hand is still attempted and recorded.
  stop(): void {
    this.stopped = true;
  }

  // Attempts every delivery due now; returns how many attempts were made.
  async runDue(): Promise<number> {
    let attempts = 0;
    for (;;) {
      if (this.stopped) return attempts;
      const claimed = await this.queue.claim(this.owner, BATCH, this.config.deliveryLeaseMs);
      await Promise.all(claimed.map((delivery) => this.attempt(delivery)));
      attempts += claimed.length;
      if (claimed.length < BATCH) return attempts;
    }
  }

  private async attempt(delivery: DeliveryEntity): Promise<void> {
    const started = this.clock.now();
    const target = this.queue.targetOf(delivery);
    const result: NotifyResult =
      target === null
        ? { ok: false, error: 'the receiver could not be resolved', latencyMs: 0, retryable: false }
        : await this.notifiers.notify(
            target,
            delivery.alert,
            delivery.eventKind as AlertEventKind,
            delivery.context,
          );
    const step = nextStep(result, delivery.attemptCount, delivery.created, this.clock.now(), Math.random());
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
          eventKind: delivery.eventKind,
          attemptNumber: delivery.attemptCount,
        },
      });
    }
  }
}
