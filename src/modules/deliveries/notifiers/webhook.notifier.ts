import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { HttpDelivery } from './http-delivery';
import type { WebhookTarget } from './notification-target';
import type { AlertContext, AlertDocument, AlertEventKind, Notifier, NotifyResult } from './notifier';
import { buildWebhookRequest } from './webhook-request';

// The product's webhook: POST of the alert document, X-MMS-Event, X-MMS-Signature
// when a secret is set, X-Mms-Request-Id, optional FreeMarker-style templates with fallback.
@Injectable()
export class WebhookNotifier implements Notifier<WebhookTarget> {
  readonly type = 'WEBHOOK';

  constructor(private readonly delivery: HttpDelivery) {}

  async notify(
    target: WebhookTarget,
    alert: AlertDocument,
    event: AlertEventKind,
    context: AlertContext = {},
  ): Promise<NotifyResult> {
    const requestId = randomUUID();
    const { body, headers, renderFallback, overBudget } = buildWebhookRequest(
      target,
      alert,
      event,
      context,
      requestId,
    );
    if (overBudget !== undefined) {
      return { ok: false, error: overBudget, latencyMs: 0, retryable: false, renderFallback };
    }
    const result = await this.delivery.send({ method: 'POST', url: target.url, headers, body });
    return { ...result, requestId, ...(renderFallback ? { renderFallback } : {}) };
  }
}
