import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { call } from '../support/digest-client';
import { projectWithCallers, type ProjectCallers } from '../support/factories/alerting.fixture';
import { bootstrapFirstUser } from '../support/factories/identity.fixture';
import { HttpReceiver } from '../support/receivers/http-receiver';
import { startTestApp, type TestApp } from '../support/test-app';

// With a private address on OUTBOUND_ALLOWLIST, the test-notification endpoint must not be a
// port scanner of that host, nor a way to read what an internal service answers.

const SECRET = 'internal-service-secret-7f3a';

interface ProbeResult {
  ok: boolean;
  error?: string;
  statusCode?: number;
  response?: string;
  latencyMs: number;
  targetType: string;
}

// A TCP server that is not HTTP: it greets like another daemon would, or cuts the connection.
async function tcpServer(
  onConnection: (socket: Socket) => void,
): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    onConnection(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

// A port nothing listens on: bound once, then released.
async function closedPort(): Promise<number> {
  const probe = await tcpServer(() => undefined);
  await probe.close();
  return probe.port;
}

async function probe(
  t: TestApp,
  p: ProjectCallers,
  url: string,
): Promise<{ text: string; result: ProbeResult }> {
  const response = await call('POST', `${t.apiUrl}/groups/${p.groupId}/alertConfigs/notifications/test`, {
    auth: p.monitoringAdmin,
    body: { notification: { typeName: 'WEBHOOK', webhookUrl: url } },
  });
  expect(response.status).toBe(200);
  const results = (response.body as { results: ProbeResult[] }).results;
  expect(results).toHaveLength(1);
  return { text: response.text, result: results[0] };
}

describe('test notifications with OUTBOUND_ALLOWLIST=127.0.0.1 (ports 80 and 443 only)', () => {
  let t: TestApp;
  let p: ProjectCallers;
  let receiver: HttpReceiver;

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    receiver.respondByDefault({ status: 200, body: SECRET });
    t = await startTestApp({ OUTBOUND_ALLOWLIST: '127.0.0.1' });
    p = await projectWithCallers(t, await bootstrapFirstUser(t));
  });

  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('should answer an open and a closed port with identical bodies, without connecting to either', async () => {
    const closed = await closedPort();
    const open = await probe(t, p, `http://127.0.0.1:${receiver.port}/hook`);
    const shut = await probe(t, p, `http://127.0.0.1:${closed}/hook`);
    const strip = (text: string, port: number) => text.split(String(port)).join('PORT');
    expect(strip(open.text, receiver.port)).toBe(strip(shut.text, closed));
    expect(open.result).toEqual({
      targetType: 'WEBHOOK',
      ok: false,
      latencyMs: 0,
      error: `REFUSED: port ${receiver.port} of 127.0.0.1 is loopback (127.0.0.0/8) and not on OUTBOUND_ALLOWLIST`,
    });
    expect(receiver.requests).toHaveLength(0);
    expect(open.text).not.toContain(SECRET);
  });
});

describe('test notifications with OUTBOUND_ALLOWLIST=127.0.0.1:* (every port opened by the operator)', () => {
  let t: TestApp;
  let p: ProjectCallers;
  let receiver: HttpReceiver;
  const servers: Array<{ close(): Promise<void> }> = [];

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    t = await startTestApp({ OUTBOUND_ALLOWLIST: '127.0.0.1:*', TEST_NOTIFICATION_TIMEOUT_MS: '1000' });
    p = await projectWithCallers(t, await bootstrapFirstUser(t));
  });

  afterAll(async () => {
    await t.close();
    await receiver.close();
    for (const server of servers) await server.close();
  });

  it('should give one error for a closed port, a non-HTTP daemon, a reset and a silent listener', async () => {
    const banner = await tcpServer((socket) => socket.end(`SSH-2.0-OpenSSH_9.6 ${SECRET}\r\n`));
    const reset = await tcpServer((socket) => socket.resetAndDestroy());
    const silent = await tcpServer(() => undefined);
    servers.push(banner, reset, silent);
    const ports = [await closedPort(), banner.port, reset.port, silent.port];
    const answers = [];
    for (const port of ports) answers.push(await probe(t, p, `http://127.0.0.1:${port}/`));
    const errors = answers.map(({ result }) => {
      const { latencyMs, ...rest } = result;
      expect(latencyMs).toBeGreaterThanOrEqual(0);
      return rest;
    });
    for (const error of errors) {
      expect(error).toEqual({
        targetType: 'WEBHOOK',
        ok: false,
        error: 'UNREACHABLE: the receiver could not be reached or did not answer in time',
      });
    }
    for (const { text } of answers) expect(text).not.toContain(SECRET);
  });

  it('should show the status but never the body a private receiver answers', async () => {
    for (const status of [200, 404, 500]) {
      receiver.respondWith({ status, body: `${SECRET} status ${status}` });
      const { text, result } = await probe(t, p, receiver.url('/internal'));
      expect(result).toMatchObject({ ok: status === 200, statusCode: status });
      expect(result).not.toHaveProperty('response');
      expect(text).not.toContain(SECRET);
    }
    expect(receiver.requests).toHaveLength(3);
  });
});
