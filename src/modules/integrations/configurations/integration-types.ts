import type { Redaction } from '../../../platform/crypto/redaction';

// Integration types of PUT /groups/{groupId}/integrations/{integrationType}. DATADOG is an Ops Manager type the
// API reference's list leaves out; legacy HIP_CHAT and FLOWDOCK are not offered (unknown ->
// INVALID_ENUM_VALUE).
export const INTEGRATION_TYPES = [
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

export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

export function isIntegrationType(value: string): value is IntegrationType {
  return (INTEGRATION_TYPES as readonly string[]).includes(value);
}

export const OPS_GENIE_REGIONS = ['US', 'EU'] as const;
export const DATADOG_REGIONS = ['US', 'EU', 'US3', 'US5', 'AP1'] as const;
export const PROMETHEUS_SERVICE_DISCOVERY = ['file', 'http'] as const;
export const PROMETHEUS_SCHEMES = ['http', 'https'] as const;

// Settings stored sealed with the SecretBox and redacted in every response, each with how it is shown
// (the product's third-party integration configuration): keys and tokens partially, URLs partially
// (scheme and host kept, as for alert notifications), the rest fully. The PROMETHEUS password is
// not here: only its salted hash is kept (prometheus-password.ts) and it is never returned.
export const SECRET_SETTINGS: Record<IntegrationType, Record<string, Redaction>> = {
  PAGER_DUTY: { serviceKey: 'PARTIAL' },
  SLACK: { apiToken: 'PARTIAL' },
  NEW_RELIC: { licenseKey: 'PARTIAL', writeToken: 'PARTIAL', readToken: 'PARTIAL' },
  OPS_GENIE: { apiKey: 'PARTIAL' },
  VICTOR_OPS: { apiKey: 'PARTIAL' },
  WEBHOOK: { url: 'URL', secret: 'FULL' },
  MICROSOFT_TEAMS: { microsoftTeamsWebhookUrl: 'URL' },
  PROMETHEUS: { tlsPemPassword: 'FULL' },
  DATADOG: { apiKey: 'PARTIAL' },
};
