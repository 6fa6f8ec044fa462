'use strict';
// `npm run migration:check` (after `npm run build`): applies every migration to an empty database, then
// asks TypeORM which schema changes the entities still imply (what `migration:generate --check` does).
// Any pending statement means entities and migrations disagree: it is printed and the check fails.
// DATABASE_URL set: a throw-away database is created on that server and dropped afterwards. Unset: a
// throw-away embedded Postgres in a temporary directory.
require('reflect-metadata');
const { randomBytes } = require('node:crypto');
const { mkdtempSync, rmSync } = require('node:fs');
const { createServer } = require('node:net');
const { tmpdir } = require('node:os');
const { join, resolve } = require('node:path');
const { Client } = require('pg');
const { DataSource } = require('typeorm');

const dist = resolve(__dirname, '..', 'dist');

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

function withDatabase(url, database) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function admin(url, sql) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function pendingStatements(url) {
  const { dataSourceOptions } = require(join(dist, 'platform/database/data-source'));
  const { runMigrations } = require(join(dist, 'platform/database/migrate'));
  const { loadConfig } = require(join(dist, 'platform/config/app-config'));
  const dataSource = new DataSource(dataSourceOptions(url));
  await dataSource.initialize();
  try {
    // The service role is provisioned too, so the check proves that step works on an empty database.
    await runMigrations(dataSource, loadConfig().databaseServiceRole);
    const sql = await dataSource.driver.createSchemaBuilder().log();
    return sql.upQueries.map((query) => query.query);
  } finally {
    await dataSource.destroy();
  }
}

async function main() {
  const { startEmbeddedPostgres } = require(join(dist, 'platform/database/embedded-postgres'));
  const name = `dms_test_migration_check_${randomBytes(4).toString('hex')}`;
  let adminUrl;
  let embedded;
  let tempDir;
  if (process.env.DATABASE_URL) {
    adminUrl = withDatabase(process.env.DATABASE_URL, 'postgres');
  } else {
    tempDir = mkdtempSync(join(tmpdir(), 'dms-migration-check-'));
    embedded = await startEmbeddedPostgres(join(tempDir, 'pg'), await freePort(), 'postgres');
    adminUrl = embedded.adminUrl;
  }
  try {
    await admin(adminUrl, `CREATE DATABASE "${name}"`);
    try {
      const pending = await pendingStatements(withDatabase(adminUrl, name));
      if (pending.length > 0) {
        process.stderr.write('migration:check: the entities imply schema changes that no migration makes:\n');
        for (const statement of pending) process.stderr.write(`  ${statement};\n`);
        process.exitCode = 1;
      } else {
        process.stdout.write('migration:check: migrations and entities agree\n');
      }
    } finally {
      await admin(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  } finally {
    if (embedded) await embedded.stop();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`migration:check failed: ${error && error.stack ? error.stack : String(error)}\n`);
  process.exit(1);
});
