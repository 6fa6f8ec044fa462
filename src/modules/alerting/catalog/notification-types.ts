import { PROJECT_ROLE_NAMES } from '../../../platform/auth/role-names';
import type { Redaction } from '../../../platform/crypto/redaction';

// notifications.typeName values and the fields each one takes (the product's alert
// configuration reference; the Go client's Notification type for the response names).

export interface NotificationTypeSpec {
  // Fields that must be present (besides typeName).
  required: readonly string[];
  // Every field the type accepts besides typeName, delayMin and intervalMin.
  fields: readonly string[];
  // Secret fields: stored encrypted and redacted in responses.
  secrets: Readonly<Record<string, Redaction>>;
  // Types backed by a third-party integration of the same name: a notification sends either all of its
  // target's required fields, or none of these, and then the project's integration of the type
  // (/groups/{groupId}/integrations/{TYPE}) is its target. The product documents this default for
  // WEBHOOK; one rule serves every type that has an integration.
  target?: readonly string[];
}

const CHANNELS = ['emailEnabled', 'smsEnabled'] as const;

const HIP_CHAT: NotificationTypeSpec = {
  required: ['notificationToken', 'roomName'],
  fields: ['notificationToken', 'roomName'],
  secrets: { notificationToken: 'PARTIAL' },
};

export const NOTIFICATION_TYPES: Readonly<Record<string, NotificationTypeSpec>> = {
  EMAIL: { required: ['emailAddress'], fields: ['emailAddress'], secrets: {} },
  SMS: { required: ['mobileNumber'], fields: ['mobileNumber'], secrets: {} },
  USER: { required: ['username'], fields: ['username', ...CHANNELS], secrets: {} },
  GROUP: { required: [], fields: [...CHANNELS, 'role', 'roles'], secrets: {} },
  TEAM: { required: ['teamId'], fields: ['teamId', 'teamName', ...CHANNELS], secrets: {} },
  ORG: { required: [], fields: [...CHANNELS, 'role', 'roles'], secrets: {} },
  SLACK: {
    required: ['apiToken', 'channelName'],
    fields: ['apiToken', 'channelName'],
    secrets: { apiToken: 'PARTIAL' },
    target: ['apiToken', 'channelName'],
  },
  PAGER_DUTY: {
    required: ['serviceKey'],
    fields: ['serviceKey'],
    secrets: { serviceKey: 'PARTIAL' },
    target: ['serviceKey'],
  },
  OPS_GENIE: {
    required: ['opsGenieApiKey'],
    fields: ['opsGenieApiKey', 'opsGenieRegion'],
    secrets: { opsGenieApiKey: 'PARTIAL' },
    target: ['opsGenieApiKey', 'opsGenieRegion'],
  },
  VICTOR_OPS: {
    required: ['victorOpsApiKey'],
    fields: ['victorOpsApiKey', 'victorOpsRoutingKey'],
    secrets: { victorOpsApiKey: 'PARTIAL' },
    target: ['victorOpsApiKey', 'victorOpsRoutingKey'],
  },
  DATADOG: {
    required: ['datadogApiKey'],
    fields: ['datadogApiKey', 'datadogRegion'],
    secrets: { datadogApiKey: 'PARTIAL' },
    target: ['datadogApiKey', 'datadogRegion'],
  },
  // The CM list spells HIPCHAT, the OM response table HIP_CHAT: both are accepted and kept as sent.
  HIP_CHAT,
  HIPCHAT: HIP_CHAT,
  MICROSOFT_TEAMS: {
    required: ['microsoftTeamsWebhookUrl'],
    fields: ['microsoftTeamsWebhookUrl'],
    secrets: { microsoftTeamsWebhookUrl: 'URL' },
    target: ['microsoftTeamsWebhookUrl'],
  },
  WEBHOOK: {
    required: ['webhookUrl'],
    fields: ['webhookUrl', 'webhookSecret', 'webhookBodyTemplate', 'webhookHeadersTemplate'],
    secrets: {
      webhookUrl: 'URL',
      webhookSecret: 'FULL',
      webhookBodyTemplate: 'FULL',
      webhookHeadersTemplate: 'FULL',
    },
    // The templates shape what is sent, to the notification's own URL or to the project's webhook.
    target: ['webhookUrl', 'webhookSecret'],
  },
};

export const NOTIFICATION_TYPE_NAMES = Object.keys(NOTIFICATION_TYPES);

export function notificationTypeSpec(typeName: string): NotificationTypeSpec | undefined {
  return Object.prototype.hasOwnProperty.call(NOTIFICATION_TYPES, typeName)
    ? NOTIFICATION_TYPES[typeName]
    : undefined;
}

// Project roles a GROUP notification may target.
export const NOTIFICATION_ROLE_NAMES = [
  ...PROJECT_ROLE_NAMES,
  // Names the hosted edition and the product's Go client send in notification roles; accepted so
  // such a configuration is not refused.
  'GROUP_ATLAS_ADMIN',
  'GROUP_CHARTS_ADMIN',
  'GROUP_CLUSTER_MANAGER',
] as const;

export const OPS_GENIE_REGIONS = ['US', 'EU'] as const;
// Atlas v2 DatadogRegion (Atlas analog; OM documents the field without its values).
export const DATADOG_REGIONS = ['US', 'EU', 'US3', 'US5', 'AP1', 'US1_FED'] as const;

// The product's minimum notification interval (CM "Alert Intervals": minimum frequency 5 minutes).
export const MIN_INTERVAL_MIN = 5;
export const DEFAULT_INTERVAL_MIN = 60;
export const DEFAULT_DELAY_MIN = 0;

// Not documented by the product: our limit, per template.
export const WEBHOOK_TEMPLATE_MAX_LENGTH = 10_000;

// Not documented by the product: our limit. Each notification is a delivery (or one per recipient) for
// every alert of its configuration; the product's UI offers a handful per configuration.
export const MAX_NOTIFICATIONS = 25;
