'use strict';
// `npm run openapi:export`: builds the OpenAPI document from the compiled application (dist/, run
// `npm run build` first) booted against a real database, and writes it to docs/openapi.json (or argv[2]).
// DATABASE_URL set: that server (pending migrations are applied, as at start-up). Unset: a throw-away
// embedded Postgres in a temporary directory, never ./data, so a running `npm start` is not disturbed.
require('reflect-metadata');
const { mkdirSync, mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { createServer } = require('node:net');
const { tmpdir } = require('node:os');
const { dirname, join, resolve } = require('node:path');

const root = resolve(__dirname, '..');
const dist = join(root, 'dist');

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

async function main() {
  const output = resolve(process.argv[2] || join(root, 'docs', 'openapi.json'));
  const { loadConfig } = require(join(dist, 'platform/config/app-config'));
  const { createApp } = require(join(dist, 'app.setup'));
  const { buildOpenApiDocument } = require(join(dist, 'platform/http/openapi'));
  const { startEmbeddedPostgres } = require(join(dist, 'platform/database/embedded-postgres'));

  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL || 'warn' });
  let databaseUrl = config.databaseUrl;
  let embedded;
  let tempDir;
  if (!databaseUrl) {
    tempDir = mkdtempSync(join(tmpdir(), 'dms-openapi-'));
    embedded = await startEmbeddedPostgres(join(tempDir, 'pg'), await freePort(), 'dms');
    databaseUrl = embedded.url;
  }
  try {
    const app = await createApp(config, databaseUrl, { handleSignals: false });
    try {
      const document = buildOpenApiDocument(app, config.versionString);
      mkdirSync(dirname(output), { recursive: true });
      writeFileSync(output, `${JSON.stringify(document, null, 2)}\n`);
      const operations = Object.values(document.paths).reduce(
        (count, item) => count + Object.keys(item).length,
        0,
      );
      process.stdout.write(
        `openapi:export wrote ${output} (${Object.keys(document.paths).length} paths, ${operations} operations)\n`,
      );
    } finally {
      await app.close();
    }
  } finally {
    if (embedded) await embedded.stop();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`openapi:export failed: ${error && error.stack ? error.stack : String(error)}\n`);
  process.exit(1);
});
