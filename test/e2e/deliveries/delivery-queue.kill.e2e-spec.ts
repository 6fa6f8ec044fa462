import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { request } from '../../support/checked-request';
import { call, type Credentials } from '../../support/digest-client';
import { createTestDatabase } from '../../support/database';
import { eventually } from '../../support/eventually';
import { HttpReceiver, type ReceivedRequest } from '../../support/receivers/http-receiver';
import { SECRETS_KEY } from './deliveries-fixture';
import { ServiceProcess } from './service-process';

const DELIVERED_FIRST = 4;
const QUEUED_AT_KILL = 6;
const IN_FLIGHT = 2;
const OUTBOUND_TIMEOUT_MS = 6000;
// Just above the outbound timeout, so the killed instance's leases lapse a few seconds after the kill.
const DELIVERY_LEASE_MS = 6500;
const RETRY_AFTER_S = 15;

interface DeliveryRow {
  id: string;
  alert_id: string;
  status: string;
  lease_owner: string | null;
  attempt_count: number;
}

// Two real processes of the service, one after the other, on one database: the first is killed with
// SIGKILL while deliveries are queued, retrying and in flight; the second must finish them.
describe('POST /agents/v1/groups/{groupId}/reports then kill -9 of the service with deliveries pending', () => {
  let database: { url: string; drop: () => Promise<void> };
  let db: Client;
  let receiver: HttpReceiver;
  let dataDir: string;
  const services: ServiceProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    db = new Client({ connectionString: database.url });
    await db.connect();
    receiver = await HttpReceiver.start();
    dataDir = mkdtempSync(join(tmpdir(), 'dms-kill-'));
  });

  afterAll(async () => {
    for (const service of services) await service.kill();
    await receiver?.close();
    await db?.end();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async (): Promise<ServiceProcess> => {
    const service = await ServiceProcess.start({
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SECRETS_KEY,
      OUTBOUND_ALLOWLIST: '127.0.0.1:*',
      OUTBOUND_TIMEOUT_MS: String(OUTBOUND_TIMEOUT_MS),
      DELIVERY_LEASE_MS: String(DELIVERY_LEASE_MS),
      DELIVERY_POLL_MS: '100',
      NOTIFICATION_SWEEP_MS: '200',
      ALERT_ENGINE_CONFIG_CACHE_MS: '0',
      AGENT_SWEEP_INTERVAL_SECONDS: '0',
    });
    services.push(service);
    return service;
  };

  const deliveries = async (): Promise<DeliveryRow[]> =>
    (
      await db.query<DeliveryRow>(
        'SELECT id, alert_id, status, lease_owner, attempt_count FROM deliveries ORDER BY created, id',
      )
    ).rows;

  // A monitoring report with every host above the threshold: one alert, one webhook delivery per host.
  const reportHosts = async (
    service: ServiceProcess,
    groupId: string,
    agentKey: string,
    hostnames: string[],
  ): Promise<void> => {
    const timestamp = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    const body = {
      agentType: 'MONITORING',
      hostname: 'agent0.example.com',
      version: '107.0.0.8465-1',
      hosts: hostnames.map((hostname) => ({
        hostname,
        port: 27017,
        typeName: 'REPLICA_PRIMARY',
        replicaSetName: 'rs0',
        up: true,
        measurements: [{ metricName: 'CONNECTIONS', units: 'SCALAR', value: 150, timestamp }],
      })),
    };
    const response = await request(`${service.baseUrl}/agents/v1/groups/${groupId}/reports`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${groupId}:${agentKey}`).toString('base64')}`,
      },
      content: JSON.stringify(body),
      dataType: 'text',
      timeout: 30_000,
    });
    expect(response.status).toBe(202);
  };

  it('should deliver every queued notification and repeat none that had succeeded when the service is killed and restarted', async () => {
    const first = await start();
    const boot = await call<{ programmaticApiKey: { publicKey: string; privateKey: string } }>(
      'POST',
      `${first.apiUrl}/unauth/users`,
      {
        body: {
          username: 'jane.doe@example.com',
          password: 'Correct-Horse-9',
          firstName: 'Jane',
          lastName: 'Doe',
          emailAddress: 'jane.doe@example.com',
        },
      },
    );
    expect(boot.status).toBe(201);
    const auth: Credentials = boot.body.programmaticApiKey;
    const org = await call<{ id: string }>('POST', `${first.apiUrl}/orgs`, {
      auth,
      body: { name: 'kill-org' },
    });
    expect(org.status).toBe(200);
    const project = await call<{ id: string }>('POST', `${first.apiUrl}/groups`, {
      auth,
      body: { name: 'kill-project', orgId: org.body.id },
    });
    expect(project.status).toBe(201);
    const groupId = project.body.id;
    const agentKey = await call<{ key: string }>('POST', `${first.apiUrl}/groups/${groupId}/agentapikeys`, {
      auth,
      body: { desc: 'agents' },
    });
    expect(agentKey.status).toBe(200);
    const config = await call('POST', `${first.apiUrl}/groups/${groupId}/alertConfigs`, {
      auth,
      body: {
        eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
        enabled: true,
        metricThreshold: {
          metricName: 'CONNECTIONS',
          mode: 'AVERAGE',
          operator: 'GREATER_THAN',
          threshold: 100,
          units: 'RAW',
        },
        notifications: [
          { typeName: 'WEBHOOK', webhookUrl: receiver.url('/kill'), delayMin: 0, intervalMin: 60 },
        ],
      },
    });
    expect(config.status).toBe(201);

    // Phase 1: the receiver accepts; these deliveries succeed before the kill.
    await reportHosts(
      first,
      groupId,
      agentKey.body.key,
      Array.from({ length: DELIVERED_FIRST }, (_, i) => `ok${i}.example.com`),
    );
    await eventually(
      'the first deliveries to succeed',
      async () => {
        const rows = await deliveries();
        return rows.length === DELIVERED_FIRST && rows.every((row) => row.status === 'SUCCEEDED')
          ? rows
          : undefined;
      },
      20_000,
    );

    // Phase 2: the receiver hangs on two calls and answers 503 to the others, then the process is killed.
    // The 503s ask for a retry after RETRY_AFTER_S: the worker goes on with other rows while two calls
    // hang, and an early retry claimed just before the kill would blur which rows were in flight.
    receiver.respondWith(...Array.from({ length: IN_FLIGHT }, () => ({ status: 200, delayMs: 120_000 })));
    receiver.respondByDefault({ status: 503, headers: { 'Retry-After': String(RETRY_AFTER_S) } });
    await reportHosts(
      first,
      groupId,
      agentKey.body.key,
      Array.from({ length: QUEUED_AT_KILL }, (_, i) => `down${i}.example.com`),
    );
    await receiver.waitFor(DELIVERED_FIRST + QUEUED_AT_KILL, 10_000);
    await eventually(
      'the 503 answers to be recorded',
      async () => {
        const rows = await deliveries();
        const settled = rows.filter(
          (row) => row.status === 'PENDING' && row.lease_owner === null && row.attempt_count > 0,
        );
        return settled.length === QUEUED_AT_KILL - IN_FLIGHT ? rows : undefined;
      },
      20_000,
    );
    await first.kill();

    const atKill = await deliveries();
    const succeededAtKill = new Set(
      atKill.filter((row) => row.status === 'SUCCEEDED').map((row) => row.alert_id),
    );
    const pendingAtKill = atKill.filter((row) => row.status === 'PENDING');
    const inFlightAtKill = pendingAtKill.filter((row) => row.lease_owner !== null);
    expect(succeededAtKill.size).toBe(DELIVERED_FIRST);
    expect(pendingAtKill).toHaveLength(QUEUED_AT_KILL);
    expect(inFlightAtKill).toHaveLength(IN_FLIGHT);
    const beforeKill: ReceivedRequest[] = [...receiver.requests];
    receiver.reset();

    // Phase 3: a new process on the same database, the receiver accepting again.
    await start();
    const after = await eventually(
      'every delivery to succeed after the restart',
      async () => {
        const rows = await deliveries();
        return rows.every((row) => row.status === 'SUCCEEDED') ? rows : undefined;
      },
      RETRY_AFTER_S * 1000 + 30_000,
    );

    // None lost: the same rows, all delivered; none added.
    expect(after.map((row) => row.id)).toEqual(atKill.map((row) => row.id));
    // None that had succeeded was sent again; each pending one was sent exactly once more.
    const alertIdsAfter = receiver.requests.map((received) => received.json().id as string);
    expect(alertIdsAfter.filter((alertId) => succeededAtKill.has(alertId))).toEqual([]);
    expect([...alertIdsAfter].sort()).toEqual(pendingAtKill.map((row) => row.alert_id).sort());
    // The calls cut by the kill are repeated (at-least-once) with the same dedup key: the alert id in the
    // body and the same X-MMS-Event. X-Mms-Request-Id is per HTTP request, as the product documents it.
    for (const row of inFlightAtKill) {
      const cut = beforeKill.filter((received) => received.json().id === row.alert_id);
      const repeated = receiver.requests.filter((received) => received.json().id === row.alert_id);
      expect(cut).toHaveLength(1);
      expect(repeated).toHaveLength(1);
      expect(repeated[0].headers['x-mms-event']).toBe(cut[0].headers['x-mms-event']);
      expect(repeated[0].json()).toMatchObject({ id: row.alert_id, status: 'OPEN' });
    }
    // The attempt cut by the kill left no attempt row: its delivery shows attempt 2 only.
    const inFlightAttempts = await db.query<{ delivery_id: string; attempt_number: number; outcome: string }>(
      'SELECT delivery_id, attempt_number, outcome FROM delivery_attempts WHERE delivery_id = ANY($1) ORDER BY delivery_id',
      [inFlightAtKill.map((row) => row.id)],
    );
    expect(inFlightAttempts.rows.map((attempt) => [attempt.attempt_number, attempt.outcome])).toEqual([
      [2, 'SUCCEEDED'],
      [2, 'SUCCEEDED'],
    ]);
  }, 240_000);
});
