import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { NodemailerError, SMTPSentMessageInfo, Transporter } from 'nodemailer';
import type { AppConfig } from '../../../platform/config/app-config';
import { APP_CONFIG } from '../../../platform/config/config.module';

export interface SmtpMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export type SmtpResult =
  | { ok: true; response: string; status: number | undefined }
  | {
      ok: false;
      error: string;
      status: number | undefined;
      response: string | undefined;
      permanent: boolean;
    };

function replyCode(response: string | undefined): number | undefined {
  const match = /^(\d{3})\b/.exec(response ?? '');
  return match ? Number(match[1]) : undefined;
}

// The one connection to the operator's SMTP server (SMTP_URL), shared by alert e-mails and invitations.
// The server is configuration, not user input, so it is not behind the outbound allow list.
@Injectable()
export class SmtpTransport implements OnModuleDestroy {
  private transporter: Transporter<SMTPSentMessageInfo> | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get configured(): boolean {
    return this.config.smtpUrl !== undefined;
  }

  // Undefined when SMTP_URL is unset. `status` is the SMTP reply code.
  async send(message: SmtpMessage): Promise<SmtpResult | undefined> {
    const transporter = await this.transport();
    if (!transporter) return undefined;
    try {
      const info = await transporter.sendMail({ from: this.config.mailFrom, ...message });
      return { ok: true, response: info.response, status: replyCode(info.response) };
    } catch (error) {
      const failure = error as NodemailerError;
      return {
        ok: false,
        status: failure.responseCode,
        error: failure.code ? `${failure.code}: ${failure.message}` : failure.message,
        response: failure.response,
        // A 5xx reply is a permanent refusal (nodemailer sets `permanent`); anything else may pass later.
        permanent: failure.permanent === true,
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
