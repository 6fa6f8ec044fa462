import { Inject, Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In, LessThan } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import type { AppConfig } from '../../../platform/config/app-config';
import { APP_CONFIG } from '../../../platform/config/config.module';
import { SecretBox } from '../../../platform/crypto/secret-box';
import { newObjectId } from '../../../platform/ids/object-id';
import { ProjectNames, type ProjectLabels } from '../../identity';
import type {
  AlertContext,
  AlertDocument,
  AlertEventKind,
  NotificationTarget,
  NotifyResult,
} from '../notifiers';
import type { GROUP_EVENT_KIND, GroupDocument } from '../grouping/group-document';
import { DeliveryAttemptEntity, type AttemptOutcome } from './delivery-attempt.entity';
import { DeliveryDueSignal } from './delivery-due-signal.store';
import { DeliveryClaimStore } from './delivery-claim.store';
import { DeliveryOutcomeStore } from './delivery-outcome.store';
import { DeliveryEntity } from './delivery.entity';
import { insertDeliveries } from './delivery.writer';
import type { NextStep } from './retry-policy';

export interface NewDelivery {
  groupId: string;
  alertId: string;
  alertConfigId: string;
  notificationIndex: number | null;
  notificationTypeName: string;
  targetType: string;
  recipient: string | null;
  // null: the receiver could not be resolved; `problem` says why and the row is FAILED at once.
  target: NotificationTarget | null;
  problem?: string;
  eventKind: DeliveryEventKind;
  alert: AlertDocument | GroupDocument;
  context: AlertContext;
  // Logged as SUPPRESSED (never sent): the alert that inhibits it, and why.
  suppression?: { by: string; reason: string };
  // A group message: its notification group and the alerts it carries.
  notificationGroup?: { id: string; alertIds: string[] };
}

// What a delivery is about: an alert event, or a group message.
export type DeliveryEventKind = AlertEventKind | typeof GROUP_EVENT_KIND;

// One attempt made, to be recorded.
export interface SettledAttempt {
  delivery: DeliveryEntity;
  result: NotifyResult;
  started: Date;
  step: NextStep;
}

const RESPONSE_KEPT = 2000;

// The durable queue: rows are written in the caller's transaction (with the alert's change), claimed
// fairly across organizations, then projects, with FOR UPDATE SKIP LOCKED plus a lease (delivery-claim.store.ts: two
// instances never take one row, and a crashed instance's rows come back once the lease lapses), and
// settled with one attempt row per notifier call, the oldest pruned beyond DELIVERY_ATTEMPTS_KEPT; the
// attempts that end together are settled together, a few statements for the lot.
@Injectable()
export class DeliveryQueue {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly secrets: SecretBox,
    private readonly clock: Clock,
    private readonly due: DeliveryDueSignal,
    private readonly claims: DeliveryClaimStore,
    private readonly outcomes: DeliveryOutcomeStore,
    private readonly names: ProjectNames,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async enqueue(items: NewDelivery[], redeliveryOf?: string): Promise<DeliveryEntity[]> {
    const now = this.clock.now();
    // Messages name the project and organization as they are called when the message is queued.
    const labels =
      items.length === 0
        ? new Map<string, ProjectLabels>()
        : await this.names.labelsOf(items.map((item) => item.groupId));
    const rows = items.map((item): DeliveryEntity => {
      const named = labels.get(item.groupId);
      const context: AlertContext = named
        ? { ...item.context, orgId: named.orgId, orgName: named.orgName, projectName: named.projectName }
        : item.context;
      const suppressed = item.suppression !== undefined;
      const resolved = item.target !== null;
      const pending = resolved && !suppressed;
      return {
        id: newObjectId(now),
        groupId: item.groupId,
        orgId: context.orgId ?? null,
        alertId: item.alertId,
        alertConfigId: item.alertConfigId,
        notificationIndex: item.notificationIndex,
        notificationTypeName: item.notificationTypeName,
        targetType: item.targetType,
        recipient: item.recipient,
        target: item.target && this.secrets.seal(JSON.stringify(item.target)),
        eventKind: item.eventKind,
        alert: item.alert,
        context,
        status: suppressed ? 'SUPPRESSED' : resolved ? 'PENDING' : 'FAILED',
        attemptCount: 0,
        nextAttemptAt: pending ? now : null,
        leaseOwner: null,
        leaseUntil: null,
        lastStatusCode: null,
        lastError: resolved || suppressed ? null : (item.problem ?? 'the receiver could not be resolved'),
        suppressedBy: item.suppression?.by ?? null,
        suppressionReason: item.suppression?.reason ?? null,
        notificationGroupId: item.notificationGroup?.id ?? null,
        alertIds: item.notificationGroup?.alertIds ?? null,
        redeliveryOf: redeliveryOf ?? null,
        created: now,
        updated: now,
        completed: pending ? null : now,
      };
    });
    await insertDeliveries(this.txHost.tx, rows);
    if (rows.some((row) => row.status === 'PENDING')) await this.due.announce();
    return rows;
  }

  // A new PENDING row with the same receiver and payload (the original stays as it was, for the log); a
  // SUPPRESSED one is sent this way if someone asks for it.
  async copy(original: DeliveryEntity): Promise<DeliveryEntity> {
    const [row] = await this.enqueue(
      [
        {
          ...original,
          target: original.target === null ? null : this.targetOf(original),
          problem: original.lastError ?? undefined,
          eventKind: original.eventKind as DeliveryEventKind,
          ...(original.notificationGroupId === null
            ? {}
            : {
                notificationGroup: { id: original.notificationGroupId, alertIds: original.alertIds ?? [] },
              }),
        },
      ],
      original.id,
    );
    return row;
  }

  // Claims up to `limit` due rows for `owner` (its own transaction, committed at once), at most
  // `caps.perOrg` leased per organization and `caps.perProject` per project across instances (not
  // counting `answered`, this owner's rows whose calls ended and whose records are on their way), and
  // counts the attempt.
  async claim(
    owner: string,
    limit: number,
    leaseMs: number,
    caps: { perOrg: number; perProject: number },
    answered: string[] = [],
  ): Promise<DeliveryEntity[]> {
    const now = this.clock.now();
    const ids = await this.claims.claim({
      owner,
      limit,
      ...caps,
      answered,
      now,
      leaseUntil: new Date(now.getTime() + leaseMs),
    });
    if (ids.length === 0) return [];
    return this.repository().find({
      where: { id: In(ids), leaseOwner: owner },
      order: { nextAttemptAt: 'ASC', id: 'ASC' },
    });
  }

  targetOf(delivery: Pick<DeliveryEntity, 'target'>): NotificationTarget | null {
    return delivery.target === null
      ? null
      : (JSON.parse(this.secrets.open(delivery.target)) as NotificationTarget);
  }

  // In the caller's transaction, for many attempts at once: their attempt rows (one statement), then each
  // row's new state where this owner still holds it (one statement). Answers the ids it held.
  async settle(owner: string, attempts: SettledAttempt[]): Promise<Set<string>> {
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
    return this.outcomes.settle(
      owner,
      now,
      attempts.map(({ delivery, result, step }) => ({
        id: delivery.id,
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
