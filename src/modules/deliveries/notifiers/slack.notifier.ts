import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../../platform/config/app-config';
import { APP_CONFIG } from '../../../platform/config/config.module';
import type { OutboundResponse } from '../../../platform/net/outbound';
import { alertFacts, alertHeadline, alertLink, placePrefix, EVENT_LABELS, truncate } from './alert-summary';
import { outcomeOfResponse } from './delivery-outcome';
import { HttpDelivery, jsonPost } from './http-delivery';
import type { SlackTarget } from './notification-target';
import type { AlertContext, AlertDocument, AlertEventKind, Notifier, NotifyResult } from './notifier';

// Slack's own escaping for text objects: only these three characters are control characters.
function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

// chat.postMessage: `text` is the notification fallback, the blocks are what the channel shows.
export function slackMessage(
  target: SlackTarget,
  alert: AlertDocument,
  event: AlertEventKind,
  context: AlertContext = {},
): Record<string, unknown> {
  const label = EVENT_LABELS[event];
  const headline = alertHeadline(alert);
  const link = alertLink(alert);
  // The headline links to the alert; the link is not repeated among the fields.
  const shown = truncate(escape(headline), 2000);
  return {
    channel: target.channelName,
    text: truncate(`${placePrefix(alert, context)}${label}: ${headline}`, 3000),
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: truncate(label, 150) } },
      { type: 'section', text: { type: 'mrkdwn', text: link ? `<${link}|${shown}>` : shown } },
      {
        type: 'section',
        // Slack shows at most 10 fields per section.
        fields: alertFacts(alert, context)
          .filter(([name]) => name !== 'Link')
          .slice(0, 10)
          .map(([name, value]) => ({ type: 'mrkdwn', text: truncate(`*${name}*\n${escape(value)}`, 2000) })),
      },
    ],
  };
}

// Slack's transient error codes (https://api.slack.com/methods/chat.postMessage "Errors").
const RETRYABLE_SLACK_ERRORS = new Set([
  'ratelimited',
  'internal_error',
  'fatal_error',
  'service_unavailable',
  'request_timeout',
]);

// Slack answers 200 with {"ok": false, "error": "..."} when it refuses a message.
export function judgeSlackResponse(response: OutboundResponse, now: Date): NotifyResult {
  const outcome = outcomeOfResponse(response, now);
  if (!outcome.ok) return outcome;
  let answer: { ok?: unknown; error?: unknown };
  try {
    answer = JSON.parse(response.body) as { ok?: unknown; error?: unknown };
  } catch {
    return { ...outcome, ok: false, error: 'Slack answered with a body that is not JSON' };
  }
  if (answer.ok === true) return outcome;
  const code = typeof answer.error === 'string' ? answer.error : 'unknown_error';
  return {
    ...outcome,
    ok: false,
    error: `Slack refused the message: ${code}`,
    retryable: RETRYABLE_SLACK_ERRORS.has(code),
  };
}

@Injectable()
export class SlackNotifier implements Notifier<SlackTarget> {
  readonly type = 'SLACK';

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly delivery: HttpDelivery,
  ) {}

  notify(
    target: SlackTarget,
    alert: AlertDocument,
    event: AlertEventKind,
    context?: AlertContext,
  ): Promise<NotifyResult> {
    const request = jsonPost(this.config.slackApiUrl, slackMessage(target, alert, event, context), {
      Authorization: `Bearer ${target.apiToken}`,
      'Content-Type': 'application/json; charset=utf-8',
    });
    return this.delivery.send(request, judgeSlackResponse);
  }
}
