import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { OpenApiViolation, request } from '../support/checked-request';
import { freePort, serviceArgs } from '../e2e/deliveries/service-process';
import { privateCloneOfBuild } from './support/private-clone';

// `npm start` with DATABASE_URL unset, the service starting its own embedded Postgres: as a new user would
// run it (as root on this kind of machine), from a clone nobody else may enter, and where it cannot start.
const ROOT = resolve(__dirname, '../..');
const RUNS_AS_ROOT = process.getuid?.() === 0;

interface Started {
  exited: Promise<number | null>;
  stdout: () => string;
  stderr: () => string;
  stop: () => void;
}

function startBuiltService(cwd: string, env: Record<string, string>): Started {
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd,
    env: { ...inherited, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return {
    exited: new Promise((done) => child.once('exit', (code) => done(code))),
    stdout: () => stdout,
    stderr: () => stderr,
    stop: () => void child.kill('SIGTERM'),
  };
}

async function healthWithin(baseUrl: string, service: Started, ms: number): Promise<number> {
  const deadline = Date.now() + ms;
  let exited = false;
  void service.exited.then(() => (exited = true));
  while (Date.now() < deadline && !exited) {
    const answer = await request(`${baseUrl}/health`, { timeout: 1000, dataType: 'text' }).catch(
      (error: unknown) => {
        // Not listening yet; a response that breaks the OpenAPI document still fails the test.
        if (error instanceof OpenApiViolation) throw error;
        return null;
      },
    );
    if (answer) return answer.status;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`no /health answer (exited: ${exited}):\n${service.stdout()}\n${service.stderr()}`);
}

function listen(port: number): Promise<Server> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => done(server));
  });
}

describe('embedded Postgres started by the built service (DATABASE_URL unset)', () => {
  beforeAll(() => {
    // A stale dist/ would test old code: build when any source is newer.
    if (serviceArgs().length !== 1) execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
  }, 120_000);

  it('should answer /health when started from a clone inside a 0700 directory', async () => {
    const clone = privateCloneOfBuild();
    let relocated: string | undefined;
    try {
      const port = await freePort();
      const service = startBuiltService(clone.dir, {
        PORT: String(port),
        EMBEDDED_PG_PORT: String(await freePort()),
      });
      try {
        expect(await healthWithin(`http://127.0.0.1:${port}`, service, 90_000)).toBe(200);
      } finally {
        service.stop();
      }
      expect(await service.exited).toBe(0);
      relocated = /its data lives in (\S+) instead/.exec(service.stdout())?.[1];
      // Nothing on the way to the clone was widened; as root, the cluster lives where its user can write.
      expect(statSync(clone.privateDir).mode & 0o777).toBe(0o700);
      if (RUNS_AS_ROOT) {
        expect(relocated).toBeDefined();
        expect(existsSync(join(relocated!, 'PG_VERSION'))).toBe(true);
      } else {
        expect(existsSync(join(clone.dir, 'data', 'pg', 'PG_VERSION'))).toBe(true);
      }
      expect(service.stderr()).toBe('');
    } finally {
      rmSync(clone.privateDir, { recursive: true, force: true });
      if (relocated) rmSync(relocated, { recursive: true, force: true });
    }
  }, 120_000);

  it('should exit 1 with one line naming the cause and the ways out when its port is taken', async () => {
    const pgPort = await freePort();
    const taken = await listen(pgPort);
    const dataDir = mkdtempSync(join(tmpdir(), 'dms-port-taken-'));
    try {
      const service = startBuiltService(ROOT, {
        PORT: String(await freePort()),
        EMBEDDED_PG_PORT: String(pgPort),
        DATA_DIR: dataDir,
      });
      expect(await service.exited).toBe(1);
      const lines = service.stderr().split('\n').filter(Boolean);
      expect(lines).toEqual([
        `The embedded Postgres could not start: port ${pgPort} on 127.0.0.1 is already in use ` +
          '(EMBEDDED_PG_PORT chooses another). To go on, set DATABASE_URL to a Postgres server to use instead' +
          (RUNS_AS_ROOT ? ', or run the service as a normal user (not root).' : '.'),
      ]);
    } finally {
      await new Promise((done) => taken.close(done));
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
