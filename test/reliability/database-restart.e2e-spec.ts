import type { INestApplication } from '@nestjs/common';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectApiError } from '../support/api-error';
import { request } from '../support/checked-request';
import { createApp } from '../../src/app.setup';
import { loadConfig } from '../../src/platform/config/app-config';
import { call, type Credentials } from '../support/digest-client';
import { bootstrapFirstUser } from '../support/factories/identity.fixture';
import { sleep } from '../support/time';

// Its own Postgres (never the shared test server), stopped the way `pg_ctl -m immediate` does
// (SIGQUIT to the postmaster) while requests keep coming, then started again on the same data.

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface OwnPostgres {
  url: string;
  stop(): Promise<void>;
}

// startEmbeddedPostgres in a child process (see support/embedded-pg-process.js).
function startOwnPostgres(dataDir: string, port: number, database: string): Promise<OwnPostgres> {
  const child: ChildProcess = spawn(
    process.execPath,
    [join(__dirname, 'support', 'embedded-pg-process.js'), dataDir, String(port), database],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith('{'));
      if (!line) return;
      const { url } = JSON.parse(line) as { url: string };
      resolve({
        url,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
    child.once('exit', (code) => reject(new Error(`embedded Postgres exited with ${code}: ${errors}`)));
  });
}

function processGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}

interface Outcome {
  status: number;
  errorCode?: string;
  ms: number;
  // crashing: started before the postmaster was gone, in flight when it went.
  // restarting: started while Postgres was coming back.
  phase: 'up' | 'crashing' | 'down' | 'restarting' | 'back';
}

describe('Postgres restarted under load', () => {
  let dir: string;
  let port: number;
  let database: OwnPostgres | undefined;
  let crashed: OwnPostgres | undefined;
  let app: INestApplication | undefined;
  let baseUrl: string;
  let key: Credentials;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dms-restart-'));
    port = await freePort();
    database = await startOwnPostgres(join(dir, 'pg'), port, 'dms_restart_test');
    const config = loadConfig({ ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'fatal' });
    app = await createApp(config, database.url);
    await app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
    const boot = await bootstrapFirstUser({ apiUrl: `${baseUrl}/api/public/v1.0` } as never);
    key = boot.globalKey;
  }, 120000);

  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await database?.stop().catch(() => undefined);
    await crashed?.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }, 60000);

  it('should answer 503 SERVICE_UNAVAILABLE fast while the database is down and serve again within 5 s of its return', async () => {
    let phase: Outcome['phase'] = 'up';
    let running = true;
    const outcomes: Outcome[] = [];
    const worker = async (n: number): Promise<void> => {
      for (let i = 0; running; i++) {
        const started = Date.now();
        const startedIn = phase;
        const write = (i + n) % 3 === 0;
        const response = await call(write ? 'POST' : 'GET', `${baseUrl}/api/public/v1.0/orgs`, {
          auth: key,
          body: write ? { name: `org-${n}-${i}-${Date.now()}` } : undefined,
        }).catch(() => ({ status: 0, body: undefined }));
        outcomes.push({
          status: response.status,
          errorCode: (response.body as { errorCode?: string } | undefined)?.errorCode,
          ms: Date.now() - started,
          phase: startedIn,
        });
        await sleep(20);
      }
    };
    const workers = [0, 1, 2, 3].map(worker);
    await sleep(1000);

    const pid = Number(readFileSync(join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    phase = 'crashing';
    process.kill(pid, 'SIGQUIT');
    for (let i = 0; i < 100 && !processGone(pid); i++) await sleep(50);
    expect(processGone(pid)).toBe(true);
    phase = 'down';
    await sleep(2500);
    const health = await request(`${baseUrl}/health`, { dataType: 'json' });
    expectApiError({ status: health.status, body: health.data }, 503, 'SERVICE_UNAVAILABLE');

    crashed = database;
    phase = 'restarting';
    database = await startOwnPostgres(join(dir, 'pg'), port, 'dms_restart_test');
    const back = Date.now();
    phase = 'back';
    let servedAfterMs = -1;
    while (Date.now() - back < 10000) {
      const probe = await call('GET', `${baseUrl}/api/public/v1.0/orgs`, { auth: key });
      const probeHealth = await request(`${baseUrl}/health`, { dataType: 'json' });
      if (probe.status === 200 && probeHealth.status === 200) {
        servedAfterMs = Date.now() - back;
        break;
      }
      await sleep(100);
    }
    await sleep(1000);
    running = false;
    await Promise.all(workers);

    const down = outcomes.filter((o) => o.phase === 'down');
    const late = outcomes.filter((o) => o.phase === 'back').slice(-8);
    process.stdout.write(
      `database restart: ${outcomes.length} requests (${down.length} while down, ` +
        `${down.filter((o) => o.status === 503).length} answered 503, slowest ${Math.max(...down.map((o) => o.ms))} ms); ` +
        `served again ${servedAfterMs} ms after Postgres was back\n`,
    );
    const finished = (o: Outcome) => (o.status === 503 ? '503 SERVICE_UNAVAILABLE' : String(o.status));
    expect(
      outcomes
        .filter((o) => o.phase !== 'down')
        .map(finished)
        .filter((s) => s !== '200' && s !== '503 SERVICE_UNAVAILABLE'),
    ).toEqual([]);
    expect(outcomes.filter((o) => o.status === 503).every((o) => o.errorCode === 'SERVICE_UNAVAILABLE')).toBe(
      true,
    );
    expect(outcomes.some((o) => o.phase === 'up' && o.status === 200)).toBe(true);
    expect(down.length).toBeGreaterThan(10);
    // Every request started while the postmaster was gone: a product 503, quickly.
    expect(down.map((o) => `${o.status} ${o.errorCode}`)).toEqual(down.map(() => '503 SERVICE_UNAVAILABLE'));
    expect(Math.max(...down.map((o) => o.ms))).toBeLessThan(2000);
    expect(servedAfterMs).toBeGreaterThanOrEqual(0);
    expect(servedAfterMs).toBeLessThan(5000);
    expect(late.map((o) => o.status)).toEqual(late.map(() => 200));
  }, 120000);
});
