import { Injectable } from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import { notConfigured } from './delivery-outcome';
import { emailMessage } from './email-message';
import type { EmailTarget } from './notification-target';
import type { AlertContext, AlertDocument, AlertEventKind, Notifier, NotifyResult } from './notifier';
import { SmtpTransport } from './smtp-transport';

// E-mail through the operator's SMTP server (SMTP_URL) with nodemailer. Recipients are one per target,
// so recipients never see each other. `status` of a result is the SMTP reply code.
@Injectable()
export class EmailNotifier implements Notifier<EmailTarget> {
  readonly type = 'EMAIL';

  constructor(private readonly smtp: SmtpTransport) {}

  async notify(
    target: EmailTarget,
    alert: AlertDocument,
    event: AlertEventKind,
    context?: AlertContext,
  ): Promise<NotifyResult> {
    const started = performance.now();
    const result = await this.smtp.send({ to: target.emailAddress, ...emailMessage(alert, event, context) });
    if (!result) return notConfigured('SMTP_URL is not set');
    const latencyMs = Math.round(performance.now() - started);
    return result.ok
      ? { ok: true, status: result.status, latencyMs, retryable: false, response: result.response }
      : {
          ok: false,
          status: result.status,
          error: result.error,
          latencyMs,
          retryable: !result.permanent,
          response: result.response,
        };
  }
}
