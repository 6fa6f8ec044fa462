import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { OpenApiViolation, request } from '../../support/checked-request';
import { sleep } from '../../support/time';

const ROOT = resolve(__dirname, '../../..');
const KEPT_OUTPUT = 20_000;

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

function newestSourceMs(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceMs(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts'))
      newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

// The built service when dist is at least as new as every source file (CI builds before the tests);
// otherwise the sources through ts-node without type-checking (a few seconds to boot), never a stale build.
export function serviceArgs(): string[] {
  const built = join(ROOT, 'dist', 'main.js');
  if (existsSync(built) && statSync(built).mtimeMs >= newestSourceMs(join(ROOT, 'src'))) return [built];
  return ['-r', 'ts-node/register/transpile-only', join(ROOT, 'src', 'main.ts')];
}

// The service as its own operating-system process (node dist/main.js), so it can be killed with SIGKILL.
export class ServiceProcess {
  private output = '';
  private exited: Promise<void>;

  private constructor(
    private readonly child: ChildProcess,
    readonly baseUrl: string,
  ) {
    const keep = (chunk: Buffer): void => {
      this.output = (this.output + chunk.toString('utf8')).slice(-KEPT_OUTPUT);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((done) => child.once('exit', () => done()));
  }

  static async start(env: Record<string, string>, readyWithinMs = 90_000): Promise<ServiceProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, serviceArgs(), {
      cwd: ROOT,
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const service = new ServiceProcess(child, `http://127.0.0.1:${port}`);
    try {
      await service.waitUntilHealthy(readyWithinMs);
    } catch (error) {
      await service.kill();
      throw error;
    }
    return service;
  }

  get apiUrl(): string {
    return `${this.baseUrl}/api/public/v1.0`;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  // SIGKILL: no shutdown hook runs, in-flight calls are cut, leases stay as they were.
  async kill(): Promise<void> {
    if (this.running) this.child.kill('SIGKILL');
    await this.exited;
  }

  private async waitUntilHealthy(withinMs: number): Promise<void> {
    const deadline = Date.now() + withinMs;
    while (Date.now() < deadline) {
      if (!this.running) throw new Error(`the service exited during start-up:\n${this.output}`);
      try {
        const response = await request(`${this.baseUrl}/health`, { timeout: 1000 });
        if (response.status === 200) return;
      } catch (error) {
        // Not listening yet; a response that breaks the OpenAPI document still fails the test.
        if (error instanceof OpenApiViolation) throw error;
      }
      await sleep(100);
    }
    throw new Error(`the service was not healthy within ${withinMs} ms:\n${this.output}`);
  }
}
