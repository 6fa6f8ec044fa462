import { performance } from 'node:perf_hooks';
import type { INestApplication } from '@nestjs/common';
import { Client } from 'pg';
import { createApp } from '../../src/app.setup';
import { ManualClock } from '../../src/platform/clock/clock';
import { call, type Credentials } from '../support/digest-client';
import { bootstrapFirstUser, type BootstrapResult } from '../support/factories/identity.fixture';
import { eventually } from '../support/eventually';
import { authorization, freshNonce } from '../support/raw-digest';
import { startTestApp, type TestApp } from '../support/test-app';
import { WireBurst, type WireRequest } from '../support/wire-burst';
import { WireConnection } from '../support/wire-connection';
import type { WireResponse } from '../support/wire-response';
import { prometheusProject } from './support/prometheus-project';
import { sessionsWaitingOnLocks } from '../support/lock-waiters';

// Wrong Digest answers written at the same instant on connections opened beforehand, all with one nonce,
// the right password following them while they are in flight. Each answer must be counted before the
// next is checked: past the 10 free failures of one name from one address, nothing more is checked, and
// the right answer waits like the wrong ones. The clock is a manual one, so no block runs out meanwhile.
// The checked ones are answered 401, all of them: each is a failure within the free ones, even though the
// answers refused while they were in flight started the block before their counts landed.
// Between instances the reservation is each instance's own: a burst split over two gets at most the free
// failures checked on each, and only the failures past the free ones in the shared count get 429.

const ORGS = '/api/public/v1.0/orgs';
const FREE = 10;

function digestLine(user: Credentials, password: string, nonce: string): string {
  return `Authorization: ${authorization({ username: user.publicKey, password, method: 'GET', uri: ORGS, nonce, nc: 1 })}`;
}

function orgsWith(user: Credentials, password: string, nonce: string): WireRequest {
  return { method: 'GET', path: ORGS, headerLines: [digestLine(user, password, nonce)] };
}

