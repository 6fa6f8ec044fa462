import { Inject, Injectable, Logger } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { setImmediate, setTimeout as delay } from 'node:timers/promises';
import { Clock } from '../../../platform/clock/clock';
import type { AppConfig } from '../../../platform/config/app-config';
import { APP_CONFIG } from '../../../platform/config/config.module';
import type { DomainEventOf } from '../../../platform/events/domain-event';
import { EventPublisher } from '../../../platform/events/event-publisher';
import { NotifierRegistry, type AlertEventKind, type NotifyResult } from '../notifiers';
import { DeliveryEventTypes } from '../deliveries.events';
import { isGroupDocument } from '../grouping/group-document';
import { GroupMessageSender } from '../grouping/group-message-sender';
import { DeliveryLeases, type DeliveryBatch, type SettledAttempt } from './delivery-leases';
import { DeliveryQueue } from './delivery-queue';
import { receiverKey } from './receiver-key';
import { DeliveryMetrics } from './delivery.metrics';
import type { DeliveryEntity } from './delivery.entity';
import { nextStep } from './retry-policy';

// An attempt made, waiting for its record; `recorded` resolves once it is written.
interface Unrecorded extends SettledAttempt {
  recorded: () => void;
}

// At most this many attempts recorded in one transaction.
const RECORD_BATCH = 200;

// A call of a batch still running after this long gives the rest of its batch back: the rows behind a
// receiver that stopped answering go to the next claims (and to other slots) instead of waiting out the
// call's timeout under a lease.
const SLOW_CALL_MS = 1000;

// Receivers remembered as answering: beyond this many, the memory starts again (they go back to one row
// per slot until they answer once more).
const BATCHED_RECEIVERS_KEPT = 10_000;

// Makes one attempt of each due delivery, with at most DELIVERY_CONCURRENCY calls in flight per instance,
// DELIVERY_ORG_CONCURRENCY per organization and DELIVERY_PROJECT_CONCURRENCY per project across instances.
// A slot is one call in flight: once a receiver has answered, a slot carries a batch of up to
// DELIVERY_BATCH_SIZE of its due deliveries (delivery-claim.sql.ts), sent one after the other, so a
// storm is claimed a batch per slot and its records written a batch per transaction. A receiver not known
// to answer gets one row per slot, so one that hangs or fails holds its slots and nothing more; a batch
// stops at its receiver's first failure and gives its unsent rows back, and so it does when a call lasts
// past SLOW_CALL_MS.
// Slots are refilled as soon as a batch's last call ends and on every poll, never by waiting for a whole
// claim: a batch held by one tenant's receiver that never answers would otherwise stall every other
// tenant until the timeouts run out. The attempts that end together are recorded in one transaction
// (recordAll), and the slots freed meanwhile are filled by one claim (fill coalesces the requests made
// while a claim waits for its turn).
// Claims commit before the notifier is called, so no lock is held over the network; the lease
// (DELIVERY_LEASE_MS, by default 2 x OUTBOUND_TIMEOUT_MS + 30 s) outlasts the notifier's own timeout, a
// batch makes no further call once its lease has less than OUTBOUND_TIMEOUT_MS left, and a crash between
// a call and its record means the row is tried again once the lease lapses (at-least-once).
@Injectable()
export class DeliveryWorker {
  private readonly logger = new Logger(DeliveryWorker.name);
  private stopped = false;
  // Batches under way, by lease; each settles (records its attempts) before leaving.
  private readonly inFlight = new Map<string, Promise<void>>();
  // The batches still making calls: the slots busy on this instance.
  private readonly calling = new Set<string>();
  // Claims run one at a time per instance; each sees the slots the previous one took.
  private claiming: Promise<number> = Promise.resolve(0);
  // The claim waiting for its turn, if any: slots freed meanwhile are filled by it, not by one claim each.
  private nextClaim: Promise<number> | undefined;
  // Attempts made and waiting for their record, and the recording under way.
  private readonly unrecorded: Unrecorded[] = [];
  // Leased rows whose calls ended: their records are on the way, and they hold no slot.
  private readonly answered = new Set<string>();
  private recording: Promise<void> | undefined;
  private started = 0;
  // Batches whose runs have ended (their records written): a claim that started before the last of them
  // may have missed what they made due.
  private ended = 0;
  // Receivers (receiverKey) whose last call from this instance succeeded: their rows come in batches.
  private readonly answering = new Set<string>();

