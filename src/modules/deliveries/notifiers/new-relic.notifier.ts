import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../../platform/config/app-config';
import { APP_CONFIG } from '../../../platform/config/config.module';
import { epochSeconds } from './alert-summary';
import { HttpDelivery, jsonPost } from './http-delivery';
import type { NewRelicTarget } from './notification-target';
import type { AlertDocument, AlertEventKind, Notifier, NotifyResult } from './notifier';

export const NEW_RELIC_EVENT_TYPE = 'DeploymentManagementAlert';

// The product's NEW_RELIC integration fed New Relic Insights; alerts go there as custom events through
// the Insights insert API, whose attributes must be flat strings or numbers.
export function newRelicEvents(
  alert: AlertDocument,
  event: AlertEventKind,
): Array<Record<string, string | number>> {
  const attributes: Record<string, string | number | undefined> = {
    eventType: NEW_RELIC_EVENT_TYPE,
    timestamp: epochSeconds(alert.updated),
    event,
    alertId: alert.id,
    alertConfigId: alert.alertConfigId,
    groupId: alert.groupId,
    eventTypeName: alert.eventTypeName,
    status: alert.status,
    humanReadable: alert.humanReadable,
    metricName: alert.metricName,
    currentValue: alert.currentValue?.number,
    units: alert.currentValue?.units,
    hostnameAndPort: alert.hostnameAndPort,
    replicaSetName: alert.replicaSetName,
    clusterName: alert.clusterName,
  };
  const defined = Object.entries(attributes).filter(
    (entry): entry is [string, string | number] => entry[1] !== undefined,
  );
  return [Object.fromEntries(defined)];
}

@Injectable()
export class NewRelicNotifier implements Notifier<NewRelicTarget> {
  readonly type = 'NEW_RELIC';

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly delivery: HttpDelivery,
  ) {}

  notify(target: NewRelicTarget, alert: AlertDocument, event: AlertEventKind): Promise<NotifyResult> {
    const url = `${this.config.newRelicEventsUrl}/${encodeURIComponent(target.accountId)}/events`;
    return this.delivery.send(
      jsonPost(url, newRelicEvents(alert, event), { 'X-Insert-Key': target.writeToken }),
    );
  }
}
