import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../../platform/config/app-config';
import { APP_CONFIG } from '../../../platform/config/config.module';
import type { OutboundRequest } from '../../../platform/net/outbound';
import { alertFacts, alertHeadline, epochSeconds, SENDER_NAME, truncate } from './alert-summary';
import { HttpDelivery, jsonPost } from './http-delivery';
import type { VictorOpsTarget } from './notification-target';
import type { AlertContext, AlertDocument, AlertEventKind, Notifier, NotifyResult } from './notifier';

function messageType(event: AlertEventKind): string {
  switch (event) {
    case 'alert.open':
    case 'alert.update':
      return 'CRITICAL';
    case 'alert.inform':
      return 'INFO';
    case 'alert.acknowledge':
      return 'ACKNOWLEDGEMENT';
    case 'alert.close':
    case 'alert.cancel':
      return 'RECOVERY';
  }
}

// VictorOps (Splunk On-Call) REST endpoint: .../alert/{apiKey}/{routingKey}; without a routing key the
// segment is left out and VictorOps routes to its default. entity_id = alert id ties the incident's
// trigger, acknowledgement and recovery together.
export function victorOpsRequest(
  baseUrl: string,
  target: VictorOpsTarget,
  alert: AlertDocument,
  event: AlertEventKind,
  context: AlertContext = {},
): OutboundRequest {
  const routing = target.routingKey ? `/${encodeURIComponent(target.routingKey)}` : '';
  return jsonPost(`${baseUrl}/${encodeURIComponent(target.apiKey)}${routing}`, {
    message_type: messageType(event),
    entity_id: alert.id,
    entity_display_name: truncate(alertHeadline(alert), 512),
    state_message: alertFacts(alert, context)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n'),
    state_start_time: epochSeconds(alert.updated),
    monitoring_tool: SENDER_NAME,
  });
}

@Injectable()
export class VictorOpsNotifier implements Notifier<VictorOpsTarget> {
  readonly type = 'VICTOR_OPS';

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly delivery: HttpDelivery,
  ) {}

  notify(
    target: VictorOpsTarget,
    alert: AlertDocument,
    event: AlertEventKind,
    context?: AlertContext,
  ): Promise<NotifyResult> {
    return this.delivery.send(victorOpsRequest(this.config.victorOpsApiUrl, target, alert, event, context));
  }
}
