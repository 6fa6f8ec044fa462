import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, serviceArgs } from '../e2e/deliveries/service-process';

const ROOT = resolve(__dirname, '../..');

function listen(port: number): Promise<Server> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => done(server));
  });
}

// A second `npm start` while the first still serves: the usual way a newcomer meets a taken port.
describe('the service started on an HTTP port already in use (DATABASE_URL unset)', () => {
  it('should stop its embedded Postgres and exit 1 with one line naming the port and the ways out', async () => {
    const port = await freePort();
    const taken = await listen(port);
    const dataDir = mkdtempSync(join(tmpdir(), 'dms-http-port-taken-'));
    try {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        EMBEDDED_PG_PORT: String(await freePort()),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      };
      delete env.DATABASE_URL;
      const child = spawn(process.execPath, serviceArgs(), {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.stdout.resume();
      const code = await new Promise<number | null>((done) =>
        child.once('exit', (exitCode) => done(exitCode)),
      );

      expect(code).toBe(1);
      expect(stderr.split('\n').filter(Boolean)).toEqual([
        `The service could not start: port ${port} on 127.0.0.1 is already in use, perhaps by another ` +
          'instance of this service. To go on, stop that program, or set PORT to another port.',
      ]);
      // Postgres removes its lock file when it has shut down; the service forgets it started it.
      expect(existsSync(join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
      expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
      expect(existsSync(join(dataDir, 'pg.owner.json'))).toBe(false);
    } finally {
      await new Promise((done) => taken.close(done));
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
