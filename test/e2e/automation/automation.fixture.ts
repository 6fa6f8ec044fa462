import { Client } from 'pg';
import { request } from '../../support/checked-request';
import type { Clock } from '../../../src/platform/clock/clock';
import { AgentLivenessService, MeasurementPartitions } from '../../../src/modules/automation';
import { call, type ApiResponse, type Credentials } from '../../support/digest-client';
import { projectWithCallers, type ProjectCallers } from '../../support/factories/alerting.fixture';
import { bootstrapFirstUser, type BootstrapResult } from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';

// Agents talk to the agent API with HTTP Basic (user = project id, password = an agent API key).

export interface AgentKey {
  id: string;
  key: string;
}

export interface Deployment extends ProjectCallers {
  agentKey: AgentKey;
}

// The sweep timer is off: tests run the sweep themselves, at the ManualClock's time.
export async function startAutomationApp(clock?: Clock, env: Record<string, string> = {}): Promise<TestApp> {
  return startTestApp({ AGENT_SWEEP_INTERVAL_SECONDS: '0', ...env }, clock);
}

const bootstraps = new WeakMap<TestApp, Promise<BootstrapResult>>();

// A new project with a caller per role and one agent key; the first user is made once per app.
export async function deployment(t: TestApp): Promise<Deployment> {
  if (!bootstraps.has(t)) bootstraps.set(t, bootstrapFirstUser(t));
  const callers = await projectWithCallers(t, await (bootstraps.get(t) as Promise<BootstrapResult>));
  return { ...callers, agentKey: await createAgentKey(t, callers.groupOwner, callers.groupId) };
}

export async function createAgentKey(
  t: TestApp,
  auth: Credentials,
  groupId: string,
  desc = 'agents',
): Promise<AgentKey> {
  const response = await call<{ _id: string; key: string }>(
    'POST',
    `${t.apiUrl}/groups/${groupId}/agentapikeys`,
    {
      auth,
      body: { desc },
    },
  );
  if (response.status !== 200) throw new Error(`POST agentapikeys: ${response.status} ${response.text}`);
  return { id: response.body._id, key: response.body.key };
}

export function reportUrl(t: Pick<TestApp, 'baseUrl'>, groupId: string): string {
  return `${t.baseUrl}/agents/v1/groups/${groupId}/reports`;
}

export function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}

export async function postReport(
  t: Pick<TestApp, 'baseUrl'>,
  groupId: string,
  key: string | undefined,
  body: unknown,
  options: { user?: string; rawBody?: string } = {},
): Promise<ApiResponse> {
  const response = await request(reportUrl(t, groupId), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(key === undefined ? {} : { authorization: basic(options.user ?? groupId, key) }),
    },
    content: options.rawBody ?? JSON.stringify(body),
    dataType: 'text',
    timeout: 30000,
  });
  const text = String(response.data ?? '');
  let parsed: unknown = undefined;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = text;
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

// Reports and expects 202.
export async function report(
  t: TestApp,
  d: Pick<Deployment, 'groupId' | 'agentKey'>,
  body: unknown,
): Promise<void> {
  const response = await postReport(t, d.groupId, d.agentKey.key, body);
  if (response.status !== 202)
    throw new Error(`report: expected 202, got ${response.status}: ${response.text}`);
}

export function hostReport(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    hostname: 'db0.example.com',
    port: 27017,
    typeName: 'REPLICA_PRIMARY',
    replicaSetName: 'rs0',
    up: true,
    ...overrides,
  };
}

export function monitoringReport(
  hosts: Array<Record<string, unknown>>,
  overrides: Record<string, unknown> = {},
) {
  return {
    agentType: 'MONITORING',
    hostname: 'agent0.example.com',
    version: '107.0.0.8465-1',
    hosts,
    ...overrides,
  };
}

export async function getJson<T = any>(t: TestApp, auth: Credentials, path: string): Promise<ApiResponse<T>> {
  return call<T>('GET', `${t.apiUrl}${path}`, { auth });
}

export function livenessOf(t: TestApp): AgentLivenessService {
  return t.app.get(AgentLivenessService);
}

export function partitionsOf(t: TestApp): MeasurementPartitions {
  return t.app.get(MeasurementPartitions);
}

// An app with the given settings and a database connection of the test's own (to hold locks, read
// statistics); close() ends both.
export async function automationAppWithConnection(
  env: Record<string, string>,
): Promise<{ t: TestApp; db: Client; close: () => Promise<void> }> {
  const t = await startAutomationApp(undefined, env);
  const db = new Client({ connectionString: t.databaseUrl });
  await db.connect();
  return {
    t,
    db,
    close: async () => {
      await db.end();
      await t.close();
    },
  };
}
