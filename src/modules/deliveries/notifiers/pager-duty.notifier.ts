import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../../platform/config/app-config';
import { APP_CONFIG } from '../../../platform/config/config.module';
import { alertHeadline, alertLink, alertSubject, placePrefix, SENDER_NAME, truncate } from './alert-summary';
import { HttpDelivery, jsonPost } from './http-delivery';
import type { PagerDutyTarget } from './notification-target';
import type { AlertContext, AlertDocument, AlertEventKind, Notifier, NotifyResult } from './notifier';

type EventAction = 'trigger' | 'acknowledge' | 'resolve';

function eventAction(event: AlertEventKind): EventAction {
  switch (event) {
    case 'alert.acknowledge':
      return 'acknowledge';
    case 'alert.close':
    case 'alert.cancel':
      return 'resolve';
    case 'alert.open':
    case 'alert.update':
    case 'alert.inform':
      return 'trigger';
  }
}

// PagerDuty Events API v2 (POST /v2/enqueue). dedup_key = alert id, so the trigger, acknowledge and
// resolve of one alert land on one incident.
export function pagerDutyEvent(
  target: PagerDutyTarget,
  alert: AlertDocument,
  event: AlertEventKind,
  context: AlertContext = {},
): Record<string, unknown> {
  const action = eventAction(event);
  const base = { routing_key: target.serviceKey, event_action: action, dedup_key: alert.id };
  if (action !== 'trigger') return base;
  const link = alertLink(alert);
  return {
    ...base,
    client: SENDER_NAME,
    ...(link ? { client_url: link, links: [{ href: link, text: 'Open the alert' }] } : {}),
    payload: {
      summary: truncate(`${placePrefix(alert, context)}${alertHeadline(alert)}`, 1024),
      source: alertSubject(alert) ?? `project ${alert.groupId}`,
      // The product's alerts carry no severity.
      severity: event === 'alert.inform' ? 'info' : 'error',
      timestamp: alert.created,
      component: alert.metricName,
      group: alert.replicaSetName ?? alert.clusterName,
      class: alert.eventTypeName,
      custom_details: alert,
    },
  };
}

@Injectable()
export class PagerDutyNotifier implements Notifier<PagerDutyTarget> {
  readonly type = 'PAGER_DUTY';

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly delivery: HttpDelivery,
  ) {}

  notify(
    target: PagerDutyTarget,
    alert: AlertDocument,
    event: AlertEventKind,
    context?: AlertContext,
  ): Promise<NotifyResult> {
    return this.delivery.send(
      jsonPost(this.config.pagerDutyEventsUrl, pagerDutyEvent(target, alert, event, context)),
    );
  }
}
