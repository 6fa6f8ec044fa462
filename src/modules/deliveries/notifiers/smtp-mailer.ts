import { Injectable } from '@nestjs/common';
import { Mailer, type MailOutcome, type OutgoingMail } from '../../../platform/mail/mailer';
import { SmtpTransport } from './smtp-transport';

// The Mailer other contexts use (invitations): one message, sent now, its outcome returned to the caller.
@Injectable()
export class SmtpMailer extends Mailer {
  constructor(private readonly smtp: SmtpTransport) {
    super();
  }

  async send(mail: OutgoingMail): Promise<MailOutcome> {
    const result = await this.smtp.send(mail);
    if (!result) return { sent: false, reason: 'NOT_CONFIGURED', error: 'SMTP_URL is not set' };
    if (result.ok) return { sent: true };
    return { sent: false, reason: 'FAILED', error: result.error, status: result.status };
  }
}
