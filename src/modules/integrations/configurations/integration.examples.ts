import type { IntegrationResponse } from './dto/integration.response';
import { toIntegrationResponse } from './integration.mapper';
import type { IntegrationSettings } from './integration-settings';
import type { IntegrationType } from './integration-types';

// Swagger examples. Response examples are produced by the real mapper from the request examples, so the
// documented redaction cannot drift from the served one.
export const EXAMPLE_GROUP = '5e8cc670a16506712e0b1e95';

export const REQUEST_EXAMPLES: Record<IntegrationType, Record<string, unknown>> = {
  PAGER_DUTY: { type: 'PAGER_DUTY', serviceKey: 'a1b2c3d4e5f60718293a4b5c6d7e7890' },
  SLACK: {
    type: 'SLACK',
    apiToken: 'xoxb-2042-8475-slacktoken7890',
    teamName: 'My Team',
    channelName: 'My Channel',
  },
  NEW_RELIC: {
    type: 'NEW_RELIC',
    licenseKey: 'nr-license-key-000000001234',
    accountId: '1234567',
    writeToken: 'nr-insert-key-000000005678',
    readToken: 'nr-query-key-000000009012',
  },
  OPS_GENIE: { type: 'OPS_GENIE', apiKey: 'opsgenie-api-key-00005678', region: 'EU' },
  VICTOR_OPS: { type: 'VICTOR_OPS', apiKey: 'victorops-api-key-00004321', routingKey: 'database-team' },
  WEBHOOK: {
    type: 'WEBHOOK',
    url: 'https://hooks.example.com/services/alerts/abcd',
    secret: 'whsec-very-secret-value',
  },
  MICROSOFT_TEAMS: {
    type: 'MICROSOFT_TEAMS',
    microsoftTeamsWebhookUrl: 'https://contoso.webhook.office.com/webhookb2/secret-path-1357',
  },
  PROMETHEUS: {
    type: 'PROMETHEUS',
    username: 'prom_user',
    password: 'Prometheus-Pa55',
    listenAddress: '0.0.0.0:9216',
    serviceDiscovery: 'http',
    scheme: 'https',
    enabled: true,
    tlsPemPath: '/etc/ssl/prometheus.pem',
    tlsPemPassword: 'pem-file-password',
  },
  DATADOG: { type: 'DATADOG', apiKey: 'datadog-api-key-00008765', region: 'US' },
};

function responseOf(type: IntegrationType): IntegrationResponse {
  const { password: _password, ...settings } = REQUEST_EXAMPLES[type];
  return toIntegrationResponse({ ...settings, passwordHash: 'hidden' } as unknown as IntegrationSettings);
}

const TYPES = Object.keys(REQUEST_EXAMPLES) as IntegrationType[];

export const REQUEST_BODY_EXAMPLES = Object.fromEntries(
  TYPES.map((type) => [type, { summary: type, value: REQUEST_EXAMPLES[type] }]),
);

export const RESPONSE_EXAMPLES = Object.fromEntries(
  TYPES.map((type) => [type, { summary: type, value: responseOf(type) }]),
);

// Product-facts 2.1 example 7: the project's list after a PUT of SLACK.
export const LIST_EXAMPLE = {
  links: [
    {
      href: `https://dms.example.com/api/public/v1.0/groups/${EXAMPLE_GROUP}/integrations/SLACK?pageNum=1&itemsPerPage=100`,
      rel: 'self',
    },
  ],
  results: [responseOf('PAGER_DUTY'), responseOf('SLACK')],
  totalCount: 2,
};