async function sql<T extends object>(
  databaseUrl: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function failures(databaseUrl: string, key: string): Promise<number> {
  const rows = await sql<{ failures: number }>(
    databaseUrl,
    'SELECT failures FROM auth_failures WHERE bucket_key = $1',
    [key],
  );
  return rows[0]?.failures ?? 0;
}

// The connections are opened beforehand in a WireBurst (its own thread, as another machine would send them):
// `beside` wrong answers to the instance the right one goes to, `elsewhere` to another, the right one last.
interface Burst {
  besideUrl: string;
  beside: number;
  elsewhereUrl?: string;
  elsewhere: number;
  user: Credentials;
  nonce: string;
  healthUrl: string;
  databaseUrl: string;
  // More sessions than this waiting to count a failure means more answers were checked than allowed.
  allowedChecks: number;
}

// Sends the wrong answers at once, the right one on `right` once its instance refused one of them (or
// once more answers than allowed were checked), and /health meanwhile. The test holds the failure
// counts' rows locked until the right answer is sent, as a slow database would: no count lands while the
// answers arrive, so only a check reserved before verifying keeps them apart.
async function burst(b: Burst): Promise<{
  statuses: number[];
  right: WireResponse;
  answeredMs: number;
  busyMs: number;
  worstHealthMs: number;
  maxChecking: number;
}> {
  const urls = [
    ...Array<string>(b.beside).fill(b.besideUrl),
    ...Array<string>(b.elsewhere).fill(b.elsewhereUrl ?? b.besideUrl),
    b.besideUrl,
  ];
  const rightIndex = urls.length - 1;
  const wire = await WireBurst.open(urls);
  const keys = [`digest|127.0.0.1|${b.user.publicKey}`, 'address|127.0.0.1'];
  const db = new Client({ connectionString: b.databaseUrl });
  await db.connect();
  await db.query(
    `INSERT INTO auth_failures (bucket_key, failures, last_failure_at)
     SELECT key, 0, now() FROM unnest($1::text[]) AS key ON CONFLICT DO NOTHING`,
    [keys],
  );
  // Another session watches: one inside a transaction sees pg_stat_activity as it was at its first look.
  const watcher = new Client({ connectionString: b.databaseUrl });
  await watcher.connect();
  await db.query('BEGIN');
  await db.query('SELECT 1 FROM auth_failures WHERE bucket_key = ANY($1) FOR UPDATE', [keys]);

  let bursting = true;
  let worstHealthMs = 0;
  const health = (async () => {
    while (bursting) {
      const started = process.hrtime.bigint();
      expect((await call('GET', b.healthUrl)).status).toBe(200);
      worstHealthMs = Math.max(worstHealthMs, Number(process.hrtime.bigint() - started) / 1e6);
    }
  })();
  try {
    let refused = false;
    const started = process.hrtime.bigint();
    const loopBefore = performance.eventLoopUtilization();
    const wrong = urls.map((_url, index) =>
      index === rightIndex ? undefined : orgsWith(b.user, `guess-${index}`, b.nonce),
    );
    void wire.fire(wrong, { status: 429, below: b.beside }).then(() => (refused = true));
    let maxChecking = 0;
    let rightSent: Promise<WireResponse>;
    try {
      await eventually(
        'a refusal, or more answers checked than allowed',
        async () => {
          maxChecking = Math.max(maxChecking, await sessionsWaitingOnLocks(watcher));
          return refused || maxChecking > b.allowedChecks ? true : undefined;
        },
        60_000,
      );
      rightSent = wire.send(rightIndex, orgsWith(b.user, b.user.privateKey, b.nonce));
    } finally {
      await db.query('COMMIT');
      await db.end();
      await watcher.end();
    }
    const right = await rightSent;
    const answers = await wire.answers();
    const answeredMs = Number(process.hrtime.bigint() - started) / 1e6;
    const busyMs = performance.eventLoopUtilization(loopBefore).active;
    const statuses: number[] = [];
    answers.forEach((answer, index) => {
      if (!answer) return;
      wire.checkAgainstOpenApi(index, answer);
      statuses.push(answer.status);
    });
    wire.checkAgainstOpenApi(rightIndex, right);
    return { statuses, right, answeredMs, busyMs, worstHealthMs, maxChecking };
  } finally {
    bursting = false;
    await health;
    await wire.close();
  }
}

function count(statuses: number[], status: number): number {
  return statuses.filter((candidate) => candidate === status).length;
}

describe('GET /api/public/v1.0/orgs with wrong Digest answers sent at once', () => {
  let t: TestApp;
  let boot: BootstrapResult;
  const clock = new ManualClock();

  beforeAll(async () => {
    t = await startTestApp({}, clock);
    boot = await bootstrapFirstUser(t);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('should check no more answers than the free failures and refuse the right one when 499 wrong answers arrive together', async () => {
    const user = boot.userCredentials;
    const nonce = await freshNonce(`${t.apiUrl}/orgs`);
    const result = await burst({
      besideUrl: t.baseUrl,
      beside: 499,
      elsewhere: 0,
      user,
      nonce,
      healthUrl: `${t.baseUrl}/health`,
      databaseUrl: t.databaseUrl,
      allowedChecks: FREE,
    });

    expect(count(result.statuses, 200)).toBe(0);
    expect(count(result.statuses, 401)).toBe(FREE);
    expect(count(result.statuses, 429)).toBe(499 - FREE);
    // What was checked is what was counted: exactly the free failures.
    const checked = await failures(t.databaseUrl, `digest|127.0.0.1|${user.publicKey}`);
    expect(checked).toBe(FREE);
    expect(result.maxChecking).toBeLessThanOrEqual(FREE);
    expect(result.right.status).toBe(429);

    // Once the block has run out, the owner gets in from the same address.
    const retryAfter = Number(result.right.headers['retry-after']);
    clock.advance(retryAfter * 1000);
    expect((await call('GET', `${t.apiUrl}/orgs`, { auth: user })).status).toBe(200);
    process.stdout.write(
      `burst of 499 wrong Digest answers + the right one: all answered in ${result.answeredMs.toFixed(0)} ms ` +
        `(the service's thread busy ${result.busyMs.toFixed(0)} ms, its /health probe and lock watcher included), ` +
        `${count(result.statuses, 401)} checked (401), ${count(result.statuses, 429)} refused (429), ` +
        `right one ${result.right.status}; worst /health ${result.worstHealthMs.toFixed(1)} ms\n`,
    );
  }, 120_000);
});

describe('GET /api/public/v1.0/orgs with wrong Digest answers sent at once to two instances', () => {
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
  }, 60_000);

  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('should check at most the free failures on each instance when the burst is split between them', async () => {
    const user = boot.userCredentials;
    const nonce = await freshNonce(`${t.apiUrl}/orgs`);
    const result = await burst({
      besideUrl: secondUrl,
      beside: 249,
      elsewhereUrl: t.baseUrl,
      elsewhere: 250,
      user,
      nonce,
      healthUrl: `${t.baseUrl}/health`,
      databaseUrl: t.databaseUrl,
      allowedChecks: 2 * FREE,
    });

    expect(count(result.statuses, 200)).toBe(0);
    // The shared count orders the failures: the first 10 of them are within the free ones, whichever
    // instance checked them, and the ones after are past them.
    expect(count(result.statuses, 401)).toBe(FREE);
    expect(count(result.statuses, 429)).toBe(499 - FREE);
    const checked = await failures(t.databaseUrl, `digest|127.0.0.1|${user.publicKey}`);
    expect(checked).toBeGreaterThanOrEqual(FREE);
    expect(checked).toBeLessThanOrEqual(2 * FREE);
    expect(result.maxChecking).toBeLessThanOrEqual(2 * FREE);
    expect(result.right.status).toBe(429);
  }, 120_000);
});

describe('GET /prometheus/v1.0/groups/{groupId}/discovery with wrong passwords sent at once', () => {
  let t: TestApp;
  let groupId: string;
  const clock = new ManualClock();
  const basicLine = (password: string): string =>
    `Authorization: Basic ${Buffer.from(`prom_user:${password}`).toString('base64')}`;

  beforeAll(async () => {
    t = await startTestApp({}, clock);
    groupId = await prometheusProject(t);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('should put no more passwords through scrypt than the free failures and refuse the right one after them', async () => {
    const path = `/prometheus/v1.0/groups/${groupId}/discovery`;
    const connections = await WireConnection.openMany(t.baseUrl, 41);
    const answers = connections.slice(0, 40).map((connection, index) => {
      connection.head('GET', path, [basicLine(`wrong-${index}`)]);
      return connection.response();
    });
    let refused = false;
    for (const answer of answers) void answer.then((response) => (refused ||= response.status === 429));
    await eventually('a refusal among the wrong passwords', () => (refused ? true : undefined), 60_000);
    const right = await connections[40].send('GET', path, [basicLine('Prom-Password-1')]);
    const statuses = (await Promise.all(answers)).map((answer) => answer.status);
    for (const connection of connections) {
      connection.checkAgainstOpenApi();
      connection.close();
    }

    const checked = await failures(t.databaseUrl, `prometheus:${groupId}|127.0.0.1|prom_user`);
    expect(checked).toBeLessThanOrEqual(FREE);
    expect(count(statuses, 401)).toBe(FREE);
    expect(count(statuses, 429)).toBe(40 - FREE);
    expect(right.status).toBe(429);
  }, 120_000);
});
