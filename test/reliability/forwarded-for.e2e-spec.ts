import { Client } from 'pg';
import { addToKeyList, setUpOrg, type OrgFixture } from '../e2e/access-lists/access-lists.fixture';
import { expectApiError } from '../support/api-error';
import type { Credentials } from '../support/digest-client';
import { createOrgApiKey, type ApiKeyCredentials } from '../support/factories/identity.fixture';
import { nonLoopbackAddress, startForwardingProxy, type ForwardingProxy } from '../support/forwarding-proxy';
import { authorization, freshNonce } from '../support/raw-digest';
import { startTestApp, type TestApp } from '../support/test-app';
import { WireConnection, type WireResponse } from '../support/wire-connection';

// Spoofed X-Forwarded-For through a real proxy that appends the address it was reached from (as nginx's
// $proxy_add_x_forwarded_for does). The client connects to the proxy from an address of this machine
// that is not loopback, so it is a remote caller; whatever it writes into X-Forwarded-For itself stays to
// the left of what the proxy appended, and the service must take the proxy's entry: the /metrics loopback
// rule, an API key's access list and the guess throttle all go by it.

// What a client may write, each a set of raw header lines: several entries, odd spacing, IPv6 and
// IPv4-mapped forms, the header repeated. The spoofed address is `{to}`.
const SPOOFS: ReadonlyArray<[string, (to: string) => string[]]> = [
  ['one entry', (to) => [`X-Forwarded-For: ${to}`]],
  ['several entries', (to) => [`X-Forwarded-For: ${to}, ${to}, ${to}`]],
  ['spaces around entries', (to) => [`X-Forwarded-For:    ${to}   ,${to}  `]],
  ['the header twice', (to) => [`X-Forwarded-For: ${to}`, `X-Forwarded-For: ${to}`]],
  ['a Forwarded header too', (to) => [`X-Forwarded-For: ${to}`, `Forwarded: for="${to}"`]],
];
const LOOPBACK_SPOOFS = ['127.0.0.1', '::1', '::ffff:127.0.0.1', '127.0.0.2'];

// Node (and so the test's proxy) refuses an obs-fold header line with 400 before anything is forwarded.
const FOLDED = ['X-Forwarded-For: 203.0.113.1,', ' 127.0.0.1'];

async function viaProxy(
  proxy: ForwardingProxy,
  from: string,
  path: string,
  headerLines: string[],
): Promise<WireResponse> {
  const connection = await WireConnection.open(proxy.url, from);
  try {
    const response = await connection.send('GET', path, [...headerLines, 'Connection: close']);
    if (response.status !== 400 || response.text !== '') connection.checkAgainstOpenApi();
    return response;
  } finally {
    connection.close();
  }
}

async function digestLine(t: TestApp, path: string, user: Credentials): Promise<string> {
  const nonce = await freshNonce(`${t.baseUrl}${path}`);
  return `Authorization: ${authorization({
    username: user.publicKey,
    password: user.privateKey,
    method: 'GET',
    uri: path,
    nonce,
    nc: 1,
  })}`;
}

describe.each([
  ['IPv4', 'true', 'IPv4' as const],
  ['IPv6', '1', 'IPv6' as const],
])('GET /metrics through an appending proxy reached over %s (TRUST_PROXY=%s)', (_name, trust, family) => {
  let t: TestApp;
  let proxy: ForwardingProxy;
  const remote = nonLoopbackAddress(family);

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: trust });
    proxy = await startForwardingProxy(t.baseUrl, remote);
  });

  afterAll(async () => {
    await proxy?.close();
    await t?.close();
  });

  it('should serve a caller on the machine itself through the proxy', async () => {
    const loopback = family === 'IPv4' ? '127.0.0.1' : '::1';
    const response = await viaProxy(proxy, loopback, '/metrics', []);
    // The proxy listens on a non-loopback address; a loopback source reaching it is still this machine.
    expect(response.status).toBe(200);
  });

  it.each(SPOOFS.flatMap(([shape, lines]) => LOOPBACK_SPOOFS.map((to) => [shape, to, lines(to)] as const)))(
    'should refuse a remote caller with 403 METRICS_NOT_EXPOSED when it writes %s claiming %s',
    async (_shape, _to, lines) => {
      const response = await viaProxy(proxy, remote, '/metrics', lines);
      expectApiError(
        { status: response.status, body: JSON.parse(response.text) },
        403,
        'METRICS_NOT_EXPOSED',
      );
    },
  );

  it('should never serve a folded X-Forwarded-For line', async () => {
    const response = await viaProxy(proxy, remote, '/metrics', FOLDED);
    expect(response.status).toBe(400);
    expect(response.text).not.toContain('http_requests_total');
  });
});

