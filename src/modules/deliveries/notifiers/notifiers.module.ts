import { Module } from '@nestjs/common';
import { Mailer } from '../../../platform/mail/mailer';
import { OutboundModule } from '../../../platform/net/outbound';
import { DatadogNotifier } from './datadog.notifier';
import { EmailNotifier } from './email.notifier';
import { HttpDelivery } from './http-delivery';
import { MicrosoftTeamsNotifier } from './microsoft-teams.notifier';
import { NewRelicNotifier } from './new-relic.notifier';
import { NotifierRegistry } from './notifier-registry';
import { OpsGenieNotifier } from './ops-genie.notifier';
import { PagerDutyNotifier } from './pager-duty.notifier';
import { SlackNotifier } from './slack.notifier';
import { SmsNotifier } from './sms.notifier';
import { SmtpMailer } from './smtp-mailer';
import { SmtpTransport } from './smtp-transport';
import { VictorOpsNotifier } from './victor-ops.notifier';
import { WebhookNotifier } from './webhook.notifier';

// Delivery adapters, one per target type, behind the NotifierRegistry the alert engine uses; and the
// Mailer other contexts send single e-mails through (platform/mail).
@Module({
  imports: [OutboundModule],
  providers: [
    HttpDelivery,
    PagerDutyNotifier,
    SlackNotifier,
    OpsGenieNotifier,
    VictorOpsNotifier,
    MicrosoftTeamsNotifier,
    DatadogNotifier,
    NewRelicNotifier,
    WebhookNotifier,
    SmtpTransport,
    SmtpMailer,
    { provide: Mailer, useExisting: SmtpMailer },
    EmailNotifier,
    SmsNotifier,
    NotifierRegistry,
  ],
  exports: [NotifierRegistry, Mailer, HttpDelivery],
})
export class NotifiersModule {}
