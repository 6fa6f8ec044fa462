import type { INestApplication } from '@nestjs/common';
import { createApp } from '../../../src/app.setup';
import { AlertEngine } from '../../../src/modules/alerting';
import { DeliveryWorker, NotificationPolicy } from '../../../src/modules/deliveries';
import type { ManualClock } from '../../../src/platform/clock/clock';
import { loadConfig, type AppConfig } from '../../../src/platform/config/app-config';
import { call, type ApiResponse, type Credentials } from '../../support/digest-client';
import { createTestDatabase } from '../../support/database';
import type { HttpReceiver, ReceivedRequest } from '../../support/receivers/http-receiver';
import { deliveriesEnv } from '../../e2e/deliveries/deliveries.fixture';
import { postReport } from '../../e2e/automation/automation.fixture';
import type { TestApp } from '../../support/test-app';
import type { ConfigShape, HostName, HostState } from './alert-model';

// The service under the model test: one database for the whole run, restartable (a new process state on
// the same database, the manual clock carried over), all timers off so each step runs the engine sweep,
// the notification sweep and the delivery worker itself.
export class ModelService {
  app!: INestApplication;
  apiUrl = '';
  baseUrl = '';
  private config!: AppConfig;
  private constructor(
    private readonly databaseUrl: string,
    private readonly drop: () => Promise<void>,
    private readonly env: Record<string, string>,
    private readonly clock: ManualClock,
  ) {}

  static async start(receiver: HttpReceiver, clock: ManualClock): Promise<ModelService> {
    const database = await createTestDatabase();
    const env = {
      ...deliveriesEnv(receiver),
      ALERT_ENGINE_SWEEP_MS: '0',
      // Hosts go down only when a report says so, and metric values never go stale within a sequence.
      AGENT_DOWN_AFTER_SECONDS: '86400',
      ALERT_STALE_AFTER_MINUTES: '10080',
      PUBLIC_BASE_URL: 'https://dms.model.example',
    };
    const service = new ModelService(database.url, () => database.drop(), env, clock);
    await service.boot(true);
    return service;
  }

  private async boot(migrate: boolean): Promise<void> {
    const config = loadConfig({
      ...process.env,
      DATABASE_URL: this.databaseUrl,
      LOG_LEVEL: 'warn',
      RUN_MIGRATIONS_ON_START: String(migrate),
      ...this.env,
    });
    this.config = config;
    this.app = await createApp(config, this.databaseUrl, { clock: this.clock, handleSignals: false });
    await this.app.listen(0, '127.0.0.1');
    const address = this.app.getHttpServer().address() as { port: number };
    this.baseUrl = `http://127.0.0.1:${address.port}`;
    this.apiUrl = `${this.baseUrl}/api/public/v1.0`;
  }

  // For the shared fixtures, which take a TestApp (its close() is this service's).
  get testApp(): TestApp {
    return {
      app: this.app,
      config: this.config,
      baseUrl: this.baseUrl,
      apiUrl: this.apiUrl,
      databaseUrl: this.databaseUrl,
      close: () => this.close(),
    };
  }

  async restart(): Promise<void> {
    await this.app.close();
    await this.boot(false);
  }

  async close(): Promise<void> {
    await this.app.close();
    await this.drop();
  }

  // What the timers would do at this instant: the engine's sweep, due notifications, then the queue.
  async settle(): Promise<void> {
    await this.app.get(AlertEngine).runSweep();
    await this.app.get(NotificationPolicy).runSweep();
    await this.app.get(DeliveryWorker).runDue();
  }

  async expect<T = any>(
    method: string,
    path: string,
    auth: Credentials,
    status: number,
    body?: unknown,
  ): Promise<ApiResponse<T>> {
    const response = await call<T>(method, `${this.apiUrl}${path}`, { auth, body });
    if (response.status !== status) {
      throw new Error(`${method} ${path}: expected ${status}, got ${response.status} ${response.text}`);
    }
    return response;
  }

  async report(
    groupId: string,
    agentKey: string,
    hosts: Record<HostName, HostState>,
    at: Date,
  ): Promise<void> {
    const timestamp = at.toISOString().replace(/\.\d{3}Z$/, 'Z');
    const body = {
      agentType: 'MONITORING',
      hostname: 'agent.model.example',
      version: '107.0.0.8465-1',
      hosts: (Object.entries(hosts) as Array<[HostName, HostState]>).map(([name, state]) => ({
        hostname: hostnameOf(name),
        port: 27017,
        typeName: name === 'h0' ? 'REPLICA_PRIMARY' : 'REPLICA_SECONDARY',
        replicaSetName: 'rs0',
        up: state.up,
        measurements: state.up
          ? [{ metricName: 'CONNECTIONS', units: 'SCALAR', value: state.connections, timestamp }]
          : [],
      })),
    };
    const response = await postReport(this, groupId, agentKey, body);
    if (response.status !== 202) throw new Error(`report: ${response.status} ${response.text}`);
  }
}

export const hostnameOf = (host: HostName): string => `${host}.model.example`;
export const hostOfAddress = (hostnameAndPort: string | undefined): HostName | undefined =>
  (['h0', 'h1'] as const).find((host) => hostnameAndPort === `${hostnameOf(host)}:27017`);

export interface NamedPeople {
  username?: string;
  teamId?: string;
}

export function configBody(
  shape: ConfigShape,
  webhookUrl: string,
  enabled: boolean,
  people: NamedPeople = {},
): Record<string, unknown> {
  const toPeople = { emailEnabled: true, delayMin: 0, intervalMin: shape.intervalMin };
  return {
    eventTypeName: shape.kind === 'HOST_DOWN' ? 'HOST_DOWN' : 'OUTSIDE_METRIC_THRESHOLD',
    enabled,
    matchers:
      shape.matcherHost === undefined
        ? []
        : [{ fieldName: 'HOSTNAME', operator: 'EQUALS', value: hostnameOf(shape.matcherHost) }],
    ...(shape.kind === 'METRIC'
      ? {
          metricThreshold: {
            metricName: 'CONNECTIONS',
            mode: 'AVERAGE',
            operator: 'GREATER_THAN',
            threshold: shape.threshold,
            units: 'RAW',
          },
        }
      : {}),
    notifications: [
      { typeName: 'WEBHOOK', webhookUrl, delayMin: 0, intervalMin: shape.intervalMin },
      ...(people.username === undefined
        ? []
        : [{ typeName: 'USER', username: people.username, ...toPeople }]),
      ...(people.teamId === undefined ? [] : [{ typeName: 'TEAM', teamId: people.teamId, ...toPeople }]),
    ],
  };
}

// A webhook call as the test reads it.
export interface Received {
  path: string;
  kind: string;
  alertId: string;
  body: Record<string, unknown>;
}

export function readReceived(request: ReceivedRequest): Received {
  const body = request.json() as Record<string, unknown>;
  return {
    path: request.path,
    kind: String(request.headers['x-mms-event']),
    alertId: String(body.id),
    body,
  };
}
