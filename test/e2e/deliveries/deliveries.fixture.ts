import { randomBytes } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { createApp } from '../../../src/app.setup';
import { DeliveryWorker, GroupFlusher, NotificationPolicy } from '../../../src/modules/deliveries';
import type { Clock } from '../../../src/platform/clock/clock';
import { loadConfig } from '../../../src/platform/config/app-config';
import { call, type ApiResponse, type Credentials } from '../../support/digest-client';
import { HttpReceiver as HttpReceiverClass, type HttpReceiver } from '../../support/receivers/http-receiver';
import { SmtpReceiver as SmtpReceiverClass, type SmtpReceiver } from '../../support/receivers/smtp-receiver';
import { startTestApp, type TestApp } from '../../support/test-app';

export const SECRETS_KEY = randomBytes(32).toString('base64');

// Timers off: tests drive the sweep and the worker with the manual clock.
export function deliveriesEnv(receiver: HttpReceiver, smtp?: SmtpReceiver): Record<string, string> {
  return {
    OUTBOUND_ALLOWLIST: '127.0.0.1:*',
    SECRETS_KEY,
    DELIVERY_POLL_MS: '0',
    NOTIFICATION_SWEEP_MS: '0',
    NOTIFICATION_GROUP_FLUSH_MS: '0',
    AGENT_SWEEP_INTERVAL_SECONDS: '0',
    PAGERDUTY_EVENTS_URL: receiver.url('/pagerduty'),
    OPSGENIE_API_URL_US: receiver.url('/opsgenie'),
    VICTOROPS_API_URL: receiver.url('/victorops'),
    SLACK_API_URL: receiver.url('/slack'),
    ...(smtp ? { SMTP_URL: smtp.url(), MAIL_FROM: 'Alerts <alerts@dms.example>' } : {}),
  };
}

export function startDeliveriesApp(
  clock: Clock,
  receiver: HttpReceiver,
  smtp?: SmtpReceiver,
): Promise<TestApp> {
  return startTestApp(deliveriesEnv(receiver, smtp), clock);
}

// Another instance of the service on the database of `t` (no migrations: the schema is there).
export async function startInstance(
  t: TestApp,
  clock: Clock,
  env: Record<string, string>,
): Promise<INestApplication> {
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: t.databaseUrl,
    LOG_LEVEL: 'warn',
    RUN_MIGRATIONS_ON_START: 'false',
    ...env,
  });
  const app = await createApp(config, t.databaseUrl, { clock, handleSignals: false });
  await app.init();
  return app;
}

export const workerOf = (app: INestApplication): DeliveryWorker => app.get(DeliveryWorker);
export const policyOf = (app: INestApplication): NotificationPolicy => app.get(NotificationPolicy);

export async function createAlertConfig(
  t: TestApp,
  auth: Credentials,
  groupId: string,
  notifications: Array<Record<string, unknown>>,
  eventTypeName = 'HOST_DOWN',
): Promise<string> {
  const response: ApiResponse<{ id: string }> = await call(
    'POST',
    `${t.apiUrl}/groups/${groupId}/alertConfigs`,
    {
      auth,
      body: { eventTypeName, enabled: true, notifications },
    },
  );
  if (response.status !== 201) throw new Error(`alert config: ${response.status} ${response.text}`);
  return response.body.id;
}

export interface DeliveryView {
  id: string;
  alertId: string;
  targetType: string;
  notificationTypeName: string;
  eventKind: string;
  status: string;
  attemptCount: number;
  recipient?: string;
  lastError?: string;
  redeliveryOf?: string;
  attempts: Array<{
    attemptNumber: number;
    outcome: string;
    statusCode?: number;
    error?: string;
    latencyMs: number;
  }>;
  [field: string]: unknown;
}

export async function deliveriesOf(
  t: TestApp,
  auth: Credentials,
  groupId: string,
  query = '',
): Promise<DeliveryView[]> {
  const response: ApiResponse<{ results: DeliveryView[] }> = await call(
    'GET',
    `${t.apiUrl}/groups/${groupId}/deliveries?itemsPerPage=500${query}`,
    { auth },
  );
  if (response.status !== 200) throw new Error(`deliveries: ${response.status} ${response.text}`);
  return response.body.results;
}

export function hostDownAlert(groupId: string, alertConfigId: string) {
  return {
    groupId,
    alertConfigId,
    eventTypeName: 'HOST_DOWN',
    hostId: randomBytes(12).toString('hex'),
    hostnameAndPort: 'db0.example.com:27017',
  };
}

export interface MailSuite {
  t: TestApp;
  receiver: HttpReceiver;
  smtp: SmtpReceiver;
}

// Registers the hooks of a suite whose app delivers to a local HTTP receiver and a local SMTP server;
// the fields are set once beforeAll has run, and the SMTP server is emptied before each test.
export function mailSuite(clock: Clock): MailSuite {
  const suite = {} as MailSuite;
  beforeAll(async () => {
    suite.receiver = await HttpReceiverClass.start();
    suite.smtp = await SmtpReceiverClass.start();
    suite.t = await startDeliveriesApp(clock, suite.receiver, suite.smtp);
  });
  afterAll(async () => {
    await suite.t.close();
    await suite.receiver.close();
    await suite.smtp.close();
  });
  beforeEach(() => suite.smtp.reset());
  return suite;
}

export const groupFlusherOf = (app: INestApplication): GroupFlusher => app.get(GroupFlusher);

// What the timers do for notification groups: due group messages queued, then the queue sent.
export async function flushAndDeliver(app: INestApplication): Promise<void> {
  await groupFlusherOf(app).runDue();
  await workerOf(app).runDue();
}
