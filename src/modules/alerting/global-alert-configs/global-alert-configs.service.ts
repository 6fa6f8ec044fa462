import { Inject, Injectable } from '@nestjs/common';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In, IsNull, MoreThanOrEqual } from 'typeorm';
import { ProjectDirectory } from '../../../platform/auth/principal';
import { Clock } from '../../../platform/clock/clock';
import type { AppConfig } from '../../../platform/config/app-config';
import { APP_CONFIG } from '../../../platform/config/config.module';
import { SecretBox } from '../../../platform/crypto/secret-box';
import { EventPublisher } from '../../../platform/events/event-publisher';
import { CommonErrors } from '../../../platform/http/error-codes';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import type { PageQuery } from '../../../platform/http/pagination/page.query';
import { assertReadOnlyUnchanged } from '../../../platform/http/read-only-fields';
import { isObjectId, newObjectId } from '../../../platform/ids/object-id';
import { ProjectTags } from '../../identity';
import { checkAlertConfig } from '../alert-configs/alert-config-rules';
import type { AlertConfigDraft, NotificationInput } from '../alert-configs/alert-config.types';
import {
  openNotification,
  restoreRedactedSecrets,
  sealNotification,
} from '../alert-configs/notification-secrets';
import { AlertConfigEventTypes } from '../alerting.events';
import { AlertingErrors } from '../alerting.errors';
import { AlertEntity } from '../alerts/alert.entity';
import { AlertsService } from '../alerts/alerts.service';
import { AlertConfigReconciler } from '../engine/alert-config-reconciler';
import type { GlobalAlertConfigFieldsRequest } from './dto/global-alert-config.request';
import type {
  CreateGlobalAlertConfigRequest,
  ReplaceGlobalAlertConfigRequest,
  ToggleGlobalAlertConfigRequest,
} from './dto/global-alert-config.request';
import type { GlobalAlertConfigResponse } from './dto/global-alert-config.response';
import {
  appliesTo,
  checkGlobalNotifications,
  checkGlobalScope,
  type GlobalScope,
} from './global-alert-config-rules';
import {
  globalAlertConfigPath,
  toGlobalAlertConfigResponse,
  toProjectDefinition,
} from './global-alert-config.mapper';
import { GlobalAlertConfigEntity } from './global-alert-config.entity';

type EventTypeName = (typeof AlertConfigEventTypes)[keyof typeof AlertConfigEventTypes];
type Draft = AlertConfigDraft & GlobalScope;

const ACTIVE = ['TRACKING', 'OPEN'];

