import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { EmbeddedPostgresError } from './embedded-postgres-error';
import { readOwner } from './postgres-owner';
import { processInfo } from './process-info';

const POSTGRES_PROGRAMS = new Set(['postgres', 'postmaster', 'postgres.exe']);
// Fast shutdown first (open sessions are ended, nothing committed is lost), then immediate.
const STOPS: Array<[NodeJS.Signals, number]> = [
  ['SIGINT', 30_000],
  ['SIGQUIT', 10_000],
];
const USE_ANOTHER =
  'or set DATA_DIR to another directory, or DATABASE_URL to a Postgres server to use instead';

async function exited(pid: number, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const running = processInfo(pid);
    if (running === null || running.zombie) return true;
    if (Date.now() > deadline) return false;
    await new Promise((done) => setTimeout(done, 100));
  }
}

// Before Postgres starts on the cluster: a Postgres still running there (its postmaster.pid names a live
// process) would make the start fail. When the service was killed without stopping it (kill -9, the OOM
// killer), that Postgres is the one the previous run recorded as its own, and its parent is gone: it is
// stopped, and the start goes on (answers what was done, for the log). A Postgres of anyone else (another
// running instance of the service, or one started by hand) is left alone, and the start fails saying whose
// it is.
export async function stopLeftoverPostgres(dataDir: string): Promise<string | null> {
  const lockFile = join(dataDir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(lockFile, 'utf8').split('\n')[0], 10);
  } catch {
    return null;
  }
  if (!(pid > 0)) return null;
  const running = processInfo(pid);
  // No such process: Postgres discards the lock file itself.
  if (running === null) return null;
  // Exited but not reaped, or the number now belongs to another program (after a restart of the machine or
  // container): Postgres would take the lock file for a live server's and refuse to start.
  if (running.zombie || (running.program !== '' && !POSTGRES_PROGRAMS.has(running.program))) {
    rmSync(lockFile, { force: true });
    return `removed ${lockFile}, which named a process that is no Postgres (PID ${pid})`;
  }
  const owner = readOwner(dataDir);
  if (owner?.postmasterPid !== pid) {
    throw new EmbeddedPostgresError(
      `its data directory ${dataDir} is in use by a Postgres this service did not start (PID ${pid})`,
      `stop that Postgres, ${USE_ANOTHER}`,
    );
  }
  if (running.ppid === owner.servicePid) {
    throw new EmbeddedPostgresError(
      `its data directory ${dataDir} is in use by another instance of this service (PID ${owner.servicePid})`,
      `stop that instance, ${USE_ANOTHER}`,
    );
  }
  for (const [signal, withinMs] of STOPS) {
    try {
      process.kill(pid, signal);
    } catch {
      // Gone meanwhile.
    }
    if (await exited(pid, withinMs)) {
      if (processInfo(pid)?.zombie) rmSync(lockFile, { force: true });
      return `stopped the Postgres (PID ${pid}) that a previous run of the service left running on ${dataDir}`;
    }
  }
  throw new EmbeddedPostgresError(
    `the Postgres (PID ${pid}) that a previous run of the service left running on ${dataDir} did not stop`,
    `stop it, ${USE_ANOTHER}`,
  );
}
