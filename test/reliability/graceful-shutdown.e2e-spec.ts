import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { call, type ApiResponse } from '../support/digest-client';
import { createTestDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { HttpReceiver } from '../support/receivers/http-receiver';
import {
  connectionsConfig,
  countBy,
  createAlertConfig,
  deliveryRows,
  postReport,
  serviceEnv,
  ServiceUnderTest,
  setUpProject,
  withClient,
  type Exit,
} from './support/service-under-load';

const HOSTS = 45;
// Above the project's concurrency cap (DELIVERY_PROJECT_CONCURRENCY, 4): SIGTERM lands with a few in
// flight and the rest queued. The gated test notification gets the outbound timeout (20 s), not 5 s.
const HOOK_DELAY_MS = 1500;
const EXIT_WITHIN_MS = 15_000;
// Longer than the test: a row left leased by the stopped process would not be retried in time.
const LEASE_MS = 120_000;

// A receiver that holds each request until the test lets it go: the in-flight request of the test.
class GatedReceiver {
  readonly arrived: string[] = [];
  private held: ServerResponse[] = [];
  private readonly server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    request.on('end', () => {
      this.arrived.push(request.url ?? '');
      this.held.push(response);
    });
  });

  static async start(): Promise<GatedReceiver> {
    const receiver = new GatedReceiver();
    await new Promise<void>((done) => receiver.server.listen(0, '127.0.0.1', done));
    return receiver;
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  release(): void {
    for (const response of this.held)
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    this.held = [];
  }

  async close(): Promise<void> {
    this.release();
    this.server.closeAllConnections();
    await new Promise((done) => this.server.close(done));
  }
}

// Faults: SIGTERM finishes the requests in flight, refuses new connections, exits 0, and leaves
// the deliveries it had not started in the queue for the next instance.
describe('SIGTERM with a request in flight and deliveries queued', () => {
  let database: { url: string; drop: () => Promise<void> };
  let hooks: HttpReceiver;
  let gate: GatedReceiver;
  const services: ServiceUnderTest[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    hooks = await HttpReceiver.start();
    gate = await GatedReceiver.start();
  });

  afterAll(async () => {
    for (const service of services) await service.kill();
    await gate?.close();
    await hooks?.close();
    await database?.drop();
  });

  const start = async (): Promise<ServiceUnderTest> => {
    const service = await ServiceUnderTest.start(
      serviceEnv(database.url, {
        OUTBOUND_TIMEOUT_MS: '20000',
        TEST_NOTIFICATION_TIMEOUT_MS: '20000',
        DELIVERY_LEASE_MS: String(LEASE_MS),
      }),
    );
    services.push(service);
    return service;
  };

  it('should answer the in-flight request, refuse new connections, exit 0 and leave unsent deliveries queued for the next instance', async () => {
    const first = await start();
    const project = await setUpProject(first.apiUrl);
    await createAlertConfig(first.apiUrl, project, connectionsConfig(100, hooks.url('/hook')));
    hooks.respondByDefault({ status: 200, body: { ok: true }, delayMs: HOOK_DELAY_MS });

    // One report over the threshold on every host: an alert and a queued webhook delivery per host.
    const timestamp = new Date(Date.now() - 60_000).toISOString();
    const report = await postReport(
      first.baseUrl,
      project,
      Array.from({ length: HOSTS }, (_, i) => ({ hostname: `db${i}.example.com`, value: 150, timestamp })),
    );
    expect(report.status).toBe(202);
    await hooks.waitFor(1, 20_000);

    // The test notification calls its receiver synchronously: the gate holds that call, so the request
    // stays in flight in the service for as long as the test wants.
    let slowAnswer: ApiResponse | undefined;
    const slow = call('POST', `${first.apiUrl}/groups/${project.groupId}/alertConfigs/notifications/test`, {
      auth: project.auth,
      body: {
        notification: { typeName: 'WEBHOOK', webhookUrl: gate.url('/slow'), delayMin: 0, intervalMin: 60 },
      },
    }).then((answer) => (slowAnswer = answer));
    await eventually(
      'the slow request to reach its receiver',
      () => (gate.arrived.length > 0 ? true : undefined),
      20_000,
    );

    const exited: Promise<Exit> = first.exited;
    const signalled = Date.now();
    first.signal('SIGTERM');
    await eventually(
      'new connections to be refused',
      async () => ((await first.refusesConnections()) ? true : undefined),
      EXIT_WITHIN_MS,
    );
    const refusedAfterMs = Date.now() - signalled;
    // Still held by the gate: the listener closed while the request was in flight, and the process waits.
    expect(slowAnswer).toBeUndefined();
    expect(first.running).toBe(true);

    gate.release();
    await slow;
    expect(slowAnswer?.status).toBe(200);
    // The bound is cleared once the process has exited: a pending timer would hold Jest's worker open.
    let bound: NodeJS.Timeout | undefined;
    const exit = await Promise.race([
      exited,
      new Promise<Exit>((_, fail) => {
        bound = setTimeout(() => fail(new Error('no exit after SIGTERM')), EXIT_WITHIN_MS);
      }),
    ]).finally(() => clearTimeout(bound));
    const exitedAfterMs = Date.now() - signalled;
    expect(exit).toEqual({ code: 0, signal: null });

    await withClient(database.url, async (db) => {
      const atExit = await deliveryRows(db);
      const sentBefore = hooks.requests
        .filter((request) => request.path === '/hook')
        .map((request) => request.json().id as string);
      const succeeded = atExit.filter((row) => row.status === 'SUCCEEDED');
      const queued = atExit.filter((row) => row.status === 'PENDING');
      expect(atExit).toHaveLength(HOSTS);
      // What was sent was recorded before the pool closed; nothing is left leased; what was not started is
      // still queued, never attempted.
      expect(succeeded.map((row) => row.alert_id).sort()).toEqual([...sentBefore].sort());
      expect(atExit.filter((row) => row.lease_owner !== null)).toEqual([]);
      expect(queued.length).toBeGreaterThan(0);
      expect(queued.filter((row) => row.attempt_count !== 0)).toEqual([]);
      expect(succeeded.length + queued.length).toBe(HOSTS);
      hooks.respondByDefault({ status: 200, body: { ok: true } });

      await start();
      const drained = await eventually(
        'the next instance to deliver what was queued',
        async () => {
          const rows = await deliveryRows(db);
          return rows.every((row) => row.status === 'SUCCEEDED') ? rows : undefined;
        },
        30_000,
      );
      expect(drained.map((row) => row.id).sort()).toEqual(atExit.map((row) => row.id).sort());
      const received = countBy(
        hooks.requests.filter((request) => request.path === '/hook'),
        (request) => request.json().id as string,
      );
      expect([...received.values()].filter((count) => count !== 1)).toEqual([]);
      expect([...received.keys()].sort()).toEqual(atExit.map((row) => row.alert_id).sort());
      process.stdout.write(
        `graceful shutdown: ${HOSTS} deliveries queued, ${succeeded.length} sent before SIGTERM completed, ` +
          `${queued.length} left queued and sent by the next instance, each once; in-flight request answered ` +
          `${slowAnswer?.status}; connections refused ${refusedAfterMs} ms and exit 0 ${exitedAfterMs} ms after SIGTERM\n`,
      );
    });
  }, 120_000);
});
