import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SYSTEM_TMPDIR_ENV } from '../support/run-temp-dir';

const ROOT = resolve(__dirname, '../..');
const JEST = join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js');
// A unit spec that writes under os.tmpdir() and leaves it there, as many tests and the processes they
// start (services, receivers, Chromium) do.
const SPEC = 'src/platform/crypto/secret-box.spec.ts';

// Where the outer run keeps Jest's cache (Jest's default, under the temporary directory the run was started
// with): the inner run reuses it instead of compiling everything again.
function jestCache(): string {
  const uid = process.getuid ? `_${process.getuid().toString(36)}` : '';
  return join(process.env[SYSTEM_TMPDIR_ENV] ?? tmpdir(), `jest${uid}`);
}

function runJest(env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  const args = [JEST, '--config', 'jest.config.js', '--runInBand', '--cacheDirectory', jestCache(), SPEC];
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', fail);
    child.once('close', (code) => done({ code, output }));
  });
}

// A whole Jest run (global setup with the embedded Postgres, one spec, global teardown) in a temporary
// directory of its own: nothing of it may stay there but Jest's own cache, which is kept on purpose.
describe('a test run and the temporary directory', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'dms-tmpdir-check-'));
    // As root the embedded Postgres runs as its own user, which must pass through it.
    chmodSync(dir, 0o711);
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('should leave nothing in the temporary directory when the run started the embedded Postgres', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: dir };
    delete env.DATABASE_URL;
    delete env.DMS_OPENAPI_TALLY_FILE;
    const { code, output } = await runJest(env);
    expect({ code, output: code === 0 ? '' : output }).toEqual({ code: 0, output: '' });
    expect(readdirSync(dir)).toEqual([]);
  }, 180_000);
});
