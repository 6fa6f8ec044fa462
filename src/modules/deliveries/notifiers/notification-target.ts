// Where one notification goes, with its secrets in clear. The engine builds a target from an alert
// configuration's notification or from the project's integration (notification-targets.ts); people
// (USER, TEAM, GROUP, ORG) are resolved by the engine into EMAIL and SMS targets, one per recipient.
export interface PagerDutyTarget {
  type: 'PAGER_DUTY';
  serviceKey: string;
}

export interface SlackTarget {
  type: 'SLACK';
  apiToken: string;
  channelName: string;
}

export interface OpsGenieTarget {
  type: 'OPS_GENIE';
  apiKey: string;
  region: 'US' | 'EU';
}

export interface VictorOpsTarget {
  type: 'VICTOR_OPS';
  apiKey: string;
  routingKey?: string;
}

export interface MicrosoftTeamsTarget {
  type: 'MICROSOFT_TEAMS';
  webhookUrl: string;
}

export interface DatadogTarget {
  type: 'DATADOG';
  apiKey: string;
  region?: string;
}

export interface NewRelicTarget {
  type: 'NEW_RELIC';
  accountId: string;
  // The Insights insert key (the product's writeToken).
  writeToken: string;
}

export interface WebhookTarget {
  type: 'WEBHOOK';
  url: string;
  secret?: string;
  bodyTemplate?: string;
  headersTemplate?: string;
}

export interface EmailTarget {
  type: 'EMAIL';
  emailAddress: string;
}

export interface SmsTarget {
  type: 'SMS';
  mobileNumber: string;
}

export type NotificationTarget =
  | PagerDutyTarget
  | SlackTarget
  | OpsGenieTarget
  | VictorOpsTarget
  | MicrosoftTeamsTarget
  | DatadogTarget
  | NewRelicTarget
  | WebhookTarget
  | EmailTarget
  | SmsTarget;

export type NotificationTargetType = NotificationTarget['type'];