describe('GET /metrics with TRUST_PROXY naming the proxy', () => {
  let t: TestApp;
  let proxy: ForwardingProxy;
  const remote = nonLoopbackAddress('IPv4');

  beforeAll(async () => {
    // The proxy reaches the service from 127.0.0.1: only a connection from there may forward an address.
    t = await startTestApp({ TRUST_PROXY: '127.0.0.1' });
    proxy = await startForwardingProxy(t.baseUrl, remote);
  });

  afterAll(async () => {
    await proxy?.close();
    await t?.close();
  });

  it('should take the address the proxy appended, and serve a caller on the machine itself', async () => {
    expect((await viaProxy(proxy, remote, '/metrics', ['X-Forwarded-For: 127.0.0.1'])).status).toBe(403);
    expect((await viaProxy(proxy, '127.0.0.1', '/metrics', [])).status).toBe(200);
  });

  it('should ignore X-Forwarded-For from a caller that reaches the service without the proxy', async () => {
    const connection = await WireConnection.open(t.baseUrl, remote);
    try {
      const response = await connection.send('GET', '/metrics', [
        'X-Forwarded-For: 127.0.0.1',
        'Connection: close',
      ]);
      connection.checkAgainstOpenApi();
      expect(response.status).toBe(403);
    } finally {
      connection.close();
    }
  });
});

describe('GET /orgs/{orgId} with a spoofed X-Forwarded-For through an appending proxy (TRUST_PROXY=true)', () => {
  let t: TestApp;
  let proxy: ForwardingProxy;
  let f: OrgFixture;
  let listed: ApiKeyCredentials;
  let remoteListed: ApiKeyCredentials;
  const remote = nonLoopbackAddress('IPv4');

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'true' });
    proxy = await startForwardingProxy(t.baseUrl, remote);
    f = await setUpOrg(t);
    // One key may be used only from addresses the client does not have; the other from the client's own.
    listed = await createOrgApiKey(t, f.boot.globalKey, f.org.id, ['ORG_MEMBER']);
    await addToKeyList(t, f.owner, f.org.id, listed.id, [
      { ipAddress: '203.0.113.7' },
      { ipAddress: '2001:db8::7' },
      { ipAddress: '127.0.0.1' },
    ]);
    remoteListed = await createOrgApiKey(t, f.boot.globalKey, f.org.id, ['ORG_MEMBER']);
    await addToKeyList(t, f.owner, f.org.id, remoteListed.id, [{ ipAddress: remote }]);
  });

  afterAll(async () => {
    await proxy?.close();
    await t?.close();
  });

  const orgPath = (): string => `/api/public/v1.0/orgs/${f.org.id}`;

  it('should admit the key listed for the address the proxy appended, whatever the client wrote', async () => {
    const lines = [await digestLine(t, orgPath(), remoteListed), 'X-Forwarded-For: 203.0.113.7, 10.1.1.1'];
    expect((await viaProxy(proxy, remote, orgPath(), lines)).status).toBe(200);
  });

  it.each(
    SPOOFS.flatMap(([shape, lines]) =>
      ['203.0.113.7', '2001:db8::7', '::ffff:203.0.113.7', '127.0.0.1'].map(
        (to) => [shape, to, lines(to)] as const,
      ),
    ),
  )(
    'should refuse with 403 IP_ADDRESS_NOT_ON_ACCESS_LIST naming the client address when it writes %s claiming %s',
    async (_shape, _to, lines) => {
      const response = await viaProxy(proxy, remote, orgPath(), [
        await digestLine(t, orgPath(), listed),
        ...lines,
      ]);
      expectApiError(
        { status: response.status, body: JSON.parse(response.text) },
        403,
        'IP_ADDRESS_NOT_ON_ACCESS_LIST',
        [remote],
      );
    },
  );
});

describe('GET /api/public/v1.0/orgs guessed with a new X-Forwarded-For each time through an appending proxy', () => {
  let t: TestApp;
  let proxy: ForwardingProxy;
  const remote = nonLoopbackAddress('IPv4');

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'true' });
    proxy = await startForwardingProxy(t.baseUrl, remote);
  });

  afterAll(async () => {
    await proxy?.close();
    await t?.close();
  });

  it('should count every guess against the address the proxy appended and block after the free failures', async () => {
    const path = '/api/public/v1.0/orgs';
    // A new address each time, in turn each shape and IPv4 or IPv6.
    const spoofs = Array.from({ length: 14 }, (_, i) =>
      SPOOFS[i % SPOOFS.length][1](i % 2 === 0 ? `198.51.100.${i + 1}` : `2001:db8:${i + 1}::1`),
    );
    const statuses: number[] = [];
    for (const lines of spoofs) {
      const guess = await digestLine(t, path, {
        publicKey: 'guessed-user',
        privateKey: `guess-${statuses.length}`,
      });
      statuses.push((await viaProxy(proxy, remote, path, [guess, ...lines])).status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429, 429, 429]);

    const client = new Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ bucket_key: string; failures: number }>(
        'SELECT bucket_key, failures FROM auth_failures ORDER BY bucket_key',
      );
      expect(rows).toEqual([
        { bucket_key: `address|${remote}`, failures: 11 },
        { bucket_key: `digest|${remote}|guessed-user`, failures: 11 },
      ]);
    } finally {
      await client.end();
    }
  });
});
