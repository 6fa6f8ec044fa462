import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In, QueryFailedError, type FindOptionsWhere } from 'typeorm';
import type { Principal } from '../../../platform/auth/principal';
import { ProjectDirectory } from '../../../platform/auth/principal';
import { ProjectScope } from '../../../platform/auth/project-scope';
import { Clock } from '../../../platform/clock/clock';
import { EventPublisher } from '../../../platform/events/event-publisher';
import { CommonErrors } from '../../../platform/http/error-codes';
import { parseIsoDateTime } from '../../../platform/http/iso-date-time';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import type { PageQuery } from '../../../platform/http/pagination/page.query';
import { assertReadOnlyUnchanged } from '../../../platform/http/read-only-fields';
import { toIsoSeconds } from '../../../platform/http/timestamps';
import { isObjectId, newObjectId } from '../../../platform/ids/object-id';
import { emitInOrder } from '../../../platform/events/emit-in-order';
import { AlertingErrors } from '../alerting.errors';
import {
  checkNewAlert,
  DuplicateActiveAlertError,
  InvalidAlertError,
  targetKeyOf,
  type NewAlert,
} from './alert-details';
import { AlertStore } from './alert.store';
import { AlertEventTypes, closingEventTypeOf } from '../alerting.events';
import { ALERT_TRANSITIONED, type AlertTransitionedEvent } from './alert-transitioned.event';
import { canChangeAcknowledgement, isAlertStatus, transition, type AlertStatus } from './alert-state';
import { AlertEntity } from './alert.entity';
import { alertPath, toAlertEventSubject, toAlertResponse } from './alert.mapper';
import {
  MAX_ACKNOWLEDGEMENT_COMMENT_LENGTH,
  type AcknowledgeAlertRequest,
} from './dto/acknowledge-alert.request';
import type { AlertResponse } from './dto/alert.response';
import type { ListAlertsQuery } from './dto/list-alerts.query';
import { lockAlertTarget } from '../alerting.locks';

const ACTIVE: AlertStatus[] = ['TRACKING', 'OPEN'];
const UNIQUE_VIOLATION = '23505';

