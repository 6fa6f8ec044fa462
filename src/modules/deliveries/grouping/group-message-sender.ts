import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  NotifierRegistry,
  type AlertContext,
  type NotificationTarget,
  type NotifyResult,
} from '../notifiers';
import { HttpDelivery } from '../notifiers/http-delivery';
import { defaultWebhookHeaders, webhookSignature } from '../notifiers/webhook-request';
import { GROUP_EVENT_KIND, type GroupDocument } from './group-document';
import { groupSummary } from './group-summary';

// One attempt of a group message. A webhook gets the group document as it is, with X-MMS-Event
// alert.group and signed like every webhook (X-MMS-Signature over the raw body when a secret is set);
// its body and headers templates speak of one alert and are not used. Every other receiver gets the
// group's summary through its own notifier (group-summary.ts).
@Injectable()
export class GroupMessageSender {
  constructor(
    private readonly notifiers: NotifierRegistry,
    private readonly http: HttpDelivery,
  ) {}

  async send(
    target: NotificationTarget,
    document: GroupDocument,
    context: AlertContext,
  ): Promise<NotifyResult> {
    if (target.type !== 'WEBHOOK') {
      const { alert, event } = groupSummary(document);
      return this.notifiers.notify(target, alert, event, context);
    }
    const requestId = randomUUID();
    const body = JSON.stringify(document);
    const signature = target.secret ? webhookSignature(body, target.secret) : undefined;
    const headers = defaultWebhookHeaders(GROUP_EVENT_KIND, requestId, signature);
    const result = await this.http.send({ method: 'POST', url: target.url, headers, body });
    return { ...result, requestId };
  }
}
