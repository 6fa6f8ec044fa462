import type { AlertDocument } from '../../../src/modules/deliveries';
import type { HttpReceiver } from '../../support/receivers/http-receiver';
import type { SmtpReceiver } from '../../support/receivers/smtp-receiver';
import { startTestApp, type TestApp } from '../../support/test-app';

// Where each notifier's base URL points on the local receiver.
export const RECEIVER_PATHS = {
  pagerDuty: '/pagerduty/v2/enqueue',
  slack: '/slack/api/chat.postMessage',
  opsGenieUs: '/opsgenie-us',
  opsGenieEu: '/opsgenie-eu',
  victorOps: '/victorops/integrations/generic/20131114/alert',
  datadog: '/datadog',
  newRelic: '/newrelic/v1/accounts',
  sms: '/sms/messages',
} as const;

// Boots the app with every outbound base URL on the receiver and the receiver's address allowed.
export function startNotifierApp(
  receiver: HttpReceiver,
  smtp?: SmtpReceiver,
  env: Record<string, string> = {},
): Promise<TestApp> {
  return startTestApp({
    OUTBOUND_ALLOWLIST: '127.0.0.1:*',
    PAGERDUTY_EVENTS_URL: receiver.url(RECEIVER_PATHS.pagerDuty),
    SLACK_API_URL: receiver.url(RECEIVER_PATHS.slack),
    OPSGENIE_API_URL_US: receiver.url(RECEIVER_PATHS.opsGenieUs),
    OPSGENIE_API_URL_EU: receiver.url(RECEIVER_PATHS.opsGenieEu),
    VICTOROPS_API_URL: receiver.url(RECEIVER_PATHS.victorOps),
    DATADOG_API_URL: receiver.url(RECEIVER_PATHS.datadog),
    NEWRELIC_EVENTS_URL: receiver.url(RECEIVER_PATHS.newRelic),
    SMS_GATEWAY_URL: receiver.url(RECEIVER_PATHS.sms),
    ...(smtp ? { SMTP_URL: smtp.url(), MAIL_FROM: 'Alerts <alerts@dms.example>' } : {}),
    ...env,
  });
}

// An open metric alert shaped as GET one alert returns it.
export function sampleAlert(overrides: Partial<AlertDocument> = {}): AlertDocument {
  const groupId = '5e8cc670a16506712e0b1e95';
  const id = '5e8cc670a16506712e0b1e96';
  return {
    id,
    groupId,
    alertConfigId: '5e8cc670a16506712e0b1e97',
    eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
    status: 'OPEN',
    created: '2024-01-15T10:30:00Z',
    updated: '2024-01-15T10:35:00Z',
    metricName: 'ASSERT_REGULAR',
    currentValue: { number: 0.5, units: 'RAW' },
    hostId: '2c4b7d9e0f1a2b3c4d5e6f70',
    hostnameAndPort: 'db0.example.com:27017',
    replicaSetName: 'rs1',
    humanReadable: 'Asserts: Regular is 0.5 on db0.example.com:27017.',
    tags: ['production'],
    links: [{ rel: 'self', href: `http://localhost/api/public/v1.0/groups/${groupId}/alerts/${id}` }],
    ...overrides,
  };
}
