import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { type FindOptionsWhere } from 'typeorm';
import type { Principal } from '../../../platform/auth/principal';
import { ProjectDirectory } from '../../../platform/auth/principal';
import { ProjectScope } from '../../../platform/auth/project-scope';
import { Clock } from '../../../platform/clock/clock';
import { SecretBox } from '../../../platform/crypto/secret-box';
import { EventPublisher } from '../../../platform/events/event-publisher';
import { CommonErrors } from '../../../platform/http/error-codes';
import { parseIsoDateTime } from '../../../platform/http/iso-date-time';
import type { LinkResponse } from '../../../platform/http/pagination/link.response';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import type { PageQuery } from '../../../platform/http/pagination/page.query';
import { assertReadOnlyUnchanged } from '../../../platform/http/read-only-fields';
import { toIsoSeconds } from '../../../platform/http/timestamps';
import { isObjectId, newObjectId } from '../../../platform/ids/object-id';
import { emitInOrder } from '../../../platform/events/emit-in-order';
import { AlertingErrors } from '../alerting.errors';
import { toAlertConfigSettings, type AlertConfigSettings } from '../alert-configs/alert-config.mapper';
import {
  checkNewAlert,
  DuplicateActiveAlertError,
  InvalidAlertError,
  targetKeyOf,
  type NewAlert,
} from './alert-details';
import { AlertStore } from './alert.store';
import { AlertSettingsReadModelStore } from './alert-settings-read-model.store';
import { AlertEventTypes, closingEventTypeOf } from '../alerting.events';
import { ALERT_TRANSITIONED, ALERTS_RAISED, type AlertTransitionedEvent } from './alert-transitioned.event';
import { canChangeAcknowledgement, isAlertStatus, transition, type AlertStatus } from './alert-state';
import { AlertEntity } from './alert.entity';
import { alertPath, toAlertEventSubject, toAlertResponse } from './alert.mapper';
import {
  MAX_ACKNOWLEDGEMENT_COMMENT_LENGTH,
  type AcknowledgeAlertRequest,
} from './dto/acknowledge-alert.request';
import type { AlertResponse } from './dto/alert.response';
import type { ListAlertsQuery } from './dto/list-alerts.query';
import { lockAlertTargets } from '../alerting.locks';

