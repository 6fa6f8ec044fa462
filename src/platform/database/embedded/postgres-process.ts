import { type ChildProcess, spawn } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedPostgresError } from './embedded-postgres-error';
import type { PostgresBinaries } from './postgres-binaries';
import { forgetOwner, recordOwner } from './postgres-owner';
import type { SystemUser } from './postgres-system-user';

export interface RunningPostgres {
  stop(): Promise<void>;
}

// Postgres' own messages are matched below (readiness, the port in use), hence lc_messages C (untranslated)
// for initdb and the server alike.
const READY = 'database system is ready to accept connections';

function identity(user: SystemUser | null): { uid?: number; gid?: number } {
  return user ? { uid: user.uid, gid: user.gid } : {};
}

function lastLines(output: string, count = 6): string {
  return output.trim().split('\n').slice(-count).join(' | ');
}

function spawnFailure(file: string, error: NodeJS.ErrnoException, user: SystemUser | null): Error {
  const who = user ? `the "${user.name}" user` : 'this user';
  return new Error(`${who} could not run ${file} (${error.code ?? error.message})`);
}

// The cluster's password reaches initdb through a file only its user can read, removed right after.
export async function initialiseCluster(
  binaries: PostgresBinaries,
  dataDir: string,
  credentials: { user: string; password: string },
  runAs: SystemUser | null,
): Promise<void> {
  const secrets = mkdtempSync(join(tmpdir(), 'dms-pg-init-'));
  const passwordFile = join(secrets, 'password');
  writeFileSync(passwordFile, `${credentials.password}\n`, { mode: 0o600 });
  if (runAs) {
    chownSync(secrets, runAs.uid, runAs.gid);
    chownSync(passwordFile, runAs.uid, runAs.gid);
  }
  try {
    const args = [
      `--pgdata=${dataDir}`,
      '--auth=password',
      `--username=${credentials.user}`,
      `--pwfile=${passwordFile}`,
      '--lc-messages=C',
    ];
    await new Promise<void>((resolve, reject) => {
      const child = spawn(binaries.initdb, args, {
        ...identity(runAs),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('error', (error) => reject(spawnFailure(binaries.initdb, error, runAs)));
      child.once('close', (code, signal) => {
        if (code === 0) resolve();
        else reject(new Error(`initdb failed (${signal ?? `exit ${code}`}): ${lastLines(output)}`));
      });
    });
  } finally {
    rmSync(secrets, { recursive: true, force: true });
  }
}

function startFailure(
  output: string,
  dataDir: string,
  port: number,
  code: number | null,
  signal: string | null,
): Error {
  if (output.includes('Address already in use')) {
    return new Error(`port ${port} on 127.0.0.1 is already in use (EMBEDDED_PG_PORT chooses another)`);
  }
  // Another Postgres took the directory after stopLeftoverPostgres looked.
  if (output.includes('lock file "postmaster.pid" already exists')) {
    return new EmbeddedPostgresError(
      `its data directory ${dataDir} is in use by another Postgres`,
      'stop that Postgres, or set DATA_DIR to another directory, or DATABASE_URL to a Postgres server to use instead',
    );
  }
  const fatal = output.split('\n').find((line) => /\b(FATAL|PANIC):/.test(line));
  return new Error(`postgres stopped (${signal ?? `exit ${code}`}): ${fatal?.trim() ?? lastLines(output)}`);
}

// Resolves once Postgres accepts connections; rejects with its own reason when it exits first. Its log
// keeps being read afterwards (a full pipe would block it). Killed when this process exits without
// stopping it, so no Postgres outlives the service; a death that runs no handler (kill -9) leaves it
// running, recorded as this process's (postgres-owner.ts) so that the next start can stop it.
export function startServer(
  binaries: PostgresBinaries,
  dataDir: string,
  port: number,
  runAs: SystemUser | null,
  log: (line: string) => void,
): Promise<RunningPostgres> {
  const args = [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    '-c',
    'lc_messages=C',
  ];
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(binaries.postgres, args, {
      ...identity(runAs),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    if (child.pid !== undefined) recordOwner(dataDir, child.pid);
    let output = '';
    let ready = false;
    const killOnExit = (): void => void child.kill('SIGINT');
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      for (const line of text.split('\n').filter(Boolean)) log(line);
      if (ready) return;
      output += text;
      if (!output.includes(READY)) return;
      ready = true;
      process.once('exit', killOnExit);
      resolve({
        stop: async () => {
          process.removeListener('exit', killOnExit);
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
          await exited;
          forgetOwner(dataDir);
        },
      });
    });
    child.once('error', (error) => {
      if (!ready) reject(spawnFailure(binaries.postgres, error, runAs));
      else log(`[error] ${error.message}`);
    });
    // 'close' (not 'exit') so that its last words have been read.
    child.once('close', (code, signal) => {
      if (!ready) reject(startFailure(output, dataDir, port, code, signal));
    });
  });
}
