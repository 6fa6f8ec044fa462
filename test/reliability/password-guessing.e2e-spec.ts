import { Client } from 'pg';
import { createApp } from '../../src/app.setup';
import { ManualClock } from '../../src/platform/clock/clock';
import { fromLocalAddress, type Dispatcher } from '../support/checked-request';
import { call, type ApiResponse, type Credentials } from '../support/digest-client';
import { bootstrapFirstUser, type BootstrapResult } from '../support/factories/identity.fixture';
import { authorization, freshNonce, rawRequest } from '../support/raw-digest';
import { startTestApp, type TestApp } from '../support/test-app';
import type { INestApplication } from '@nestjs/common';
import { prometheusProject } from './support/prometheus-project';
import { expectApiError } from '../support/api-error';

// Password guessing over real HTTP: a burst of wrong Digest answers for one user from one address
// (127.0.0.1), the owner coming from another one (127.0.0.2, loopback too), the backoff running out on
// a manual clock, and the counts shared by two instances on one database. The production defaults
// apply: 10 free failures per (name, address), 100 per address, blocks from 1 s doubling up to 15 min.

const BURST = 2000;
const CONCURRENCY = 16;
const ORGS = '/api/public/v1.0/orgs';

type Raw = Awaited<ReturnType<typeof rawRequest>>;

function expectThrottled(response: Pick<ApiResponse, 'status' | 'headers' | 'body'>, path: string): number {
  expectApiError(response, 429, 'RATE_LIMITED', {
    parameters: [path, 10, 60],
    detail: `Resource ${path} is limited to 10 requests every 60 minutes.`,
  });
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(900);
  return retryAfter;
}

function parsed(raw: Raw): Pick<ApiResponse, 'status' | 'headers' | 'body'> {
  return {
    status: raw.status,
    headers: raw.headers,
    body: raw.text === '' ? undefined : JSON.parse(raw.text),
  };
}

async function inParallel<T>(
  count: number,
  concurrency: number,
  task: (index: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await task(index);
      }
    }),
  );
  return results;
}

async function failureRows(t: TestApp): Promise<Map<string, number>> {
  const client = new Client({ connectionString: t.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ bucket_key: string; failures: number }>(
      'SELECT bucket_key, failures FROM auth_failures',
    );
    return new Map(rows.map((row) => [row.bucket_key, row.failures]));
  } finally {
    await client.end();
  }
}

describe('Password guessing is throttled per (name, address) and per address', () => {
  let t: TestApp;
  let boot: BootstrapResult;
  let other: Dispatcher;
  const clock = new ManualClock();

  beforeAll(async () => {
    t = await startTestApp({}, clock);
    boot = await bootstrapFirstUser(t);
    other = fromLocalAddress('127.0.0.2');
  });

  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('should answer a burst of 2,000 wrong answers with 429 and Retry-After, let the owner in from another address, and let the right answer in once the backoff ran out', async () => {
    const user = boot.userCredentials;
    const nonce = await freshNonce(`${t.apiUrl}/orgs`);
    const guess = (index: number): Promise<Raw> =>
      rawRequest('GET', `${t.apiUrl}/orgs`, {
        authorization: authorization({
          username: user.publicKey,
          password: `guess-${index}`,
          method: 'GET',
          uri: ORGS,
          nonce,
          nc: 1,
        }),
      });

    // /health alongside, to see what the burst costs everyone else.
    const healthLatencies: number[] = [];
    let bursting = true;
    const health = (async () => {
      while (bursting) {
        const started = process.hrtime.bigint();
        expect((await call('GET', `${t.baseUrl}/health`)).status).toBe(200);
        healthLatencies.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
    })();
    const started = Date.now();
    const answers = await inParallel(BURST, CONCURRENCY, guess);
    const burstMs = Date.now() - started;
    bursting = false;
    await health;

    const statuses = answers.map((answer) => answer.status);
    expect(statuses).not.toContain(200);
    const refused = statuses.filter((status) => status === 401).length;
    const throttled = answers.filter((answer) => answer.status === 429);
    expect(throttled).toHaveLength(BURST - refused);
    for (const answer of throttled.slice(0, 50)) expectThrottled(parsed(answer), ORGS);
    // At most the free failures were checked, and the one past them a guesser sending one answer at a time
    // also gets (it starts the block): a check is reserved before the answer is verified. (Fewer is
    // possible: a count learned from the database may already hold failures still in flight here.)
    const counts = await failureRows(t);
    const checked = counts.get(`digest|127.0.0.1|${user.publicKey}`) ?? 0;
    expect(refused).toBeLessThanOrEqual(10);
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(11);
    expect(counts.get('address|127.0.0.1')).toBe(checked);

    // Right or wrong, a blocked guesser's answer is not checked: the right password waits too.
    const retryAfter = expectThrottled(await call('GET', `${t.apiUrl}/orgs`, { auth: user }), ORGS);
    // The owner, from another address, is not locked out; nor is another credential from the guesser's.
    expect((await call('GET', `${t.apiUrl}/orgs`, { auth: user, dispatcher: other })).status).toBe(200);
    expect((await call('GET', `${t.apiUrl}/orgs`, { auth: boot.globalKey })).status).toBe(200);

    // Once the block has run out, the right answer gets in from the guesser's address again.
    clock.advance(retryAfter * 1000 - 1000);
    expectThrottled(await call('GET', `${t.apiUrl}/orgs`, { auth: user }), ORGS);
    clock.advance(1000);
    expect((await call('GET', `${t.apiUrl}/orgs`, { auth: user })).status).toBe(200);
    // That success forgot the (name, address) count, never the address's.
    const after = await failureRows(t);
    expect(after.has(`digest|127.0.0.1|${user.publicKey}`)).toBe(false);
    expect(after.get('address|127.0.0.1')).toBe(checked);

    const sorted = [...healthLatencies].sort((a, b) => a - b);
    process.stdout.write(
      `password guessing: ${BURST} wrong answers (${CONCURRENCY} at a time) in ${burstMs} ms: ${refused} x 401, ` +
        `${throttled.length} x 429, ${checked} answers checked; parallel /health x${sorted.length}: median ` +
        `${sorted[Math.floor(sorted.length / 2)]?.toFixed(1)} ms, max ${sorted[sorted.length - 1]?.toFixed(1)} ms\n`,
    );
  }, 300_000);

  it('should double the block for each failure past the free ones, and block an address guessing many names', async () => {
    const start = clock.now().getTime();
    const name = `nobody-${start}`;
    const wrong: Credentials = { publicKey: name, privateKey: 'wrong' };
    for (let i = 0; i < 10; i++) {
      expect((await call('GET', `${t.apiUrl}/orgs`, { auth: wrong, dispatcher: other })).status).toBe(401);
    }
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      waits.push(
        expectThrottled(await call('GET', `${t.apiUrl}/orgs`, { auth: wrong, dispatcher: other }), ORGS),
      );
      clock.advance(waits[i] * 1000);
    }
    expect(waits).toEqual([1, 2, 4, 8]);

    // The address 127.0.0.2 has failed 14 times so far; 86 more under other names reach its 100.
    for (let i = 0; i < 86; i++) {
      const response = await call('GET', `${t.apiUrl}/orgs`, {
        auth: { publicKey: `${name}-${i}`, privateKey: 'wrong' },
        dispatcher: other,
      });
      expect({ i, status: response.status }).toEqual({ i, status: 401 });
    }
    const response = await call('GET', `${t.apiUrl}/orgs`, {
      auth: { publicKey: `${name}-last`, privateKey: 'wrong' },
      dispatcher: other,
    });
    expect(expectThrottled(response, ORGS)).toBe(1);
    // A blocked address waits even with a credential that never failed.
    expectThrottled(await call('GET', `${t.apiUrl}/orgs`, { auth: boot.globalKey, dispatcher: other }), ORGS);
    expect((await call('GET', `${t.apiUrl}/orgs`, { auth: boot.globalKey })).status).toBe(200);
  });
});

