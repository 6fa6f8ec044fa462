import { Injectable } from '@nestjs/common';
import { DatadogNotifier } from './datadog.notifier';
import { EmailNotifier } from './email.notifier';
import { MicrosoftTeamsNotifier } from './microsoft-teams.notifier';
import { NewRelicNotifier } from './new-relic.notifier';
import type { NotificationTarget, NotificationTargetType } from './notification-target';
import type { AlertContext, AlertDocument, AlertEventKind, Notifier, NotifyResult } from './notifier';
import { OpsGenieNotifier } from './ops-genie.notifier';
import { PagerDutyNotifier } from './pager-duty.notifier';
import { SlackNotifier } from './slack.notifier';
import { SmsNotifier } from './sms.notifier';
import { VictorOpsNotifier } from './victor-ops.notifier';
import { WebhookNotifier } from './webhook.notifier';

// Target type -> notifier: what the alert engine calls for each delivery attempt.
@Injectable()
export class NotifierRegistry {
  private readonly notifiers: ReadonlyMap<NotificationTargetType, Notifier>;

  constructor(
    pagerDuty: PagerDutyNotifier,
    slack: SlackNotifier,
    opsGenie: OpsGenieNotifier,
    victorOps: VictorOpsNotifier,
    microsoftTeams: MicrosoftTeamsNotifier,
    datadog: DatadogNotifier,
    newRelic: NewRelicNotifier,
    webhook: WebhookNotifier,
    email: EmailNotifier,
    sms: SmsNotifier,
  ) {
    const all: Notifier[] = [
      pagerDuty,
      slack,
      opsGenie,
      victorOps,
      microsoftTeams,
      datadog,
      newRelic,
      webhook,
      email,
      sms,
    ];
    this.notifiers = new Map(all.map((notifier) => [notifier.type, notifier]));
  }

  get(type: NotificationTargetType): Notifier {
    const notifier = this.notifiers.get(type);
    if (!notifier) throw new Error(`no notifier for ${type}`);
    return notifier;
  }

  types(): NotificationTargetType[] {
    return [...this.notifiers.keys()];
  }

  // One delivery attempt; the notifier of the target's type answers.
  notify(
    target: NotificationTarget,
    alert: AlertDocument,
    event: AlertEventKind,
    context?: AlertContext,
  ): Promise<NotifyResult> {
    return this.get(target.type).notify(target, alert, event, context);
  }
}
