import { Injectable } from '@nestjs/common';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In, type FindOptionsWhere } from 'typeorm';
import type { Principal } from '../../../platform/auth/principal';
import type { LinkResponse } from '../../../platform/http/pagination/link.response';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import type { PageQuery } from '../../../platform/http/pagination/page.query';
import { isObjectId } from '../../../platform/ids/object-id';
import { AlertingErrors } from '../alerting.errors';
import { isAlertStatus } from '../alerts/alert-state';
import { AlertEntity } from '../alerts/alert.entity';
import { AlertsService } from '../alerts/alerts.service';
import type { AcknowledgeAlertRequest } from '../alerts/dto/acknowledge-alert.request';
import type { AlertResponse } from '../alerts/dto/alert.response';
import type { ListAlertsQuery } from '../alerts/dto/list-alerts.query';
import { GlobalAlertConfigEntity } from '../global-alert-configs/global-alert-config.entity';

export function globalAlertPath(alertId: string): string {
  return `/globalAlerts/${alertId}`;
}

// The alerts raised by global configurations, in every project (each is also one of its project's
// alerts, listed and acknowledged there too). Those of a deleted configuration stay listed.
@Injectable()
export class GlobalAlertsService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly alerts: AlertsService,
    private readonly links: PageLinks,
  ) {}

  async list(query: ListAlertsQuery): Promise<ListEnvelope<AlertResponse>> {
    if (query.status !== undefined && !isAlertStatus(query.status)) {
      throw AlertingErrors.INVALID_ALERT_STATUS(query.status);
    }
    const configIds = await this.globalConfigIds();
    if (configIds.length === 0) return this.links.list(query, [], 0);
    return this.page(
      { alertConfigId: In(configIds), ...(query.status === undefined ? {} : { status: query.status }) },
      query,
    );
  }

  // GET /globalAlertConfigs/{id}/alerts: the OPEN alerts of one global configuration, in every project.
  openAlertsOf(alertConfigId: string, page: PageQuery): Promise<ListEnvelope<AlertResponse>> {
    return this.page({ alertConfigId, status: 'OPEN' }, page);
  }

  async get(alertId: string): Promise<AlertResponse> {
    const [response] = await this.alerts.present([await this.find(alertId)], (alert) => this.linksOf(alert));
    return response;
  }

  // As a project's alert is acknowledged (same rules, same audit event), through its project; the links
  // sent back and answered are this route's.
  @Transactional()
  async acknowledge(
    alertId: string,
    request: AcknowledgeAlertRequest,
    principal: Principal,
  ): Promise<AlertResponse> {
    const alert = await this.find(alertId);
    return this.alerts.acknowledge(alert.groupId, alertId, request, principal, this.linksOf(alert));
  }

  private async find(alertId: string): Promise<AlertEntity> {
    if (!isObjectId(alertId)) throw AlertingErrors.INVALID_ALERT_ID(alertId);
    const alert = await this.alertRepository().findOneBy({ id: alertId });
    const global =
      alert !== null &&
      (await this.txHost.tx.getRepository(GlobalAlertConfigEntity).existsBy({ id: alert.alertConfigId }));
    if (!alert || !global) throw AlertingErrors.GLOBAL_ALERT_NOT_FOUND(alertId);
    return alert;
  }

  private async globalConfigIds(): Promise<string[]> {
    const rows = await this.txHost.tx.getRepository(GlobalAlertConfigEntity).find({ select: { id: true } });
    return rows.map((row) => row.id);
  }

  private page(where: FindOptionsWhere<AlertEntity>, page: PageQuery): Promise<ListEnvelope<AlertResponse>> {
    return this.alerts.page(where, page, (alert) => this.linksOf(alert));
  }

  private linksOf(alert: AlertEntity): LinkResponse[] {
    return this.links.self(globalAlertPath(alert.id));
  }

  private alertRepository() {
    return this.txHost.tx.getRepository(AlertEntity);
  }
}
