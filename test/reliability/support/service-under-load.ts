import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { connect } from 'node:net';
import { resolve } from 'node:path';
import { Client } from 'pg';
import { OpenApiViolation, request } from '../../support/checked-request';
import { call, type Credentials } from '../../support/digest-client';
import { freePort, serviceArgs } from '../../e2e/deliveries/service-process';
import { sleep } from '../../support/time';

const ROOT = resolve(__dirname, '../../..');
const KEPT_OUTPUT = 20_000;

// One key for every process of a test, so each can open the secrets the others sealed.
export const SECRETS_KEY = randomBytes(32).toString('base64');

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

// The service as its own operating-system process, which a fault test can SIGKILL or SIGTERM and whose
// exit code it can read (test/e2e/deliveries/service-process.ts only kills).
export class ServiceUnderTest {
  private output = '';
  readonly exited: Promise<Exit>;

  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {
    const keep = (chunk: Buffer): void => {
      this.output = (this.output + chunk.toString('utf8')).slice(-KEPT_OUTPUT);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((done) =>
      child.once('exit', (code, signal) => {
        // FAULT_TEST_LOG=<file>: keep what each process wrote (its error logs), to see why a test failed.
        const file = process.env.FAULT_TEST_LOG;
        if (file)
          appendFileSync(file, `--- service on port ${port}, exit ${code ?? signal}\n${this.output}\n`);
        done({ code, signal });
      }),
    );
  }

  static async start(env: Record<string, string>, readyWithinMs = 90_000): Promise<ServiceUnderTest> {
    const port = await freePort();
    const child = spawn(process.execPath, serviceArgs(), {
      cwd: ROOT,
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const service = new ServiceUnderTest(child, port);
    try {
      await service.waitUntilHealthy(readyWithinMs);
    } catch (error) {
      await service.kill();
      throw error;
    }
    return service;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get apiUrl(): string {
    return `${this.baseUrl}/api/public/v1.0`;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  get log(): string {
    return this.output;
  }

  signal(name: NodeJS.Signals): void {
    if (this.running) this.child.kill(name);
  }

  async kill(): Promise<Exit> {
    this.signal('SIGKILL');
    return this.exited;
  }

  // Whether a new TCP connection to the service's port is refused (the listening socket is closed).
  refusesConnections(): Promise<boolean> {
    return new Promise((done) => {
      const socket = connect(this.port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        done(false);
      });
      socket.once('error', (error: NodeJS.ErrnoException) => done(error.code === 'ECONNREFUSED'));
    });
  }

  private async waitUntilHealthy(withinMs: number): Promise<void> {
    const deadline = Date.now() + withinMs;
    while (Date.now() < deadline) {
      if (!this.running) throw new Error(`the service exited during start-up:\n${this.output}`);
      try {
        const response = await request(`${this.baseUrl}/health`, { timeout: 1000, dataType: 'text' });
        if (response.status === 200) return;
      } catch (error) {
        // Not listening yet; a response that breaks the OpenAPI document still fails the test.
        if (error instanceof OpenApiViolation) throw error;
      }
      await sleep(100);
    }
    throw new Error(`the service was not healthy within ${withinMs} ms:\n${this.output}`);
  }
}

// What every fault test runs the service with: deliveries to the loopback receiver, timers short enough
// for a queue to drain within seconds, the engine reading configurations without a cache.
export function serviceEnv(databaseUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    SECRETS_KEY,
    OUTBOUND_ALLOWLIST: '127.0.0.1:*',
    OUTBOUND_TIMEOUT_MS: '3000',
    DELIVERY_LEASE_MS: '4000',
    DELIVERY_POLL_MS: '100',
    NOTIFICATION_SWEEP_MS: '200',
    ALERT_ENGINE_CONFIG_CACHE_MS: '0',
    AGENT_SWEEP_INTERVAL_SECONDS: '0',
    ...extra,
  };
}

export interface Project {
  auth: Credentials;
  orgId: string;
  groupId: string;
  agentKey: string;
}

async function expectOk<T>(
  what: string,
  response: Promise<{ status: number; body: T; text: string }>,
): Promise<T> {
  const answered = await response;
  if (answered.status >= 300) throw new Error(`${what}: ${answered.status} ${answered.text}`);
  return answered.body;
}

// The first user (its global key does everything), an organization, a project and an agent key.
export async function setUpProject(apiUrl: string): Promise<Project> {
  const boot = await expectOk<{ programmaticApiKey: Credentials }>(
    'POST /unauth/users',
    call('POST', `${apiUrl}/unauth/users`, {
      body: {
        username: 'jane.doe@example.com',
        password: 'Correct-Horse-9',
        firstName: 'Jane',
        lastName: 'Doe',
        emailAddress: 'jane.doe@example.com',
      },
    }),
  );
  const auth: Credentials = {
    publicKey: boot.programmaticApiKey.publicKey,
    privateKey: boot.programmaticApiKey.privateKey,
  };
  const org = await expectOk<{ id: string }>(
    'POST /orgs',
    call('POST', `${apiUrl}/orgs`, { auth, body: { name: 'fault-org' } }),
  );
  const project = await expectOk<{ id: string }>(
    'POST /groups',
    call('POST', `${apiUrl}/groups`, { auth, body: { name: 'fault-project', orgId: org.id } }),
  );
  const agentKey = await expectOk<{ key: string }>(
    'POST agentapikeys',
    call('POST', `${apiUrl}/groups/${project.id}/agentapikeys`, { auth, body: { desc: 'agents' } }),
  );
  return { auth, orgId: org.id, groupId: project.id, agentKey: agentKey.key };
}

// CONNECTIONS above `threshold` on a host opens an alert, at or below it closes the alert; every change
// is notified to the webhook at once.
export function connectionsConfig(threshold: number, webhookUrl: string): Record<string, unknown> {
  return {
    eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
    enabled: true,
    metricThreshold: {
      metricName: 'CONNECTIONS',
      mode: 'AVERAGE',
      operator: 'GREATER_THAN',
      threshold,
      units: 'RAW',
    },
    notifications: [{ typeName: 'WEBHOOK', webhookUrl, delayMin: 0, intervalMin: 60 }],
  };
}

export async function createAlertConfig(
  apiUrl: string,
  project: Project,
  body: Record<string, unknown>,
): Promise<string> {
  const created = await expectOk<{ id: string }>(
    'POST alertConfigs',
    call('POST', `${apiUrl}/groups/${project.groupId}/alertConfigs`, { auth: project.auth, body }),
  );
  return created.id;
}

export interface Sample {
  hostname: string;
  value: number;
  // ISO 8601 with milliseconds: unique per host and report, so the stored data point names its report.
  timestamp: string;
}

// One monitoring agent report (test/e2e/automation): each host with one CONNECTIONS data point.
export async function postReport(
  baseUrl: string,
  project: Project,
  samples: Sample[],
): Promise<{ status: number; text: string }> {
  const response = await request(`${baseUrl}/agents/v1/groups/${project.groupId}/reports`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${project.groupId}:${project.agentKey}`).toString('base64')}`,
    },
    content: JSON.stringify({
      agentType: 'MONITORING',
      hostname: 'agent0.example.com',
      version: '107.0.0.8465-1',
      hosts: samples.map((sample) => ({
        hostname: sample.hostname,
        port: 27017,
        typeName: 'REPLICA_PRIMARY',
        replicaSetName: 'rs0',
        up: true,
        measurements: [
          { metricName: 'CONNECTIONS', units: 'SCALAR', value: sample.value, timestamp: sample.timestamp },
        ],
      })),
    }),
    dataType: 'text',
    timeout: 30_000,
  });
  return { status: response.status, text: String(response.data ?? '') };
}

// Every request a load made: answered (any status) or failed without an answer (connection cut or refused).
export interface Outcome<T> {
  what: T;
  status?: number;
  error?: string;
}

export class OutcomeLog<T> {
  readonly outcomes: Array<Outcome<T>> = [];

