import { assertReadOnlyUnchanged } from '../../../platform/http/read-only-fields';
import { Injectable } from '@nestjs/common';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { ProjectScope } from '../../../platform/auth/project-scope';
import { Clock } from '../../../platform/clock/clock';
import { SecretBox } from '../../../platform/crypto/secret-box';
import { EventPublisher } from '../../../platform/events/event-publisher';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import type { PageQuery } from '../../../platform/http/pagination/page.query';
import { isObjectId, newObjectId } from '../../../platform/ids/object-id';
import { AlertingErrors } from '../alerting.errors';
import { AlertsService } from '../alerts/alerts.service';
import { AlertConfigReconciler } from '../engine/alert-config-reconciler';
import type { AlertResponse } from '../alerts/dto/alert.response';
import { checkAlertConfig } from './alert-config-rules';
import { AlertConfigEventTypes } from '../alerting.events';
import { AlertConfigEntity } from './alert-config.entity';
import { AlertConfigStore } from './alert-config.store';
import { alertConfigPath, toAlertConfigDefinition, toAlertConfigResponse } from './alert-config.mapper';
import type {
  AlertConfigDefinition,
  AlertConfigDraft,
  AlertConfigInput,
  NotificationInput,
} from './alert-config.types';
import { DEFAULT_ALERT_CONFIGS } from './default-alert-configs';
import type { AlertConfigResponse } from './dto/alert-config.response';
import type { AlertConfigFieldsRequest, CreateAlertConfigRequest } from './dto/create-alert-config.request';
import type { ReplaceAlertConfigRequest } from './dto/replace-alert-config.request';
import type { ToggleAlertConfigRequest } from './dto/toggle-alert-config.request';
import { openNotification, restoreRedactedSecrets, sealNotification } from './notification-secrets';
import { ProjectIntegrations } from './project-integrations';
import { UserNotificationMembers } from './user-notification-members';
import { GlobalAlertConfigDefinitions } from '../global-alert-configs/global-alert-config-definitions';

type EventTypeName = (typeof AlertConfigEventTypes)[keyof typeof AlertConfigEventTypes];

