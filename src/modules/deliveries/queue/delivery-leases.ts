import { Inject, Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { randomUUID } from 'node:crypto';
import { In, LessThan } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import type { AppConfig } from '../../../platform/config/app-config';
import { APP_CONFIG } from '../../../platform/config/config.module';
import type { NotifyResult } from '../notifiers';
import { DeliveryAttemptEntity, type AttemptOutcome } from './delivery-attempt.entity';
import { DeliveryEntity } from './delivery.entity';
import { DeliveryStore } from './delivery.store';
import type { NextStep } from './retry-policy';

// One attempt made, to be recorded.
export interface SettledAttempt {
  delivery: DeliveryEntity;
  result: NotifyResult;
  started: Date;
  step: NextStep;
}

// Due deliveries claimed together for one slot: one receiver's, sent one after the other under one lease
// owner (`lease`, also each row's leaseOwner).
export interface DeliveryBatch {
  lease: string;
  deliveries: DeliveryEntity[];
}

const RESPONSE_KEPT = 2000;

// The sending side of the durable queue: rows are claimed fairly across organizations, then projects, in
// batches per receiver, with FOR UPDATE SKIP LOCKED plus a lease (delivery-claim.sql.ts: two instances
// never take one row, and a crashed instance's rows come back once the lease lapses), and settled with one
// attempt row per notifier call, the oldest pruned beyond DELIVERY_ATTEMPTS_KEPT; the attempts that end
// together are settled together, a few statements for the lot.
@Injectable()
export class DeliveryLeases {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly clock: Clock,
    private readonly store: DeliveryStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  // Claims up to `slots` batches of due rows (its own transaction, committed at once), at most
  // `caps.perOrg` slots busy per organization and `caps.perProject` per project across instances (not
  // counting `answered`, the caller's rows whose calls ended and whose records are on their way), and
  // counts the attempt of every row claimed; the receivers in `batched` (receiverKey) get batches of
  // DELIVERY_BATCH_SIZE, the others one row per slot. Each batch's rows come oldest first.
  async claim(
    slots: number,
    leaseMs: number,
    caps: { perOrg: number; perProject: number },
    answered: string[] = [],
    batched: string[] = [],
  ): Promise<DeliveryBatch[]> {
    const now = this.clock.now();
    const claimed = await this.store.claim({
      nonce: randomUUID(),
      limit: slots,
      batchSize: this.config.deliveryBatchSize,
      batched,
      ...caps,
      answered,
      now,
      leaseUntil: new Date(now.getTime() + leaseMs),
    });
    if (claimed.length === 0) return [];
    const rows = await this.repository().find({
      where: { id: In(claimed.flatMap((batch) => batch.ids)) },
      // Queue order: due first, then as queued (ids of one instant follow the order they were made).
      order: { nextAttemptAt: 'ASC', created: 'ASC', id: 'ASC' },
    });
    return claimed.map(({ lease }) => ({
      lease,
      deliveries: rows.filter((row) => row.leaseOwner === lease),
    }));
  }

  // Gives back rows of a batch that were not sent (its receiver failed, its lease would lapse, the
  // instance is stopping): due again at once, their claimed attempt uncounted.
  async release(lease: string, ids: string[]): Promise<void> {
    await this.store.release(lease, this.clock.now(), ids);
  }

  // In the caller's transaction, for many attempts at once: their attempt rows (one statement), then each
  // row's new state where its batch still holds it (one statement). Answers the ids still held.
  async settle(attempts: SettledAttempt[]): Promise<Set<string>> {
    if (attempts.length === 0) return new Set();
    const now = this.clock.now();
    const nextOf = (step: NextStep) => (step.status === 'PENDING' ? step.nextAttemptAt : null);
    await this.txHost.tx.getRepository(DeliveryAttemptEntity).insert(
      attempts.map(({ delivery, result, started, step }) => ({
        deliveryId: delivery.id,
        attemptNumber: delivery.attemptCount,
        started,
        outcome: (step.status === 'PENDING' ? 'RETRY' : step.status) satisfies AttemptOutcome,
        statusCode: result.status ?? null,
        error: result.error ?? null,
        latencyMs: Math.max(0, Math.round(result.latencyMs)),
        response: result.response?.slice(0, RESPONSE_KEPT) ?? null,
        nextAttemptAt: nextOf(step),
      })),
    );
    // A receiver failing for days would otherwise keep one row per attempt: only the latest
    // DELIVERY_ATTEMPTS_KEPT stay, attempt_count on the delivery still counts them all.
    // (Rare: only a delivery past that many attempts, one statement each.)
    for (const { delivery } of attempts) {
      const oldestKept = delivery.attemptCount - this.config.deliveryAttemptsKept + 1;
      if (oldestKept > 1) {
        await this.txHost.tx
          .getRepository(DeliveryAttemptEntity)
          .delete({ deliveryId: delivery.id, attemptNumber: LessThan(oldestKept) });
      }
    }
    return this.store.settle(
      now,
      attempts.map(({ delivery, result, step }) => ({
        id: delivery.id,
        lease: delivery.leaseOwner ?? '',
        status: step.status,
        nextAttemptAt: nextOf(step),
        lastStatusCode: result.status ?? null,
        lastError: result.error ?? null,
      })),
    );
  }

  private repository() {
    return this.txHost.tx.getRepository(DeliveryEntity);
  }
}
