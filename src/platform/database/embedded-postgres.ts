import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { placeCluster } from './embedded/cluster-directory';
import { EmbeddedPostgresError } from './embedded/embedded-postgres-error';
import { stopLeftoverPostgres } from './embedded/leftover-postgres';
import { binariesReadableBy, packagedBinaries } from './embedded/postgres-binaries';
import { type RunningPostgres, initialiseCluster, startServer } from './embedded/postgres-process';
import { postgresUserWhenRoot } from './embedded/postgres-system-user';

export { EmbeddedPostgresError } from './embedded/embedded-postgres-error';

export interface EmbeddedDatabase {
  url: string;
  adminUrl: string;
  /** Where the cluster really is (see placeCluster). */
  dataDir: string;
  /** What the operator should know: dataDir is not the directory asked for, a leftover Postgres was stopped. */
  notices: string[];
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
}

// Used only when DATABASE_URL is unset: a real Postgres, with the binaries the embedded-postgres package
// installs for this platform, its data under `dir`, listening on 127.0.0.1 only. Any failure is one
// EmbeddedPostgresError naming the cause and the ways out.
export async function startEmbeddedPostgres(
  dir: string,
  port: number,
  database: string,
  log: (line: string) => void = () => undefined,
): Promise<EmbeddedDatabase> {
  let server: RunningPostgres | undefined;
  try {
    // First: without binaries nothing else (a system user, a data directory) is worth preparing.
    const packaged = packagedBinaries();
    const runAs = postgresUserWhenRoot();
    const binaries = runAs ? binariesReadableBy(runAs, packaged) : packaged;
    const cluster = placeCluster(resolve(dir), runAs);
    if (!existsSync(join(cluster.path, 'PG_VERSION'))) {
      await initialiseCluster(binaries, cluster.path, { user: USER, password: PASSWORD }, runAs);
    }
    const leftover = await stopLeftoverPostgres(cluster.path);
    server = await startServer(binaries, cluster.path, port, runAs, log);
    const adminUrl = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
    await ensureDatabase(adminUrl, database);
    return {
      url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
      adminUrl,
      dataDir: cluster.path,
      notices: [cluster.notice, leftover].filter((notice): notice is string => notice !== null),
      stop: () => server!.stop(),
    };
  } catch (error) {
    await server?.stop();
    if (error instanceof EmbeddedPostgresError) throw error;
    throw new EmbeddedPostgresError(error instanceof Error ? error.message : String(error));
  }
}
