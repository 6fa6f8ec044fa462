import { randomBytes } from 'node:crypto';
import { call, type ApiResponse, type Credentials } from '../../support/digest-client';
import { startTestApp, type TestApp } from '../../support/test-app';
import { apiErrorBody } from '../../support/api-error';

// Shared by the integrations-*.e2e-spec.ts files: an app with its own secrets key, one valid body per
// type (with distinct secrets), the exact redacted response of each, and short HTTP helpers.

export const SECRETS_KEY = randomBytes(32).toString('base64');

export function startIntegrationsApp(): Promise<TestApp> {
  return startTestApp({ SECRETS_KEY });
}

export const TYPES = [
  'PAGER_DUTY',
  'SLACK',
  'NEW_RELIC',
  'OPS_GENIE',
  'VICTOR_OPS',
  'WEBHOOK',
  'MICROSOFT_TEAMS',
  'PROMETHEUS',
  'DATADOG',
] as const;
export type IntegrationType = (typeof TYPES)[number];

export const SECRETS = {
  pagerDutyKey: 'pd-service-key-0000-1234',
  slackToken: 'xoxb-1111-2222-slacktoken7890',
  newRelicLicense: 'nr-license-key-000000001111',
  newRelicWrite: 'nr-insert-key-000000002222',
  newRelicRead: 'nr-query-key-000000003333',
  opsGenieKey: 'opsgenie-api-key-5678',
  victorOpsKey: 'victorops-api-key-4321',
  webhookUrl: 'https://hooks.example.com/services/T000/B000/XXXXabcd',
  webhookSecret: 'whsec-very-secret-value',
  teamsUrl: 'https://contoso.webhook.office.com/webhookb2/secret-path-1357',
  prometheusPassword: 'Prometheus-Pa55-word',
  tlsPemPassword: 'pem-file-password-2468',
  datadogKey: 'datadog-api-key-8765',
};

export const BODIES: Record<IntegrationType, Record<string, unknown>> = {
  PAGER_DUTY: { type: 'PAGER_DUTY', serviceKey: SECRETS.pagerDutyKey },
  SLACK: { type: 'SLACK', apiToken: SECRETS.slackToken, teamName: 'My Team', channelName: 'My Channel' },
  NEW_RELIC: {
    type: 'NEW_RELIC',
    licenseKey: SECRETS.newRelicLicense,
    accountId: '1234567',
    writeToken: SECRETS.newRelicWrite,
    readToken: SECRETS.newRelicRead,
  },
  OPS_GENIE: { type: 'OPS_GENIE', apiKey: SECRETS.opsGenieKey, region: 'EU' },
  VICTOR_OPS: { type: 'VICTOR_OPS', apiKey: SECRETS.victorOpsKey, routingKey: 'database-team' },
  WEBHOOK: { type: 'WEBHOOK', url: SECRETS.webhookUrl, secret: SECRETS.webhookSecret },
  MICROSOFT_TEAMS: { type: 'MICROSOFT_TEAMS', microsoftTeamsWebhookUrl: SECRETS.teamsUrl },
  PROMETHEUS: {
    type: 'PROMETHEUS',
    username: 'prom_user',
    password: SECRETS.prometheusPassword,
    listenAddress: '0.0.0.0:9216',
    serviceDiscovery: 'http',
    scheme: 'https',
    enabled: true,
    tlsPemPath: '/etc/ssl/prometheus.pem',
    tlsPemPassword: SECRETS.tlsPemPassword,
  },
  DATADOG: { type: 'DATADOG', apiKey: SECRETS.datadogKey, region: 'EU' },
};

// What every read answers for BODIES (as the product prints them), keys in alphabetical order.
export const REDACTED: Record<IntegrationType, Record<string, unknown>> = {
  PAGER_DUTY: { serviceKey: '******1234', type: 'PAGER_DUTY' },
  SLACK: { apiToken: '******7890', channelName: 'My Channel', teamName: 'My Team', type: 'SLACK' },
  NEW_RELIC: {
    accountId: '1234567',
    licenseKey: '******1111',
    readToken: '******3333',
    type: 'NEW_RELIC',
    writeToken: '******2222',
  },
  OPS_GENIE: { apiKey: '******5678', region: 'EU', type: 'OPS_GENIE' },
  VICTOR_OPS: { apiKey: '******4321', routingKey: 'database-team', type: 'VICTOR_OPS' },
  WEBHOOK: { secret: '******', type: 'WEBHOOK', url: 'https://hooks.example.com/******abcd' },
  MICROSOFT_TEAMS: {
    microsoftTeamsWebhookUrl: 'https://contoso.webhook.office.com/******1357',
    type: 'MICROSOFT_TEAMS',
  },
  PROMETHEUS: {
    enabled: true,
    listenAddress: '0.0.0.0:9216',
    scheme: 'https',
    serviceDiscovery: 'http',
    tlsPemPassword: '******',
    tlsPemPath: '/etc/ssl/prometheus.pem',
    type: 'PROMETHEUS',
    username: 'prom_user',
  },
  DATADOG: { apiKey: '******8765', region: 'EU', type: 'DATADOG' },
};