// One alert to raise: OPEN when its condition holds past its delay (or has none), TRACKING until then.
export interface NewRaise {
  alert: NewAlert;
  status: 'TRACKING' | 'OPEN';
}

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
    private readonly alertSettings: AlertSettingsReadModelStore,
    private readonly secrets: SecretBox,
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
    const [response] = await this.present([await this.find(groupId, alertId, false)], (alert) =>
      this.links.self(alertPath(alert.groupId, alert.id)),
    );
    return response;
  }

  // Alerts as the API prints them, each with its configuration's settings (read for all of them at once)
  // and the links `linksOf` gives it (a project's alert route, or the global alerts').
  async present(
    alerts: AlertEntity[],
    linksOf: (alert: AlertEntity) => LinkResponse[],
  ): Promise<AlertResponse[]> {
    const settings = await this.settingsOf(alerts);
    const now = this.clock.now();
    return alerts.map((alert) =>
      toAlertResponse(alert, now, linksOf(alert), settings.get(alert.alertConfigId)),
    );
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
  // without it, unacknowledges. `links`: those the route's GET prints (the global alerts' route prints its
  // own), which the request may send back unchanged and the response carries.
  @Transactional()
  async acknowledge(
    groupId: string,
    alertId: string,
    request: AcknowledgeAlertRequest,
    principal: Principal,
    links: LinkResponse[] = this.links.self(alertPath(groupId, alertId)),
  ): Promise<AlertResponse> {
    const orgId = await this.scope.orgOf(groupId);
    const alert = await this.find(groupId, alertId, true);
    const settings = (await this.settingsOf([alert])).get(alert.alertConfigId);
    assertReadOnlyUnchanged(request, () => toAlertResponse(alert, this.clock.now(), links, settings));
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
    return toAlertResponse(alert, now, links, settings);
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
  markNotified(alertId: string): Promise<void> {
    return this.markNotifiedMany([alertId]);
  }

  // The same for many alerts, in one statement.
  @Transactional()
  async markNotifiedMany(alertIds: readonly string[]): Promise<void> {
    const found = await this.alertStore.markNotified(alertIds, this.clock.now());
    if (found < new Set(alertIds).size) {
      throw new InvalidAlertError(
        `no alert with id ${alertIds.length === 1 ? alertIds[0] : alertIds.join(', ')}`,
      );
    }
  }

  // Engine: the alerts one evaluation raises (a report's), in the caller's transaction, a few statements for
  // all of them. A slot already taken (or asked twice) is skipped; answers how many were raised.
  @Transactional()
  async raiseMany(raises: ReadonlyArray<NewRaise>): Promise<number> {
    return (await this.raiseAll(raises)).raised.length;
  }

  private async raise(input: NewAlert, status: 'TRACKING' | 'OPEN'): Promise<AlertResponse> {
    const { raised, taken } = await this.raiseAll([{ alert: input, status }]);
    const [alert] = raised;
    if (alert === undefined) {
      throw new DuplicateActiveAlertError(input.alertConfigId, targetKeyOf(input), taken[0]);
    }
    return this.toResponse(alert, alert.updated);
  }

  // Per (project, configuration, target) one alert at most: its advisory lock (all in one statement), then
  // one read of the slots already taken, one INSERT, the lifecycle events of those raised OPEN in one
  // statement, and ALERTS_RAISED for the notifications.
  // Answers the alerts raised, and the ids of the active alerts that held slots asked for.
  private async raiseAll(
    raises: ReadonlyArray<NewRaise>,
  ): Promise<{ raised: AlertEntity[]; taken: string[] }> {
    for (const { alert } of raises) checkNewAlert(alert);
    const orgs = new Map<string, string>();
    for (const groupId of new Set(raises.map(({ alert }) => alert.groupId))) {
      const orgId = await this.projects.orgOf(groupId);
      if (orgId === null) throw new InvalidAlertError(`project ${groupId} does not exist`);
      orgs.set(groupId, orgId);
    }
    const slotOf = (groupId: string, alertConfigId: string, targetKey: string) =>
      JSON.stringify([groupId, alertConfigId, targetKey]);
    const wanted = new Map<string, NewRaise & { targetKey: string }>();
    for (const raise of raises) {
      const targetKey = targetKeyOf(raise.alert);
      const slot = slotOf(raise.alert.groupId, raise.alert.alertConfigId, targetKey);
      if (!wanted.has(slot)) wanted.set(slot, { ...raise, targetKey });
    }
    const targets = [...wanted.values()].map(({ alert, targetKey }) => ({ ...alert, targetKey }));
    await lockAlertTargets(this.txHost.tx, targets);
    // Per project: a global configuration raises alerts in many projects, on targets named alike.
    const taken: string[] = [];
    for (const groupId of orgs.keys()) {
      const active = await this.alertStore.activeTargetsOf(
        groupId,
        targets.filter((target) => target.groupId === groupId),
      );
      for (const slot of active) {
        wanted.delete(slotOf(groupId, slot.alertConfigId, slot.targetKey));
        taken.push(slot.id);
      }
    }
    const now = this.clock.now();
    const rows = [...wanted.values()].map(({ alert, status }) => this.newAlert(alert, status, now));
    // The partial unique index is the last guard (e.g. a row written by other code than this method).
    const written = await this.alertStore.insertMany(rows);
    const raised = rows.filter((row) => written.has(row.id));
    await this.events.publishMany(
      raised
        .filter((alert) => alert.status === 'OPEN')
        .map((alert) => this.lifecycleEvent(alert, alert.eventTypeName, orgs.get(alert.groupId) ?? null)),
    );
    if (raised.length > 0) {
      await emitInOrder(
        this.emitter,
        ALERTS_RAISED,
        raised.map((alert) => this.transitionOf(alert, null, orgs.get(alert.groupId) ?? null, false)),
      );
    }
    return { raised, taken };
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
    await emitInOrder(this.emitter, ALERT_TRANSITIONED, this.transitionOf(alert, from, orgId, informational));
  }

  private transitionOf(
    alert: AlertEntity,
    from: AlertStatus | null,
    orgId: string | null,
    informational: boolean,
  ): AlertTransitionedEvent {
    return {
      informational,
      alert: this.toDocument(alert, alert.updated),
      from,
      to: alert.status,
      orgId,
      created: alert.created,
      at: alert.updated,
    };
  }

  private async publishLifecycle(
    alert: AlertEntity,
    eventTypeName: string,
    orgId: string | null,
  ): Promise<void> {
    await this.events.publish(this.lifecycleEvent(alert, eventTypeName, orgId));
  }

  private lifecycleEvent(alert: AlertEntity, eventTypeName: string, orgId: string | null) {
    return {
      eventTypeName,
      orgId: orgId ?? undefined,
      groupId: alert.groupId,
      subject: toAlertEventSubject(alert),
      occurredAt: alert.updated,
    };
  }

  // One page of alerts, newest first; `linksOf` as for present(), a project's alert route by default.
  async page(
    where: FindOptionsWhere<AlertEntity>,
    page: PageQuery,
    linksOf: (alert: AlertEntity) => LinkResponse[] = (alert) =>
      this.links.self(alertPath(alert.groupId, alert.id)),
  ): Promise<ListEnvelope<AlertResponse>> {
    const [rows, total] = await this.repository().findAndCount({
      where,
      order: { created: 'DESC', id: 'DESC' },
      skip: page.offset,
      take: page.itemsPerPage,
    });
    return this.links.list(page, await this.present(rows, linksOf), total);
  }

  private async settingsOf(alerts: AlertEntity[]): Promise<Map<string, AlertConfigSettings>> {
    const stored = await this.alertSettings.configSettingsOf([
      ...new Set(alerts.map((a) => a.alertConfigId)),
    ]);
    return new Map(
      [...stored].map(([alertConfigId, settings]) => [
        alertConfigId,
        toAlertConfigSettings(settings, this.secrets),
      ]),
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