  constructor(
    private readonly leases: DeliveryLeases,
    private readonly queue: DeliveryQueue,
    private readonly notifiers: NotifierRegistry,
    private readonly events: EventPublisher,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: DeliveryMetrics,
    private readonly groupMessages: GroupMessageSender,
  ) {}

  // Shutdown: claim nothing more and end each batch after its current call; those calls are still
  // recorded, and the unsent rows given back.
  stop(): void {
    this.stopped = true;
  }

  // Resolves once every batch under way is recorded.
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight.values()]);
  }

  // Calls in flight: the slots this instance holds.
  get attemptsInFlight(): number {
    return this.calling.size;
  }

  // Claims due deliveries into the free slots and starts their batches without waiting for them;
  // answers how many deliveries were claimed. What the scheduler calls on every poll.
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
  // project past its cap, a close queued behind its open); returns how many attempts were made. It ends
  // only after a claim that started once every batch had ended found nothing: a claim asked for while
  // batches still ran saw their slots busy and their rows not yet settled.
  async runDue(): Promise<number> {
    const before = this.started;
    for (;;) {
      const endedBefore = this.ended;
      await this.fill();
      if (this.inFlight.size === 0 && this.ended === endedBefore) return this.started - before;
      if (this.inFlight.size > 0) await Promise.race(this.inFlight.values());
    }
  }

  private async claimAndStart(): Promise<number> {
    if (this.stopped) return 0;
    const free = this.config.deliveryConcurrency - this.calling.size;
    if (free <= 0) return 0;
    const batches = await this.leases.claim(
      free,
      this.config.deliveryLeaseMs,
      {
        perOrg: this.config.deliveryOrgConcurrency,
        perProject: this.config.deliveryProjectConcurrency,
      },
      [...this.answered],
      [...this.answering],
    );
    for (const [index, batch] of batches.entries()) {
      // An attempt renders its templates before its first await: one batch started per turn of the event
      // loop, so the renders of a claim (each within one template's limits) never run back to back.
      if (index > 0) await setImmediate();
      this.calling.add(batch.lease);
      const run = this.send(batch)
        .catch((error: unknown) =>
          // The leases lapse and the rows are tried again.
          this.logger.error({ msg: 'a delivery batch failed', lease: batch.lease, err: error }),
        )
        .finally(() => {
          this.inFlight.delete(batch.lease);
          this.ended += 1;
          for (const delivery of batch.deliveries) this.answered.delete(delivery.id);
        });
      this.inFlight.set(batch.lease, run);
    }
    return batches.reduce((claimed, batch) => claimed + batch.deliveries.length, 0);
  }

  // The batch's calls one after the other, each recorded as it ends; the first failure ends the batch
  // (its receiver is failing, the rest would fail alike or wait behind it), and so does a lease too short
  // for one more call. The unsent rows are given back before the slot is freed, so the next claim sees
  // them due.
  private async send(batch: DeliveryBatch): Promise<void> {
    const records: Array<Promise<void>> = [];
    let unsent = batch.deliveries;
    try {
      while (unsent.length > 0) {
        const [delivery, ...rest] = unsent;
        unsent = rest;
        const attempt = await this.callGivingBackWhenSlow(batch.lease, delivery, rest);
        if (attempt === undefined) break;
        records.push(this.record(attempt));
        this.started += 1;
        this.remember(delivery, attempt.step.status === 'SUCCEEDED');
        if (attempt.step.status !== 'SUCCEEDED' || !this.mayCallAgain(unsent[0])) break;
      }
      await this.leases.release(
        batch.lease,
        unsent.map((delivery) => delivery.id),
      );
    } finally {
      this.slotFreed(batch.lease);
      await Promise.all(records);
    }
  }

  // The attempt, or undefined if it threw (its lease lapses and the row is tried again). The rows behind it
  // are given back if the call outlasts SLOW_CALL_MS; `rest` is emptied then.
  private async callGivingBackWhenSlow(
    lease: string,
    delivery: DeliveryEntity,
    rest: DeliveryEntity[],
  ): Promise<SettledAttempt | undefined> {
    const settled = this.attempt(delivery).then(
      (attempt) => attempt,
      (error: unknown) => {
        this.logger.error({ msg: 'a delivery attempt failed', deliveryId: delivery.id, err: error });
        return undefined;
      },
    );
    if (rest.length === 0) return settled;
    const timer = new AbortController();
    const slow = delay(SLOW_CALL_MS, true, { signal: timer.signal }).catch(() => false);
    if (await Promise.race([settled.then(() => false), slow])) {
      await this.leases.release(
        lease,
        rest.splice(0).map((delivery) => delivery.id),
      );
    }
    timer.abort();
    return settled;
  }

  private remember(delivery: DeliveryEntity, answers: boolean): void {
    const key = receiverKey(delivery);
    if (!answers) {
      this.answering.delete(key);
      return;
    }
    if (this.answering.size >= BATCHED_RECEIVERS_KEPT) this.answering.clear();
    this.answering.add(key);
  }

  private mayCallAgain(delivery: DeliveryEntity | undefined): boolean {
    if (delivery === undefined) return false;
    const leaseLeft = (delivery.leaseUntil?.getTime() ?? 0) - this.clock.now().getTime();
    return !this.stopped && leaseLeft > this.config.outboundTimeoutMs;
  }

  private async attempt(delivery: DeliveryEntity): Promise<SettledAttempt> {
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
    return { delivery, result, started, step };
  }

  // Queues the attempt for the next recording; resolves once it is written.
  private record(attempt: SettledAttempt): Promise<void> {
    this.answered.add(attempt.delivery.id);
    return new Promise<void>((recorded) => {
      this.unrecorded.push({ ...attempt, recorded });
      this.recording ??= this.recordAll().finally(() => {
        this.recording = undefined;
      });
    });
  }

  // The slot's calls are over: what waited for it (another tenant's row, this project's next batch) goes
  // while the records are written.
  private slotFreed(lease: string): void {
    if (this.calling.delete(lease)) this.refill();
  }

  private refill(): void {
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
      // A row that left the queue (sent, or given up) lets the next in its line go (an alert's close waits
      // for its open): the claims asked for when the slots were freed ran before this commit and could not
      // see it. A row to be retried stays first in its line, so a batch of retries alone claims nothing.
      if (batch.some((attempt) => attempt.step.status !== 'PENDING')) this.refill();
    }
  }

  // The batch's rows and their audit events in one transaction: the events of the attempts still held
  // (one multi-row insert for the lot).
  @Transactional()
  private async finish(batch: Unrecorded[]): Promise<void> {
    const held = await this.leases.settle(batch);
    const events: Array<
      DomainEventOf<
        | typeof DeliveryEventTypes.ALERT_NOTIFICATION_SENT
        | typeof DeliveryEventTypes.WEBHOOK_TEMPLATE_RENDER_FAILED
      >
    > = [];
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
        events.push({
          ...base,
          eventTypeName: DeliveryEventTypes.WEBHOOK_TEMPLATE_RENDER_FAILED,
          raw: { deliveryId: delivery.id, ...result.renderFallback },
        });
      }
      if (step.status === 'SUCCEEDED') {
        events.push({
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
    await this.events.publishMany(events);
  }
}