// Alerts of a project: the API's reads and acknowledgement, and the lifecycle moves the alert engine
// makes (track/open, promote, close, cancel). Every change runs in one transaction with its event.
@Injectable()
export class AlertsService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly projects: ProjectDirectory,
    private readonly scope: ProjectScope,
    private readonly events: EventPublisher,
    private readonly links: PageLinks,
    private readonly clock: Clock,
    private readonly emitter: EventEmitter2,
    private readonly alertStore: AlertStore,
  ) {}

  async list(groupId: string, query: ListAlertsQuery): Promise<ListEnvelope<AlertResponse>> {
    await this.scope.orgOf(groupId);
    if (query.status !== undefined && !isAlertStatus(query.status)) {
      throw AlertingErrors.INVALID_ALERT_STATUS(query.status);
    }
    return this.page({ groupId, ...(query.status === undefined ? {} : { status: query.status }) }, query);
  }

  async get(groupId: string, alertId: string): Promise<AlertResponse> {
    await this.scope.orgOf(groupId);
    return this.toResponse(await this.find(groupId, alertId, false), this.clock.now());
  }

  // The alert as notifications carry it (GET one alert's body with its links under the public base URL),
  // whether a request (an acknowledgement) or a sweep (a re-notification) asks.
  async document(groupId: string, alertId: string): Promise<AlertResponse> {
    await this.scope.orgOf(groupId);
    return this.toDocument(await this.find(groupId, alertId, false), this.clock.now());
  }

  // Many alerts of one project as `document` answers each, in one read (a notification group's flush);
  // alerts no longer there are absent from the map, and a project no longer there answers 404.
  async documents(groupId: string, alertIds: string[]): Promise<Map<string, AlertResponse>> {
    await this.scope.orgOf(groupId);
    const now = this.clock.now();
    const rows = await this.alertStore.findAll(groupId, alertIds);
    return new Map(rows.map((row) => [row.id, this.toDocument(row, now)]));
  }

  // PATCH /groups/{groupId}/alerts/{alertId}: acknowledgedUntil (in the future) acknowledges until then;
  // without it, unacknowledges.
  @Transactional()
  async acknowledge(
    groupId: string,
    alertId: string,
    request: AcknowledgeAlertRequest,
    principal: Principal,
  ): Promise<AlertResponse> {
    const orgId = await this.scope.orgOf(groupId);
    const alert = await this.find(groupId, alertId, true);
    assertReadOnlyUnchanged(request, this.toResponse(alert, this.clock.now()));
    const comment = request.acknowledgementComment ?? '';
    // Counted in characters, as the varchar(200) column counts them.
    if ([...comment].length > MAX_ACKNOWLEDGEMENT_COMMENT_LENGTH) {
      throw AlertingErrors.ACKNOWLEDGEMENT_COMMENT_TOO_LONG(MAX_ACKNOWLEDGEMENT_COMMENT_LENGTH);
    }
    const now = this.clock.now();
    const until = request.acknowledgedUntil == null ? undefined : parseIsoDateTime(request.acknowledgedUntil);
    if (until !== undefined && until.getTime() <= now.getTime()) {
      throw CommonErrors.VALIDATION_ERROR('acknowledgedUntil', 'it must be in the future');
    }
    if (!canChangeAcknowledgement(alert.status)) {
      throw AlertingErrors.ALERT_ALREADY_CLOSED(alert.id, alert.status);
    }

    alert.acknowledgedUntil = until ?? null;
    alert.acknowledgementComment = until === undefined || comment === '' ? null : comment;
    // The Digest user name of the caller: a user's username, or an API key's public key.
    alert.acknowledgingUsername = until === undefined ? null : principal.name;
    alert.updated = now;
    await this.alertStore.updateAcknowledgement(alert);
    await this.events.publish({
      eventTypeName: until
        ? AlertEventTypes.ALERT_ACKNOWLEDGED_AUDIT
        : AlertEventTypes.ALERT_UNACKNOWLEDGED_AUDIT,
      orgId,
      groupId,
      subject: { alertId: alert.id, alertConfigId: alert.alertConfigId },
      raw: until
        ? {
            acknowledgedUntil: toIsoSeconds(until),
            acknowledgementComment: alert.acknowledgementComment ?? undefined,
          }
        : undefined,
      occurredAt: now,
    });
    return this.toResponse(alert, now);
  }

  // For GET /groups/{groupId}/alertConfigs/{alertConfigId}/alerts: the OPEN alerts of one configuration.
  openAlertsForConfig(
    groupId: string,
    alertConfigId: string,
    page: PageQuery,
  ): Promise<ListEnvelope<AlertResponse>> {
    return this.page({ groupId, alertConfigId, status: 'OPEN' }, page);
  }

  // Engine: the condition holds but has not outlasted the notification delay yet.
  @Transactional()
  track(alert: NewAlert): Promise<AlertResponse> {
    return this.raise(alert, 'TRACKING');
  }

  // Engine: the condition holds past its delay (or has none): the alert opens at once.
  @Transactional()
  open(alert: NewAlert): Promise<AlertResponse> {
    return this.raise(alert, 'OPEN');
  }

  // Engine: a point-in-time event (an audited change, a primary elected): the alert is informational,
  // closed from the start (it holds no slot and nothing resolves it) and notified once with alert.inform.
  // No lifecycle event: the event that raised it is already recorded.
  @Transactional()
  async inform(input: NewAlert): Promise<AlertResponse> {
    checkNewAlert(input);
    const orgId = await this.projects.orgOf(input.groupId);
    if (orgId === null) throw new InvalidAlertError(`project ${input.groupId} does not exist`);
    const now = this.clock.now();
    const alert = this.newAlert(input, 'CLOSED', now);
    alert.resolved = now;
    await this.repository().insert(alert);
    await this.announceTransition(alert, null, orgId, true);
    return this.toResponse(alert, now);
  }

  // Engine: a TRACKING alert's condition has outlasted the delay.
  @Transactional()
  promote(alertId: string): Promise<AlertResponse> {
    return this.move(alertId, 'OPEN');
  }

  // Engine: an OPEN alert's condition is over; sets `resolved`.
  @Transactional()
  close(alertId: string): Promise<AlertResponse> {
    return this.move(alertId, 'CLOSED');
  }

  // Engine: the alert no longer makes sense (target or configuration gone, condition ended while tracking).
  @Transactional()
  cancel(alertId: string): Promise<AlertResponse> {
    return this.move(alertId, 'CANCELLED');
  }

  // For the alert configurations: deleting or disabling one cancels its TRACKING and OPEN alerts.
  @Transactional()
  async cancelActiveForConfig(groupId: string, alertConfigId: string): Promise<number> {
    const active = await this.alertStore.activeOfConfigForUpdate(groupId, alertConfigId);
    for (const alert of active) await this.applyMove(alert, 'CANCELLED');
    return active.length;
  }

  // Engine bookkeeping after a notification went out; not an audited change.
  @Transactional()
  async markNotified(alertId: string): Promise<void> {
    const result = await this.repository().update({ id: alertId }, { lastNotified: this.clock.now() });
    if (!result.affected) throw new InvalidAlertError(`no alert with id ${alertId}`);
  }

  // markNotified for the alerts one group message carries, in one statement.
  async markAllNotified(alertIds: string[]): Promise<void> {
    const ids = [...new Set(alertIds)];
    const marked = await this.alertStore.markNotified(ids, this.clock.now());
    if (marked !== ids.length) throw new InvalidAlertError(`${ids.length - marked} of the alerts are gone`);
  }

  private async raise(input: NewAlert, status: 'TRACKING' | 'OPEN'): Promise<AlertResponse> {
    checkNewAlert(input);
    const orgId = await this.projects.orgOf(input.groupId);
    if (orgId === null) throw new InvalidAlertError(`project ${input.groupId} does not exist`);
    const targetKey = targetKeyOf(input);
    await lockAlertTarget(this.txHost.tx, input.groupId, input.alertConfigId, targetKey);
    // Per project: a global configuration raises alerts in many projects, on targets named alike.
    const active = await this.repository().findOne({
      select: { id: true },
      where: { groupId: input.groupId, alertConfigId: input.alertConfigId, targetKey, status: In(ACTIVE) },
    });
    if (active) throw new DuplicateActiveAlertError(input.alertConfigId, targetKey, active.id);
    const now = this.clock.now();
    const alert = this.newAlert(input, status, now);
    try {
      await this.repository().insert(alert);
    } catch (error) {
      // The partial unique index is the last guard (e.g. a row written by other code than this method).
      if (
        error instanceof QueryFailedError &&
        (error.driverError as { code?: string }).code === UNIQUE_VIOLATION
      ) {
        throw new DuplicateActiveAlertError(input.alertConfigId, targetKey);
      }
      throw error;
    }
    if (status === 'OPEN') await this.publishLifecycle(alert, alert.eventTypeName, orgId);
    await this.announceTransition(alert, null, orgId);
    return this.toResponse(alert, now);
  }

  private newAlert(input: NewAlert, status: AlertStatus, now: Date): AlertEntity {
    return {
      id: newObjectId(now),
      groupId: input.groupId,
      alertConfigId: input.alertConfigId,
      eventTypeName: input.eventTypeName,
      status,
      targetKey: targetKeyOf(input),
      created: now,
      updated: now,
      lastNotified: null,
      resolved: null,
      acknowledgedUntil: null,
      acknowledgementComment: null,
      acknowledgingUsername: null,
      currentValueNumber: input.currentValue?.number ?? null,
      currentValueUnits: input.currentValue?.units ?? null,
      metricName: input.metricName ?? null,
      hostId: input.hostId ?? null,
      hostnameAndPort: input.hostnameAndPort ?? null,
      replicaSetName: input.replicaSetName ?? null,
      clusterId: input.clusterId ?? null,
      clusterName: input.clusterName ?? null,
      sourceTypeName: input.sourceTypeName ?? null,
      tags: input.tags ?? [],
      humanReadable: input.humanReadable ?? null,
    };
  }

  private async move(alertId: string, to: AlertStatus): Promise<AlertResponse> {
    const alert = isObjectId(alertId)
      ? await this.repository().findOne({ where: { id: alertId }, lock: { mode: 'pessimistic_write' } })
      : null;
    if (!alert) throw new InvalidAlertError(`no alert with id ${alertId}`);
    await this.applyMove(alert, to);
    return this.toResponse(alert, this.clock.now());
  }

  private async applyMove(alert: AlertEntity, to: AlertStatus): Promise<void> {
    const from = alert.status;
    const change = transition(alert.id, alert.status, to, this.clock.now());
    Object.assign(alert, change);
    await this.repository().update(
      { id: alert.id },
      { status: change.status, updated: change.updated, resolved: change.resolved ?? null },
    );
    const eventTypeName =
      to === 'OPEN'
        ? alert.eventTypeName
        : to === 'CLOSED'
          ? closingEventTypeOf(alert.eventTypeName)
          : AlertEventTypes.ALERT_CANCELLED;
    const orgId = await this.projects.orgOf(alert.groupId);
    await this.publishLifecycle(alert, eventTypeName, orgId);
    await this.announceTransition(alert, from, orgId);
  }

  // Awaited inside the transaction: a failing listener rolls the move back (see alert-transitioned.event.ts).
  private async announceTransition(
    alert: AlertEntity,
    from: AlertStatus | null,
    orgId: string | null,
    informational = false,
  ): Promise<void> {
    const event: AlertTransitionedEvent = {
      informational,
      alert: this.toDocument(alert, alert.updated),
      from,
      to: alert.status,
      orgId,
      created: alert.created,
      at: alert.updated,
    };
    await emitInOrder(this.emitter, ALERT_TRANSITIONED, event);
  }

  private async publishLifecycle(
    alert: AlertEntity,
    eventTypeName: string,
    orgId: string | null,
  ): Promise<void> {
    await this.events.publish({
      eventTypeName,
      orgId: orgId ?? undefined,
      groupId: alert.groupId,
      subject: toAlertEventSubject(alert),
      occurredAt: alert.updated,
    });
  }

  private async page(
    where: FindOptionsWhere<AlertEntity>,
    page: PageQuery,
  ): Promise<ListEnvelope<AlertResponse>> {
    const [rows, total] = await this.repository().findAndCount({
      where,
      order: { created: 'DESC', id: 'DESC' },
      skip: page.offset,
      take: page.itemsPerPage,
    });
    const now = this.clock.now();
    return this.links.list(
      page,
      rows.map((row) => this.toResponse(row, now)),
      total,
    );
  }

  private async find(groupId: string, alertId: string, forUpdate: boolean): Promise<AlertEntity> {
    if (!isObjectId(alertId)) throw AlertingErrors.INVALID_ALERT_ID(alertId);
    const alert = forUpdate
      ? await this.alertStore.findForUpdate(groupId, alertId)
      : await this.alertStore.find(groupId, alertId);
    if (!alert) throw AlertingErrors.ALERT_NOT_FOUND(alertId, groupId);
    return alert;
  }

  private toResponse(alert: AlertEntity, now: Date): AlertResponse {
    return toAlertResponse(alert, now, this.links.self(alertPath(alert.groupId, alert.id)));
  }

  // Queued with the deliveries and sent to receivers: links never from the Host header.
  private toDocument(alert: AlertEntity, now: Date): AlertResponse {
    return toAlertResponse(alert, now, this.links.persistentSelf(alertPath(alert.groupId, alert.id)));
  }

  private repository() {
    return this.txHost.tx.getRepository(AlertEntity);
  }
}
