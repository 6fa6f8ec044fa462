import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../../platform/config/app-config';
import { APP_CONFIG } from '../../../platform/config/config.module';
import { alertFacts, alertHeadline, epochSeconds, EVENT_LABELS, truncate } from './alert-summary';
import { HttpDelivery, jsonPost } from './http-delivery';
import type { DatadogTarget } from './notification-target';
import type { AlertContext, AlertDocument, AlertEventKind, Notifier, NotifyResult } from './notifier';

// API hosts of the Datadog sites (Atlas v2 DatadogRegion values, catalog DATADOG_REGIONS).
const DATADOG_SITES: Readonly<Record<string, string>> = {
  US: 'https://api.datadoghq.com',
  EU: 'https://api.datadoghq.eu',
  US3: 'https://api.us3.datadoghq.com',
  US5: 'https://api.us5.datadoghq.com',
  AP1: 'https://api.ap1.datadoghq.com',
  US1_FED: 'https://api.ddog-gov.com',
};

export function datadogSite(region: string | undefined): string {
  return DATADOG_SITES[region ?? 'US'] ?? DATADOG_SITES.US;
}

function alertType(event: AlertEventKind): string {
  switch (event) {
    case 'alert.open':
    case 'alert.update':
      return 'error';
    case 'alert.acknowledge':
      return 'warning';
    case 'alert.close':
      return 'success';
    case 'alert.cancel':
    case 'alert.inform':
      return 'info';
  }
}

// Datadog Events API v1 (POST /api/v1/events); aggregation_key = alert id groups one alert's events.
export function datadogEvent(
  alert: AlertDocument,
  event: AlertEventKind,
  context: AlertContext = {},
): Record<string, unknown> {
  return {
    title: truncate(`${EVENT_LABELS[event]}: ${alertHeadline(alert)}`, 100),
    text: truncate(
      alertFacts(alert, context)
        .map(([name, value]) => `${name}: ${value}`)
        .join('\n'),
      4000,
    ),
    alert_type: alertType(event),
    aggregation_key: alert.id,
    date_happened: epochSeconds(alert.updated),
    tags: [
      `alert_id:${alert.id}`,
      `group_id:${alert.groupId}`,
      `event_type:${alert.eventTypeName}`,
      `status:${alert.status}`,
    ],
  };
}

@Injectable()
export class DatadogNotifier implements Notifier<DatadogTarget> {
  readonly type = 'DATADOG';

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly delivery: HttpDelivery,
  ) {}

  notify(
    target: DatadogTarget,
    alert: AlertDocument,
    event: AlertEventKind,
    context?: AlertContext,
  ): Promise<NotifyResult> {
    const site = this.config.datadogApiUrl ?? datadogSite(target.region);
    return this.delivery.send(
      jsonPost(`${site}/api/v1/events`, datadogEvent(alert, event, context), { 'DD-API-KEY': target.apiKey }),
    );
  }
}
