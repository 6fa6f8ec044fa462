import type { INestApplication } from '@nestjs/common';
import { createApp } from '../../../src/app.setup';
import { AlertEngine } from '../../../src/modules/alerting';
import { AgentLivenessService } from '../../../src/modules/automation';
import { DeliveryWorker, NotificationPolicy } from '../../../src/modules/deliveries';
import type { Clock } from '../../../src/platform/clock/clock';
import { loadConfig } from '../../../src/platform/config/app-config';
import { call, type Credentials } from '../../support/digest-client';
import type { HttpReceiver } from '../../support/receivers/http-receiver';
import { startTestApp, type TestApp } from '../../support/test-app';
import { deliveriesEnv } from '../deliveries/deliveries.fixture';

export const DOWN_AFTER_S = 120;

// Every timer off: the tests run the engine sweep, the liveness sweep, the notification sweep and the
// delivery worker themselves, at the manual clock's time.
export function engineEnv(receiver: HttpReceiver): Record<string, string> {
  return {
    ...deliveriesEnv(receiver),
    ALERT_ENGINE_SWEEP_MS: '0',
    AGENT_DOWN_AFTER_SECONDS: String(DOWN_AFTER_S),
  };
}

export function startEngineApp(
  clock: Clock,
  receiver: HttpReceiver,
  env: Record<string, string> = {},
): Promise<TestApp> {
  return startTestApp({ ...engineEnv(receiver), ...env }, clock);
}

// A second instance of the service on the database of `t`, serving HTTP on its own port.
export async function startListeningInstance(
  t: TestApp,
  clock: Clock,
  env: Record<string, string>,
): Promise<{ app: INestApplication; baseUrl: string }> {
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: t.databaseUrl,
    LOG_LEVEL: 'warn',
    RUN_MIGRATIONS_ON_START: 'false',
    ...env,
  });
  const app = await createApp(config, t.databaseUrl, { clock, handleSignals: false });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return { app, baseUrl: `http://127.0.0.1:${address.port}` };
}

export const engineOf = (app: INestApplication): AlertEngine => app.get(AlertEngine);
export const livenessOf = (app: INestApplication): AgentLivenessService => app.get(AgentLivenessService);

// What the notification side does on its timers: due (re-)notifications, then the queue.
export async function deliver(app: INestApplication): Promise<void> {
  await app.get(NotificationPolicy).runSweep();
  await app.get(DeliveryWorker).runDue();
}

export interface AlertView {
  id: string;
  alertConfigId: string;
  eventTypeName: string;
  status: string;
  created: string;
  updated: string;
  resolved?: string;
  hostId?: string;
  hostnameAndPort?: string;
  replicaSetName?: string;
  metricName?: string;
  currentValue?: { number: number; units: string };
  [field: string]: unknown;
}

// The alerts of one configuration, newest first, through GET /groups/{groupId}/alerts.
export async function alertsOfConfig(
  t: TestApp,
  auth: Credentials,
  groupId: string,
  alertConfigId: string,
): Promise<AlertView[]> {
  const response = await call<{ results: AlertView[] }>(
    'GET',
    `${t.apiUrl}/groups/${groupId}/alerts?itemsPerPage=500`,
    { auth },
  );
  if (response.status !== 200) throw new Error(`alerts: ${response.status} ${response.text}`);
  return response.body.results.filter((alert) => alert.alertConfigId === alertConfigId);
}

export async function createConfig(
  t: TestApp,
  auth: Credentials,
  groupId: string,
  body: Record<string, unknown>,
): Promise<string> {
  const response = await call<{ id: string }>('POST', `${t.apiUrl}/groups/${groupId}/alertConfigs`, {
    auth,
    body: { enabled: true, ...body },
  });
  if (response.status !== 201) throw new Error(`alert config: ${response.status} ${response.text}`);
  return response.body.id;
}

export function connectionsAbove(threshold: number): Record<string, unknown> {
  return {
    metricName: 'CONNECTIONS',
    mode: 'AVERAGE',
    operator: 'GREATER_THAN',
    threshold,
    units: 'RAW',
  };
}

export function webhook(receiver: HttpReceiver, path: string, delayMin = 0): Record<string, unknown> {
  return { typeName: 'WEBHOOK', webhookUrl: receiver.url(path), delayMin, intervalMin: 60 };
}

export function measuredHost(
  clock: Clock,
  hostname: string,
  measurements: Record<string, number>,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    hostname,
    port: 27017,
    typeName: 'REPLICA_PRIMARY',
    replicaSetName: 'rs0',
    up: true,
    measurements: Object.entries(measurements).map(([metricName, value]) => ({
      metricName,
      units: 'SCALAR',
      value,
      timestamp: clock
        .now()
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z'),
    })),
    ...overrides,
  };
}
