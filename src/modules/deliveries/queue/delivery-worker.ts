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
import { DeliveryQueue, type SettledAttempt } from './delivery-queue';
import { DeliveryMetrics } from './delivery.metrics';
import type { DeliveryEntity } from './delivery.entity';
import { nextStep } from './retry-policy';

// An attempt made, waiting for its record; `recorded` frees its slot.
interface Unrecorded extends SettledAttempt {
  recorded: () => void;
}

// At most this many attempts recorded in one transaction.
const RECORD_BATCH = 200;

// Makes one attempt of each due delivery, at most DELIVERY_CONCURRENCY at once per instance,
// DELIVERY_ORG_CONCURRENCY per organization and DELIVERY_PROJECT_CONCURRENCY per project across instances.
// Slots are refilled as soon as an attempt is recorded and on every poll, never by waiting for a whole
// claimed batch: a batch held by one tenant's receiver that never answers would otherwise stall every other
// tenant until the timeouts run out. What a storm costs is per batch, not per delivery: the attempts
// that end together are recorded in one transaction (recordAll), and the slots they free are filled by one
// claim (fill coalesces the requests made while a claim waits for its turn).
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
  // The claim waiting for its turn, if any: slots freed meanwhile are filled by it, not by one claim each.
  private nextClaim: Promise<number> | undefined;
  // Attempts made and waiting for their record, and the recording under way.
  private readonly unrecorded: Unrecorded[] = [];
  // Of the attempts in flight, those whose calls ended: their records are on the way.
  private readonly answered = new Set<string>();
  private recording: Promise<void> | undefined;
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
    if (this.nextClaim !== undefined) return this.nextClaim;
    const claim = (): Promise<number> => {
      this.nextClaim = undefined;
      return this.claimAndStart();
    };
    const next = this.claiming.then(claim, claim);
    this.nextClaim = next;
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
    // Attempts whose calls ended hold no slot while their records are written.
    const free = this.config.deliveryConcurrency - (this.inFlight.size - this.answered.size);
    if (free <= 0) return 0;
    const claimed = await this.queue.claim(
      this.owner,
      free,
      this.config.deliveryLeaseMs,
      {
        perOrg: this.config.deliveryOrgConcurrency,
        perProject: this.config.deliveryProjectConcurrency,
      },
      [...this.answered],
    );
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
          this.answered.delete(delivery.id);
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
    // The call's slot is free now: what waited for it (another tenant's row, this project's next one)
    // goes while the record is written.
    this.answered.add(delivery.id);
    this.slotFreed();
    await new Promise<void>((recorded) => {
      this.unrecorded.push({ delivery, result, started, step, recorded });
      this.recording ??= this.recordAll().finally(() => {
        this.recording = undefined;
      });
    });
  }

  private slotFreed(): void {
    if (this.stopped) return;
    this.fill().catch((error: unknown) =>
      this.logger.error({ msg: 'claiming deliveries failed', err: error }),
    );
  }

  // Records the attempts that ended, those ending meanwhile joining the next batch: a storm's calls end
  // together, and their records take a few statements per batch instead of a transaction each. A batch
  // that fails (one row it cannot write) is recorded row by row, so one bad row holds back only itself.
  private async recordAll(): Promise<void> {
    // The calls answered in this turn of the event loop join the first batch.
    await setImmediate();
    while (this.unrecorded.length > 0) {
      const batch = this.unrecorded.splice(0, RECORD_BATCH);
      try {
        await this.finish(batch);
      } catch (error) {
        this.logger.warn({ msg: 'recording a batch of delivery attempts failed; one by one', err: error });
        for (const attempt of batch) {
          try {
            await this.finish([attempt]);
          } catch (rowError) {
            // The lease lapses and the row is tried again.
            this.logger.error({
              msg: 'recording a delivery attempt failed',
              deliveryId: attempt.delivery.id,
              err: rowError,
            });
          }
        }
      }
      for (const attempt of batch) attempt.recorded();
    }
  }

  @Transactional()
  private async finish(batch: Unrecorded[]): Promise<void> {
    const held = await this.queue.settle(this.owner, batch);
    for (const { delivery, result, step } of batch) {
      if (!held.has(delivery.id)) continue;
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
}
