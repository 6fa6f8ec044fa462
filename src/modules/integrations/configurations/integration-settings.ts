import type { IntegrationType } from './integration-types';

// The configuration of one integration with its secrets in clear: what the delivery side reads through
// IntegrationsService.configuredFor. Never returned over HTTP (the mapper redacts).
export interface PagerDutySettings {
  type: 'PAGER_DUTY';
  serviceKey: string;
}

export interface SlackSettings {
  type: 'SLACK';
  apiToken: string;
  teamName: string;
  channelName?: string;
}

export interface NewRelicSettings {
  type: 'NEW_RELIC';
  licenseKey: string;
  accountId: string;
  writeToken: string;
  readToken: string;
}

export interface OpsGenieSettings {
  type: 'OPS_GENIE';
  apiKey: string;
  region: 'US' | 'EU';
}

export interface VictorOpsSettings {
  type: 'VICTOR_OPS';
  apiKey: string;
  routingKey?: string;
}

export interface WebhookSettings {
  type: 'WEBHOOK';
  url: string;
  secret?: string;
}

export interface MicrosoftTeamsSettings {
  type: 'MICROSOFT_TEAMS';
  microsoftTeamsWebhookUrl: string;
}

// The password itself is not kept: `passwordHash` is a salted scrypt hash (prometheus-password.ts).
export interface PrometheusSettings {
  type: 'PROMETHEUS';
  username: string;
  passwordHash: string;
  listenAddress: string;
  serviceDiscovery: 'file' | 'http';
  scheme: 'http' | 'https';
  enabled: boolean;
  tlsPemPath?: string;
  tlsPemPassword?: string;
}

export interface DatadogSettings {
  type: 'DATADOG';
  apiKey: string;
  region: 'US' | 'EU' | 'US3' | 'US5' | 'AP1';
}

export type IntegrationSettings =
  | PagerDutySettings
  | SlackSettings
  | NewRelicSettings
  | OpsGenieSettings
  | VictorOpsSettings
  | WebhookSettings
  | MicrosoftTeamsSettings
  | PrometheusSettings
  | DatadogSettings;

export type SettingsOf<T extends IntegrationType> = Extract<IntegrationSettings, { type: T }>;

// A validated request before it is stored: PROMETHEUS still carries the password in clear.
export type IntegrationDraft =
  | Exclude<IntegrationSettings, PrometheusSettings>
  | (Omit<PrometheusSettings, 'passwordHash'> & { password: string });

// The jsonb `settings` column: the same shape, with secret values sealed (`v1:...`), everything else as sent.
export type StoredSettings = IntegrationSettings;
