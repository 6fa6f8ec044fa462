import { Module } from '@nestjs/common';
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
import { VictorOpsNotifier } from './victor-ops.notifier';
import { WebhookNotifier } from './webhook.notifier';

// Delivery adapters, one per target type, behind the NotifierRegistry the alert engine uses.
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
    EmailNotifier,
    SmsNotifier,
    NotifierRegistry,
  ],
  exports: [NotifierRegistry, HttpDelivery],
})
export class NotifiersModule {}