// Alert configurations of the whole service. Validated as a project's (same rules, caps and template
// budget), plus their scope; every change runs in one transaction with its audit event (the project
// configurations' names, without a project). Writing one reconciles its alerts in every project it
// applies to, and cancels them in the projects it no longer does; deleting one cancels them all.
@Injectable()
export class GlobalAlertConfigsService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly events: EventPublisher,
    private readonly links: PageLinks,
    private readonly clock: Clock,
    private readonly secrets: SecretBox,
    private readonly alerts: AlertsService,
    private readonly reconciler: AlertConfigReconciler,
    private readonly projects: ProjectDirectory,
    private readonly projectTags: ProjectTags,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(page: PageQuery): Promise<ListEnvelope<GlobalAlertConfigResponse>> {
    const [rows, total] = await this.repository().findAndCount({
      where: { deleted: IsNull() },
      order: { seq: 'ASC' },
      skip: page.offset,
      take: page.itemsPerPage,
    });
    return this.links.list(
      page,
      rows.map((row) => this.toResponse(row)),
      total,
    );
  }

  async get(alertConfigId: string): Promise<GlobalAlertConfigResponse> {
    return this.toResponse(await this.find(alertConfigId, false));
  }

  // The configuration exists (not deleted): for the list of its open alerts.
  async assertExists(alertConfigId: string): Promise<void> {
    await this.find(alertConfigId, false);
  }

  @Transactional()
  async create(request: CreateGlobalAlertConfigRequest): Promise<GlobalAlertConfigResponse> {
    const draft = await this.check(request, request.eventTypeName, []);
    const now = this.clock.now();
    const entity: GlobalAlertConfigEntity = {
      id: newObjectId(now),
      ...this.columnsOf(draft),
      created: now,
      updated: now,
      deleted: null,
    };
    await this.repository().insert(entity);
    await this.reconcile(entity);
    await this.publish(AlertConfigEventTypes.ALERT_CONFIG_ADDED_AUDIT, entity);
    return this.toResponse(entity);
  }

  // PUT: secrets sent back in their redacted form keep the stored value, as for a project's.
  @Transactional()
  async replace(
    alertConfigId: string,
    request: ReplaceGlobalAlertConfigRequest,
  ): Promise<GlobalAlertConfigResponse> {
    const entity = await this.find(alertConfigId, true);
    assertReadOnlyUnchanged(request, () => this.toResponse(entity));
    const current = entity.notifications.map((stored) => openNotification(stored, this.secrets));
    const draft = await this.check(
      request,
      request.eventTypeName ?? entity.eventTypeName,
      current,
      entity.groupIds,
    );
    Object.assign(entity, this.columnsOf(draft), { updated: this.clock.now() });
    await this.repository().update({ id: entity.id }, { ...this.columnsOf(draft), updated: entity.updated });
    await this.reconcile(entity);
    await this.publish(AlertConfigEventTypes.ALERT_CONFIG_CHANGED_AUDIT, entity);
    return this.toResponse(entity);
  }

  @Transactional()
  async setEnabled(
    alertConfigId: string,
    request: ToggleGlobalAlertConfigRequest,
  ): Promise<GlobalAlertConfigResponse> {
    const entity = await this.find(alertConfigId, true);
    assertReadOnlyUnchanged(request, this.toResponse(entity));
    entity.enabled = request.enabled;
    entity.updated = this.clock.now();
    await this.repository().update({ id: entity.id }, { enabled: entity.enabled, updated: entity.updated });
    await this.reconcile(entity);
    const type = entity.enabled
      ? AlertConfigEventTypes.ALERT_CONFIG_ENABLED_AUDIT
      : AlertConfigEventTypes.ALERT_CONFIG_DISABLED_AUDIT;
    await this.publish(type, entity);
    return this.toResponse(entity);
  }

  // Cancels its TRACKING and OPEN alerts in every project (notified as a project configuration's are);
  // the row stays, marked deleted, so its alerts stay listed as global alerts.
  @Transactional()
  async delete(alertConfigId: string): Promise<void> {
    const entity = await this.find(alertConfigId, true);
    for (const groupId of await this.projectsWithActiveAlerts(entity.id)) {
      await this.alerts.cancelActiveForConfig(groupId, entity.id);
    }
    const now = this.clock.now();
    await this.repository().update({ id: entity.id }, { deleted: now, enabled: false, updated: now });
    await this.publish(AlertConfigEventTypes.ALERT_CONFIG_DELETED_AUDIT, entity);
  }

  // A project's tags changed (in the caller's transaction): the tag-scoped configurations are reconciled
  // in it, raising where one now applies and cancelling where one no longer does.
  async reconcileProjectTags(groupId: string, tags: readonly string[]): Promise<void> {
    const tagged = await this.repository().find({
      where: { forAllGroups: true, enabled: true, deleted: IsNull() },
      order: { seq: 'ASC' },
    });
    const configs = tagged
      .filter((entity) => entity.tags.length > 0)
      .map((entity) => ({
        ...toProjectDefinition(entity, groupId, this.secrets),
        enabled: appliesTo(entity, { id: groupId, tags }),
      }));
    if (configs.length > 0) await this.reconciler.reconcileAcross(configs);
  }

  // The engine sweep's second look at the global configurations written lately, as at the project ones
  // (AlertConfigReconciler.reconcileRecentWrites): a report evaluated with a cached view from before the
  // write is corrected once every cache has expired. Returns how many were looked at.
  async reconcileRecentWrites(): Promise<number> {
    const windowMs = this.config.alertEngineConfigCacheMs + 2 * this.config.alertEngineSweepMs;
    const since = new Date(this.clock.now().getTime() - windowMs);
    const written = await this.repository().find({
      select: { id: true },
      where: { updated: MoreThanOrEqual(since), deleted: IsNull() },
      order: { updated: 'ASC', id: 'ASC' },
    });
    for (const config of written) await this.reconcileWritten(config.id);
    return written.length;
  }

  // Locked as a write locks it: a PUT or another instance's sweep of the same configuration waits.
  @Transactional()
  private async reconcileWritten(alertConfigId: string): Promise<void> {
    const entity = await this.repository().findOne({
      where: { id: alertConfigId, deleted: IsNull() },
      lock: { mode: 'pessimistic_write' },
    });
    if (entity) await this.reconcile(entity);
  }

  // The configuration as each project sees it: enabled where it applies, disabled (its alerts cancelled)
  // where it holds alerts but no longer applies.
  private async reconcile(entity: GlobalAlertConfigEntity): Promise<void> {
    const applicable = (await this.projectTags.all()).filter((project) => appliesTo(entity, project));
    const groupIds = new Set(applicable.map((project) => project.id));
    const stale = (await this.projectsWithActiveAlerts(entity.id)).filter(
      (groupId) => !groupIds.has(groupId),
    );
    const configs = [
      ...applicable.map((project) => toProjectDefinition(entity, project.id, this.secrets)),
      ...stale.map((groupId) => ({ ...toProjectDefinition(entity, groupId, this.secrets), enabled: false })),
    ];
    await this.reconciler.reconcileAcross(configs);
  }

  private async projectsWithActiveAlerts(alertConfigId: string): Promise<string[]> {
    const rows = await this.txHost.tx.getRepository(AlertEntity).find({
      select: { groupId: true },
      where: { alertConfigId, status: In(ACTIVE) },
    });
    return [...new Set(rows.map((row) => row.groupId))].sort();
  }

  private async check(
    request: GlobalAlertConfigFieldsRequest,
    eventTypeName: string,
    current: Parameters<typeof restoreRedactedSecrets>[1],
    stored: readonly string[] = [],
  ): Promise<Draft> {
    const scope = checkGlobalScope(request);
    const inputs: NotificationInput[] | undefined = request.notifications?.map((notification) => ({
      ...notification,
    }));
    const notifications = inputs && restoreRedactedSecrets(inputs, current);
    const draft = checkAlertConfig({
      eventTypeName,
      enabled: request.enabled,
      matchers: request.matchers,
      metricThreshold: request.metricThreshold,
      threshold: request.threshold,
      notifications: notifications?.map((notification) => ({ ...notification })),
    });
    checkGlobalNotifications(draft.notifications);
    // A project named already may have been deleted since: a GET body sent back keeps naming it.
    for (const [index, groupId] of scope.groupIds.entries()) {
      if (!stored.includes(groupId) && (await this.projects.orgOf(groupId)) === null) {
        throw CommonErrors.VALIDATION_ERROR(`groupIds[${index}]`, `no project with ID ${groupId} exists`);
      }
    }
    return { ...draft, ...scope };
  }

  private columnsOf(draft: Draft): Omit<GlobalAlertConfigEntity, 'id' | 'created' | 'updated' | 'deleted'> {
    return {
      eventTypeName: draft.eventTypeName,
      enabled: draft.enabled,
      forAllGroups: draft.forAllGroups,
      groupIds: draft.groupIds,
      tags: draft.tags,
      matchers: draft.matchers,
      metricThreshold: draft.metricThreshold,
      threshold: draft.threshold,
      notifications: draft.notifications.map((notification) => sealNotification(notification, this.secrets)),
    };
  }

  private async publish(eventTypeName: EventTypeName, entity: GlobalAlertConfigEntity): Promise<void> {
    await this.events.publish({
      eventTypeName,
      subject: { alertConfigId: entity.id },
      raw: {
        eventTypeName: entity.eventTypeName,
        enabled: entity.enabled,
        forAllGroups: entity.forAllGroups,
      },
    });
  }

  private async find(alertConfigId: string, forUpdate: boolean): Promise<GlobalAlertConfigEntity> {
    if (!isObjectId(alertConfigId)) throw AlertingErrors.INVALID_ALERT_CONFIG_ID(alertConfigId);
    const entity = await this.repository().findOne({
      where: { id: alertConfigId, deleted: IsNull() },
      ...(forUpdate ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!entity) throw AlertingErrors.GLOBAL_ALERT_CONFIG_NOT_FOUND(alertConfigId);
    return entity;
  }

  private toResponse(entity: GlobalAlertConfigEntity): GlobalAlertConfigResponse {
    return toGlobalAlertConfigResponse(
      entity,
      this.secrets,
      this.links.self(globalAlertConfigPath(entity.id)),
    );
  }

  private repository() {
    return this.txHost.tx.getRepository(GlobalAlertConfigEntity);
  }
}