  async record(what: T, send: () => Promise<{ status: number }>): Promise<Outcome<T>> {
    let outcome: Outcome<T>;
    try {
      outcome = { what, status: (await send()).status };
    } catch (error) {
      // A response that breaks the OpenAPI document is an answer, and a failure of the test.
      if (error instanceof OpenApiViolation) throw error;
      const { code, message } = error as { code?: string; message?: string };
      outcome = { what, error: `${code ?? ''} ${message ?? String(error)}`.trim() };
    }
    this.outcomes.push(outcome);
    return outcome;
  }

  get succeeded(): T[] {
    return this.outcomes.filter((o) => o.status !== undefined && o.status < 300).map((o) => o.what);
  }

  // Answered with a 4xx/5xx: the service said it made no change.
  get refused(): Array<Outcome<T>> {
    return this.outcomes.filter((o) => o.status !== undefined && o.status >= 300);
  }

  // No answer: the change may or may not have been committed. Also when the last error is a refused
  // connection: urllib (undici) repeats an idempotent request (PUT) on a new connection when the kill cut
  // the first one, so the first may have been committed.
  get unanswered(): T[] {
    return this.outcomes.filter((o) => o.status === undefined).map((o) => o.what);
  }

  // Of the unanswered, those whose last error was a refused connection (for the figures).
  get connectionRefused(): T[] {
    return this.outcomes
      .filter((o) => o.status === undefined && (o.error ?? '').includes('ECONNREFUSED'))
      .map((o) => o.what);
  }
}

export async function withClient<T>(databaseUrl: string, work: (db: Client) => Promise<T>): Promise<T> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

export interface DeliveryRow {
  id: string;
  alert_id: string;
  event_kind: string;
  status: string;
  lease_owner: string | null;
  attempt_count: number;
}

export async function deliveryRows(db: Client): Promise<DeliveryRow[]> {
  return (
    await db.query<DeliveryRow>(
      'SELECT id, alert_id, event_kind, status, lease_owner, attempt_count FROM deliveries ORDER BY created, id',
    )
  ).rows;
}

// Recorded calls to receivers per (alert id, event kind): one attempt row per call whose answer (or failure)
// was recorded; a call cut by a kill leaves none.
export async function recordedAttempts(db: Client): Promise<Map<string, number>> {
  const rows = (
    await db.query<{ key: string; attempts: string }>(
      `SELECT d.alert_id || '|' || d.event_kind AS key, count(*) AS attempts
       FROM deliveries d JOIN delivery_attempts a ON a.delivery_id = d.id GROUP BY 1`,
    )
  ).rows;
  return new Map(rows.map((row) => [row.key, Number(row.attempts)]));
}

export function countBy<T>(items: T[], keyOf: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(keyOf(item), (counts.get(keyOf(item)) ?? 0) + 1);
  return counts;
}
