import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/platform/config/app-config';
import { dataSourceOptions } from '../../src/platform/database/data-source';
import { startEmbeddedPostgres } from '../../src/platform/database/embedded-postgres';
import { runMigrations } from '../../src/platform/database/migrate';
import { ADMIN_URL_ENV, TEMPLATE_ENV, assertTestDatabase, withAdmin, withDatabase } from './database';
import { enterRunTempDir, leaveRunTempDir } from './run-temp-dir';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

// DATABASE_URL set: tests use that server (creating and dropping their own databases on it).
// Unset: a real embedded Postgres in the run's temporary directory, stopped by globalTeardown.
// Jest runs no teardown when the setup fails: it undoes its own part then.
export default async function globalSetup(): Promise<void> {
  enterRunTempDir();
  try {
    await prepareDatabase();
  } catch (error) {
    await stopEmbedded();
    leaveRunTempDir();
    throw error;
  }
}

export async function stopEmbedded(): Promise<void> {
  const holder = globalThis as { __DMS_EMBEDDED__?: { stop(): Promise<void> } };
  await holder.__DMS_EMBEDDED__?.stop();
  delete holder.__DMS_EMBEDDED__;
}

async function prepareDatabase(): Promise<void> {
  let adminUrl: string;
  if (process.env.DATABASE_URL) {
    adminUrl = withDatabase(process.env.DATABASE_URL, 'postgres');
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'dms-test-pg-'));
    const embedded = await startEmbeddedPostgres(join(dir, 'pg'), await freePort(), 'postgres');
    (globalThis as { __DMS_EMBEDDED__?: { stop(): Promise<void> } }).__DMS_EMBEDDED__ = embedded;
    adminUrl = embedded.adminUrl;
    // The run's own throw-away cluster: nothing in it must survive a crash of the machine, so it skips the
    // flushes to disk that every commit and every database cloned from the template would otherwise wait
    // for. A Postgres process killed mid-test still loses nothing (its writes are in the OS's cache).
    await withAdmin(adminUrl, async (client) => {
      await client.query('ALTER SYSTEM SET fsync = off');
      await client.query('ALTER SYSTEM SET full_page_writes = off');
      await client.query('SELECT pg_reload_conf()');
    });
  }
  const template = `dms_test_template_${process.pid}`;
  assertTestDatabase(template);
  await withAdmin(adminUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${template}"`);
  });
  const dataSource = new DataSource(dataSourceOptions(withDatabase(adminUrl, template)));
  await dataSource.initialize();
  try {
    await runMigrations(dataSource, loadConfig().databaseServiceRole);
  } finally {
    await dataSource.destroy();
  }
  process.env[ADMIN_URL_ENV] = adminUrl;
  process.env[TEMPLATE_ENV] = template;
}
