import { Injectable } from '@nestjs/common';
import { Clock } from '../../../platform/clock/clock';
import { SecretBox } from '../../../platform/crypto/secret-box';
import { newObjectId } from '../../../platform/ids/object-id';
import { ProjectNames, type ProjectLabels } from '../../identity';
import type { AlertContext, AlertDocument, AlertEventKind, NotificationTarget } from '../notifiers';
import type { GROUP_EVENT_KIND, GroupDocument } from '../grouping/group-document';
import { DeliveryDueSignal } from './delivery-due-signal.store';
import { DeliveryEntity } from './delivery.entity';
import { DeliveryStore } from './delivery.store';

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

// The durable queue: rows are written in the caller's transaction (with the alert's change); claimed and
// settled by DeliveryLeases.
@Injectable()
export class DeliveryQueue {
  constructor(
    private readonly secrets: SecretBox,
    private readonly clock: Clock,
    private readonly due: DeliveryDueSignal,
    private readonly names: ProjectNames,
    private readonly store: DeliveryStore,
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
    await this.store.insert(rows);
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

  targetOf(delivery: Pick<DeliveryEntity, 'target'>): NotificationTarget | null {
    return delivery.target === null
      ? null
      : (JSON.parse(this.secrets.open(delivery.target)) as NotificationTarget);
  }
}
