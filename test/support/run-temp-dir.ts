import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Every temporary file of a test run goes under one directory, removed by the global teardown, so that a
// run leaves nothing in the system's temporary directory whoever wrote the file: the embedded Postgres
// data, the Postgres binaries linked for its own user when run as root, the services and receivers the
// tests start, Chromium's profiles and its unpacked binary. It becomes TMPDIR (os.tmpdir() reads it at each
// call), set before Jest starts its workers, which inherit it, as does every process they spawn.
interface RunTempDir {
  dir: string;
  previousTmpdir: string | undefined;
}

const KEY = '__DMS_RUN_TEMP_DIR__';
// The temporary directory the run was started with, for whatever must outlive the run (Jest's own cache).
export const SYSTEM_TMPDIR_ENV = 'DMS_TEST_SYSTEM_TMPDIR';

function held(): RunTempDir | undefined {
  return (globalThis as { [KEY]?: RunTempDir })[KEY];
}

// Idempotent: the run-wide set-up and the e2e project's (which Jest runs first) both enter it.
export function enterRunTempDir(): string {
  const current = held();
  if (current) return current.dir;
  const dir = mkdtempSync(join(tmpdir(), 'dms-test-run-'));
  // As root the embedded Postgres runs as its own user, which must pass through to its data and
  // binaries below (search only: nothing is listed).
  chmodSync(dir, 0o711);
  (globalThis as { [KEY]?: RunTempDir })[KEY] = { dir, previousTmpdir: process.env.TMPDIR };
  process.env[SYSTEM_TMPDIR_ENV] = tmpdir();
  process.env.TMPDIR = dir;
  return dir;
}

export function leaveRunTempDir(): void {
  const entered = held();
  if (!entered) return;
  if (entered.previousTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = entered.previousTmpdir;
  rmSync(entered.dir, { recursive: true, force: true });
  delete (globalThis as { [KEY]?: RunTempDir })[KEY];
}