describe('Two instances on one database count the same failures', () => {
  let t: TestApp;
  let second: INestApplication;
  let secondUrl: string;
  let boot: BootstrapResult;
  const clock = new ManualClock();

  beforeAll(async () => {
    t = await startTestApp({}, clock);
    boot = await bootstrapFirstUser(t);
    second = await createApp(t.config, t.databaseUrl, { clock });
    await second.listen(0, '127.0.0.1');
    secondUrl = `http://127.0.0.1:${(second.getHttpServer().address() as { port: number }).port}`;
  }, 60000);

  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('should block after 10 failures shared between the instances, on each instance at its next failure', async () => {
    const wrong: Credentials = { publicKey: boot.userCredentials.publicKey, privateKey: 'wrong' };
    for (let i = 0; i < 10; i++) {
      const base = i % 2 === 0 ? t.baseUrl : secondUrl;
      expect((await call('GET', `${base}${ORGS}`, { auth: wrong })).status).toBe(401);
    }
    // The 11th failure, wherever it lands, starts the block; the other instance learns it at its next one.
    expect(expectThrottled(await call('GET', `${t.baseUrl}${ORGS}`, { auth: wrong }), ORGS)).toBe(1);
    expect(expectThrottled(await call('GET', `${secondUrl}${ORGS}`, { auth: wrong }), ORGS)).toBe(2);
    expectThrottled(await call('GET', `${t.baseUrl}${ORGS}`, { auth: boot.userCredentials }), ORGS);
    expectThrottled(await call('GET', `${secondUrl}${ORGS}`, { auth: boot.userCredentials }), ORGS);
    clock.advance(2000);
    expect((await call('GET', `${secondUrl}${ORGS}`, { auth: boot.userCredentials })).status).toBe(200);
  });
});

describe('Prometheus discovery is throttled like Digest', () => {
  let t: TestApp;
  let groupId: string;
  const clock = new ManualClock();
  const basic = (user: string, password: string): string =>
    `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

  beforeAll(async () => {
    t = await startTestApp({}, clock);
    groupId = await prometheusProject(t);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('should answer 429 with Retry-After after 10 wrong passwords, the right one included, until the block runs out', async () => {
    const path = `/prometheus/v1.0/groups/${groupId}/discovery`;
    const url = `${t.baseUrl}${path}`;
    const statuses = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (await rawRequest('GET', url, { authorization: basic('prom_user', `wrong-${i}`) })).status,
      );
    }
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);
    const right = await rawRequest('GET', url, { authorization: basic('prom_user', 'Prom-Password-1') });
    const retryAfter = expectThrottled(parsed(right), path);
    clock.advance(retryAfter * 1000);
    expect(
      (await rawRequest('GET', url, { authorization: basic('prom_user', 'Prom-Password-1') })).status,
    ).toBe(200);
  });
});