// Alert configurations of a project. Every change runs in one transaction with its audit event. Creating,
// replacing, enabling or disabling one reconciles its alerts with the project's current state
// (engine/config-reconciliation.ts); deleting one cancels the alerts it has open, as the product does.
@Injectable()
export class AlertConfigsService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly scope: ProjectScope,
    private readonly events: EventPublisher,
    private readonly links: PageLinks,
    private readonly clock: Clock,
    private readonly secrets: SecretBox,
    private readonly alerts: AlertsService,
    private readonly store: AlertConfigStore,
    private readonly reconciler: AlertConfigReconciler,
    private readonly projectIntegrations: ProjectIntegrations,
    private readonly userMembers: UserNotificationMembers,
    private readonly globalConfigs: GlobalAlertConfigDefinitions,
  ) {}

  async list(groupId: string, page: PageQuery): Promise<ListEnvelope<AlertConfigResponse>> {
    await this.scope.orgOf(groupId);
    const [rows, total] = await this.repository().findAndCount({
      where: { groupId },
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

  async get(groupId: string, alertConfigId: string): Promise<AlertConfigResponse> {
    await this.scope.orgOf(groupId);
    return this.toResponse(await this.find(groupId, alertConfigId, false));
  }

  async openAlerts(
    groupId: string,
    alertConfigId: string,
    page: PageQuery,
  ): Promise<ListEnvelope<AlertResponse>> {
    await this.scope.orgOf(groupId);
    await this.find(groupId, alertConfigId, false);
    return this.alerts.openAlertsForConfig(groupId, alertConfigId, page);
  }

  @Transactional()
  async create(groupId: string, request: CreateAlertConfigRequest): Promise<AlertConfigResponse> {
    const orgId = await this.scope.orgOf(groupId);
    checkGroupId(groupId, request);
    // No secret is stored yet, so a redacted value sent here is refused rather than stored.
    const notifications = request.notifications && restoreRedactedSecrets(notificationInputs(request), []);
    const draft = checkAlertConfig(inputOf(request, request.eventTypeName, notifications));
    await this.projectIntegrations.assertUsable(groupId, draft.notifications);
    await this.userMembers.assertMembers(groupId, draft.notifications);
    const entity = await this.insert(groupId, orgId, draft);
    await this.reconciler.reconcile(entity);
    return this.toResponse(entity);
  }

  // PUT /groups/{groupId}/alertConfigs/{alertConfigId}. Secrets sent back in their redacted form keep the
  // stored value (notification-secrets.ts). The response is built from the written entity after the
  // commit: the row lock is not held while it is built.
  async replace(
    groupId: string,
    alertConfigId: string,
    request: ReplaceAlertConfigRequest,
  ): Promise<AlertConfigResponse> {
    return this.toResponse(await this.replaceLocked(groupId, alertConfigId, request));
  }

  @Transactional()
  private async replaceLocked(
    groupId: string,
    alertConfigId: string,
    request: ReplaceAlertConfigRequest,
  ): Promise<AlertConfigEntity> {
    const orgId = await this.scope.orgOf(groupId);
    const entity = await this.find(groupId, alertConfigId, true);
    checkGroupId(groupId, request);
    assertReadOnlyUnchanged(request, () => this.toResponse(entity));
    const current = entity.notifications.map((stored) => openNotification(stored, this.secrets));
    const notifications =
      request.notifications && restoreRedactedSecrets(notificationInputs(request), current);
    const draft = checkAlertConfig(
      inputOf(request, request.eventTypeName ?? entity.eventTypeName, notifications),
    );
    await this.projectIntegrations.assertUsable(groupId, draft.notifications);
    await this.userMembers.assertMembers(groupId, draft.notifications);
    Object.assign(entity, this.columnsOf(draft), { updated: this.clock.now() });
    await this.store.update(entity);
    await this.reconciler.reconcile(entity);
    await this.publish(AlertConfigEventTypes.ALERT_CONFIG_CHANGED_AUDIT, orgId, entity);
    return entity;
  }

  @Transactional()
  async setEnabled(
    groupId: string,
    alertConfigId: string,
    request: ToggleAlertConfigRequest,
  ): Promise<AlertConfigResponse> {
    const orgId = await this.scope.orgOf(groupId);
    const entity = await this.find(groupId, alertConfigId, true);
    assertReadOnlyUnchanged(request, this.toResponse(entity));
    const enabled = request.enabled;
    entity.enabled = enabled;
    entity.updated = this.clock.now();
    await this.repository().update({ id: entity.id }, { enabled, updated: entity.updated });
    await this.reconciler.reconcile(entity);
    const type = enabled
      ? AlertConfigEventTypes.ALERT_CONFIG_ENABLED_AUDIT
      : AlertConfigEventTypes.ALERT_CONFIG_DISABLED_AUDIT;
    await this.publish(type, orgId, entity);
    return this.toResponse(entity);
  }

  @Transactional()
  async delete(groupId: string, alertConfigId: string): Promise<void> {
    const orgId = await this.scope.orgOf(groupId);
    const entity = await this.find(groupId, alertConfigId, true);
    await this.alerts.cancelActiveForConfig(groupId, alertConfigId);
    await this.repository().delete({ id: entity.id });
    await this.publish(AlertConfigEventTypes.ALERT_CONFIG_DELETED_AUDIT, orgId, entity);
  }

  // The product's default configurations of a new project (default-alert-configs.ts), each audited.
  @Transactional()
  async createDefaults(groupId: string, orgId: string): Promise<void> {
    for (const defaults of DEFAULT_ALERT_CONFIGS)
      await this.insert(groupId, orgId, checkAlertConfig(defaults));
  }

  // For the alert engine (internal, not exposed over HTTP): enabled configurations with secrets in clear.
  async enabledConfigsOf(groupId: string): Promise<AlertConfigDefinition[]> {
    const rows = await this.repository().find({
      where: { groupId, enabled: true },
      order: { seq: 'ASC' },
    });
    return rows.map((row) => toAlertConfigDefinition(row, this.secrets));
  }

  // For the delivery side (internal): one configuration, enabled or not, with secrets in clear; a global
  // configuration's alert in this project is notified as if the configuration were the project's.
  async definitionOf(groupId: string, alertConfigId: string): Promise<AlertConfigDefinition | null> {
    if (!isObjectId(alertConfigId)) return null;
    const row = await this.repository().findOne({ where: { id: alertConfigId, groupId } });
    if (row) return toAlertConfigDefinition(row, this.secrets);
    return this.globalConfigs.definitionFor(groupId, alertConfigId);
  }

  private async insert(groupId: string, orgId: string, draft: AlertConfigDraft): Promise<AlertConfigEntity> {
    const now = this.clock.now();
    const entity: AlertConfigEntity = {
      id: newObjectId(now),
      groupId,
      ...this.columnsOf(draft),
      created: now,
      updated: now,
    };
    await this.repository().insert(entity);
    await this.publish(AlertConfigEventTypes.ALERT_CONFIG_ADDED_AUDIT, orgId, entity);
    return entity;
  }

  private columnsOf(
    draft: AlertConfigDraft,
  ): Omit<AlertConfigEntity, 'id' | 'groupId' | 'created' | 'updated'> {
    return {
      eventTypeName: draft.eventTypeName,
      enabled: draft.enabled,
      matchers: draft.matchers,
      metricThreshold: draft.metricThreshold,
      threshold: draft.threshold,
      notifications: draft.notifications.map((notification) => sealNotification(notification, this.secrets)),
    };
  }

  private async publish(
    eventTypeName: EventTypeName,
    orgId: string,
    entity: AlertConfigEntity,
  ): Promise<void> {
    await this.events.publish({
      eventTypeName,
      orgId,
      groupId: entity.groupId,
      subject: { alertConfigId: entity.id },
      raw: { eventTypeName: entity.eventTypeName, enabled: entity.enabled },
    });
  }

  private async find(groupId: string, alertConfigId: string, forUpdate: boolean): Promise<AlertConfigEntity> {
    if (!isObjectId(alertConfigId)) throw AlertingErrors.INVALID_ALERT_CONFIG_ID(alertConfigId);
    const entity = await this.store.find(groupId, alertConfigId, forUpdate);
    if (!entity) throw AlertingErrors.ALERT_CONFIG_NOT_FOUND(alertConfigId, groupId);
    return entity;
  }

  private toResponse(entity: AlertConfigEntity): AlertConfigResponse {
    return toAlertConfigResponse(
      entity,
      this.secrets,
      this.links.self(alertConfigPath(entity.groupId, entity.id)),
    );
  }

  private repository() {
    return this.txHost.tx.getRepository(AlertConfigEntity);
  }
}

// Clients round-trip GET bodies: groupId is accepted when it names the project of the URL.
function checkGroupId(groupId: string, request: AlertConfigFieldsRequest): void {
  if (request.groupId !== undefined && request.groupId !== groupId) {
    throw AlertingErrors.GROUP_MISMATCH(request.groupId, groupId);
  }
}

function notificationInputs(request: AlertConfigFieldsRequest): NotificationInput[] {
  return (request.notifications ?? []).map((notification) => ({ ...notification }));
}

// typeName, id, created, updated and links of the body are the service's own: never taken from the client.
function inputOf(
  request: AlertConfigFieldsRequest,
  eventTypeName: string,
  notifications: NotificationInput[] | AlertConfigFieldsRequest['notifications'],
): AlertConfigInput {
  return {
    eventTypeName,
    enabled: request.enabled,
    matchers: request.matchers,
    metricThreshold: request.metricThreshold,
    threshold: request.threshold,
    notifications: notifications?.map((notification) => ({ ...notification })),
  };
}
