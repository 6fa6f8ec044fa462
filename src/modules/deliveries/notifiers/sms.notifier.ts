import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../../platform/config/app-config';
import { APP_CONFIG } from '../../../platform/config/config.module';
import { alertHeadline, alertLink, placePrefix, EVENT_LABELS, truncate } from './alert-summary';
import { notConfigured } from './delivery-outcome';
import { HttpDelivery, jsonPost } from './http-delivery';
import type { SmsTarget } from './notification-target';
import type { AlertContext, AlertDocument, AlertEventKind, Notifier, NotifyResult } from './notifier';

// Two SMS segments at most: the headline says what is wrong, the rest is in the other channels.
export const SMS_MAX_LENGTH = 320;

// Where, what, and the alert's link last; a long headline is cut, never the link (unless the link alone
// would take half the message).
export function smsMessage(alert: AlertDocument, event: AlertEventKind, context: AlertContext = {}): string {
  const text = `${placePrefix(alert, context)}${EVENT_LABELS[event]}: ${alertHeadline(alert)}`;
  const link = alertLink(alert);
  if (link === undefined || link.length > SMS_MAX_LENGTH / 2) return truncate(text, SMS_MAX_LENGTH);
  return `${truncate(text, SMS_MAX_LENGTH - link.length - 1)} ${link}`;
}

// SMS goes through an operator's HTTP gateway (the product needs Twilio configured the same way):
// POST {"to", "message"} to SMS_GATEWAY_URL, with a bearer token when SMS_GATEWAY_TOKEN is set.
@Injectable()
export class SmsNotifier implements Notifier<SmsTarget> {
  readonly type = 'SMS';

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly delivery: HttpDelivery,
  ) {}

  async notify(
    target: SmsTarget,
    alert: AlertDocument,
    event: AlertEventKind,
    context?: AlertContext,
  ): Promise<NotifyResult> {
    const { smsGatewayUrl, smsGatewayToken } = this.config;
    if (!smsGatewayUrl) return notConfigured('SMS_GATEWAY_URL is not set');
    const headers: Record<string, string> = smsGatewayToken
      ? { Authorization: `Bearer ${smsGatewayToken}` }
      : {};
    return this.delivery.send(
      jsonPost(
        smsGatewayUrl,
        { to: target.mobileNumber, message: smsMessage(alert, event, context) },
        headers,
      ),
    );
  }
}
