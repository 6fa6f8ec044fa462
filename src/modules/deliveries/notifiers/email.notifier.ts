import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import type { NodemailerError, SMTPSentMessageInfo, Transporter } from 'nodemailer';
import type { AppConfig } from '../../../platform/config/app-config';
import { APP_CONFIG } from '../../../platform/config/config.module';
import { notConfigured } from './delivery-outcome';
import { emailMessage } from './email-message';
import type { EmailTarget } from './notification-target';
import type { AlertContext, AlertDocument, AlertEventKind, Notifier, NotifyResult } from './notifier';

function replyCode(response: string | undefined): number | undefined {
  const match = /^(\d{3})\b/.exec(response ?? '');
  return match ? Number(match[1]) : undefined;
}

// E-mail through the operator's SMTP server (SMTP_URL) with nodemailer. The server is configuration,
// not user input, so it is not behind the outbound allow list; recipients are one per target, so
// recipients never see each other. `status` of a result is the SMTP reply code.
@Injectable()
export class EmailNotifier implements Notifier<EmailTarget>, OnModuleDestroy {
  readonly type = 'EMAIL';
  private transporter: Transporter<SMTPSentMessageInfo> | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async notify(
    target: EmailTarget,
    alert: AlertDocument,
    event: AlertEventKind,
    context?: AlertContext,
  ): Promise<NotifyResult> {
    const transporter = await this.transport();
    if (!transporter) return notConfigured('SMTP_URL is not set');
    const started = performance.now();
    const latency = () => Math.round(performance.now() - started);
    try {
      const info = await transporter.sendMail({
        from: this.config.mailFrom,
        to: target.emailAddress,
        ...emailMessage(alert, event, context),
      });
      return {
        ok: true,
        status: replyCode(info.response),
        latencyMs: latency(),
        retryable: false,
        response: info.response,
      };
    } catch (error) {
      const failure = error as NodemailerError;
      return {
        ok: false,
        status: failure.responseCode,
        error: failure.code ? `${failure.code}: ${failure.message}` : failure.message,
        latencyMs: latency(),
        // A 5xx reply is a permanent refusal (nodemailer sets `permanent`); anything else may pass later.
        retryable: failure.permanent !== true,
        response: failure.response,
      };
    }
  }

  onModuleDestroy(): void {
    this.transporter?.close();
  }

  // nodemailer is loaded on the first e-mail, not at start-up (~0.1 s of module loading before the
  // first 200; start-up target in docs/benchmarks.md).
  private async transport(): Promise<Transporter<SMTPSentMessageInfo> | undefined> {
    if (!this.config.smtpUrl) return undefined;
    const timeout = this.config.outboundTimeoutMs;
    const { createTransport } = await import('nodemailer');
    this.transporter ??= createTransport({
      url: this.config.smtpUrl,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
    return this.transporter;
  }
}
