import { Injectable } from '@nestjs/common';
import { alertFacts, alertHeadline, alertLink, EVENT_LABELS } from './alert-summary';
import { HttpDelivery, jsonPost } from './http-delivery';
import type { MicrosoftTeamsTarget } from './notification-target';
import type { AlertContext, AlertDocument, AlertEventKind, Notifier, NotifyResult } from './notifier';

function color(event: AlertEventKind): string {
  switch (event) {
    case 'alert.open':
    case 'alert.update':
      return 'Attention';
    case 'alert.acknowledge':
      return 'Warning';
    case 'alert.close':
      return 'Good';
    case 'alert.cancel':
    case 'alert.inform':
      return 'Default';
  }
}

// An Adaptive Card in a message envelope: the payload both the legacy Office 365 connector webhooks and
// the Workflows webhooks that replace them accept.
export function teamsMessage(
  alert: AlertDocument,
  event: AlertEventKind,
  context: AlertContext = {},
): Record<string, unknown> {
  const link = alertLink(alert);
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            {
              type: 'TextBlock',
              size: 'Large',
              weight: 'Bolder',
              color: color(event),
              text: EVENT_LABELS[event],
            },
            { type: 'TextBlock', text: alertHeadline(alert), wrap: true },
            {
              type: 'FactSet',
              facts: alertFacts(alert, context).map(([title, value]) => ({ title, value })),
            },
          ],
          ...(link ? { actions: [{ type: 'Action.OpenUrl', title: 'Open the alert', url: link }] } : {}),
        },
      },
    ],
  };
}

// The webhook URL comes from the user, so the SSRF guard matters most here and for WEBHOOK.
@Injectable()
export class MicrosoftTeamsNotifier implements Notifier<MicrosoftTeamsTarget> {
  readonly type = 'MICROSOFT_TEAMS';

  constructor(private readonly delivery: HttpDelivery) {}

  notify(
    target: MicrosoftTeamsTarget,
    alert: AlertDocument,
    event: AlertEventKind,
    context?: AlertContext,
  ): Promise<NotifyResult> {
    return this.delivery.send(jsonPost(target.webhookUrl, teamsMessage(alert, event, context)));
  }
}
