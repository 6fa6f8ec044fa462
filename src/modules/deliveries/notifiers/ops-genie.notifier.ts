import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../../platform/config/app-config';
import { APP_CONFIG } from '../../../platform/config/config.module';
import type { OutboundRequest } from '../../../platform/net/outbound';
import {
  alertFacts,
  alertHeadline,
  alertSubject,
  EVENT_LABELS,
  SENDER_NAME,
  truncate,
} from './alert-summary';
import { HttpDelivery, jsonPost } from './http-delivery';
import type { OpsGenieTarget } from './notification-target';
import type { AlertContext, AlertDocument, AlertEventKind, Notifier, NotifyResult } from './notifier';

// Opsgenie Alert API v2. alias = alert id: a repeated create with the same alias is de-duplicated into
// the open Opsgenie alert, and acknowledge / close address it by alias.
export function opsGenieRequest(
  baseUrl: string,
  target: OpsGenieTarget,
  alert: AlertDocument,
  event: AlertEventKind,
  context: AlertContext = {},
): OutboundRequest {
  const headers = { Authorization: `GenieKey ${target.apiKey}` };
  const byAlias = (action: string) =>
    `${baseUrl}/v2/alerts/${encodeURIComponent(alert.id)}/${action}?identifierType=alias`;
  const note = { source: SENDER_NAME, user: SENDER_NAME, note: EVENT_LABELS[event] };
  switch (event) {
    case 'alert.acknowledge':
      return jsonPost(byAlias('acknowledge'), note, headers);
    case 'alert.close':
    case 'alert.cancel':
      return jsonPost(byAlias('close'), note, headers);
    case 'alert.open':
    case 'alert.update':
    case 'alert.inform': {
      const facts = alertFacts(alert, context);
      return jsonPost(
        `${baseUrl}/v2/alerts`,
        {
          message: truncate(alertHeadline(alert), 130),
          alias: alert.id,
          description: truncate(facts.map(([name, value]) => `${name}: ${value}`).join('\n'), 15000),
          entity: alertSubject(alert),
          source: SENDER_NAME,
          tags: alert.tags.slice(0, 20),
          details: Object.fromEntries(facts),
          priority: event === 'alert.inform' ? 'P5' : 'P3',
        },
        headers,
      );
    }
  }
}

@Injectable()
export class OpsGenieNotifier implements Notifier<OpsGenieTarget> {
  readonly type = 'OPS_GENIE';

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly delivery: HttpDelivery,
  ) {}

  notify(
    target: OpsGenieTarget,
    alert: AlertDocument,
    event: AlertEventKind,
    context?: AlertContext,
  ): Promise<NotifyResult> {
    const baseUrl = target.region === 'EU' ? this.config.opsGenieApiUrlEu : this.config.opsGenieApiUrlUs;
    return this.delivery.send(opsGenieRequest(baseUrl, target, alert, event, context));
  }
}