// A second valid body per type, for replacements: other secrets, optional settings left out.
export const OTHER_BODIES: Record<IntegrationType, Record<string, unknown>> = {
  PAGER_DUTY: { type: 'PAGER_DUTY', serviceKey: 'pd-rotated-service-key-9999' },
  SLACK: { type: 'SLACK', apiToken: 'xoxb-rotated-token-0000-9999', teamName: 'Other Team' },
  NEW_RELIC: {
    type: 'NEW_RELIC',
    licenseKey: 'nr-rotated-license-9991',
    accountId: '7654321',
    writeToken: 'nr-rotated-insert-9992',
    readToken: 'nr-rotated-query-9993',
  },
  OPS_GENIE: { type: 'OPS_GENIE', apiKey: 'opsgenie-rotated-key-9999' },
  VICTOR_OPS: { type: 'VICTOR_OPS', apiKey: 'victorops-rotated-key-9999' },
  WEBHOOK: { type: 'WEBHOOK', url: 'http://receiver.example.net:8080/alerts/9999' },
  MICROSOFT_TEAMS: {
    type: 'MICROSOFT_TEAMS',
    microsoftTeamsWebhookUrl: 'https://fabrikam.webhook.office.com/webhookb2/rotated-9999',
  },
  PROMETHEUS: {
    type: 'PROMETHEUS',
    username: 'other_user',
    password: 'Other-Pa55-word',
    listenAddress: 'metrics.example.com:9300',
    serviceDiscovery: 'file',
    scheme: 'http',
    enabled: false,
  },
  DATADOG: { type: 'DATADOG', apiKey: 'datadog-rotated-key-9999' },
};

export const OTHER_REDACTED: Record<IntegrationType, Record<string, unknown>> = {
  PAGER_DUTY: { serviceKey: '******9999', type: 'PAGER_DUTY' },
  SLACK: { apiToken: '******9999', channelName: '', teamName: 'Other Team', type: 'SLACK' },
  NEW_RELIC: {
    accountId: '7654321',
    licenseKey: '******9991',
    readToken: '******9993',
    type: 'NEW_RELIC',
    writeToken: '******9992',
  },
  OPS_GENIE: { apiKey: '******9999', region: 'US', type: 'OPS_GENIE' },
  VICTOR_OPS: { apiKey: '******9999', type: 'VICTOR_OPS' },
  WEBHOOK: { type: 'WEBHOOK', url: 'http://receiver.example.net:8080/******9999' },
  MICROSOFT_TEAMS: {
    microsoftTeamsWebhookUrl: 'https://fabrikam.webhook.office.com/******9999',
    type: 'MICROSOFT_TEAMS',
  },
  PROMETHEUS: {
    enabled: false,
    listenAddress: 'metrics.example.com:9300',
    scheme: 'http',
    serviceDiscovery: 'file',
    type: 'PROMETHEUS',
    username: 'other_user',
  },
  DATADOG: { apiKey: '******9999', region: 'US', type: 'DATADOG' },
};

export function integrationsApi(t: TestApp, groupId: string) {
  const base = `${t.apiUrl}/groups/${groupId}/integrations`;
  return {
    base,
    list: (auth: Credentials, query = ''): Promise<ApiResponse> => call('GET', `${base}${query}`, { auth }),
    get: (auth: Credentials, type: string): Promise<ApiResponse> => call('GET', `${base}/${type}`, { auth }),
    replace: (auth: Credentials, type: string, body: unknown, query = ''): Promise<ApiResponse> =>
      call('PUT', `${base}/${type}${query}`, { auth, body }),
    create: (auth: Credentials, type: string, body: unknown, query = ''): Promise<ApiResponse> =>
      call('POST', `${base}/${type}${query}`, { auth, body }),
    remove: (auth: Credentials, type: string): Promise<ApiResponse> =>
      call('DELETE', `${base}/${type}`, { auth }),
  };
}

export async function configure(
  api: ReturnType<typeof integrationsApi>,
  auth: Credentials,
  type: IntegrationType,
  body: Record<string, unknown> = BODIES[type],
): Promise<void> {
  const response = await api.replace(auth, type, body);
  if (response.status !== 200) throw new Error(`PUT ${type}: ${response.status} ${response.text}`);
}

export function invalidSettings(type: string, reason: string) {
  return apiErrorBody(400, 'INVALID_INTEGRATION_SETTINGS', {
    detail: `The provided settings for the ${type} integration were invalid: ${reason}.`,
    parameters: [type, reason],
  });
}
