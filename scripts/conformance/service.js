'use strict';
// Starts the BUILT service (`node dist/main.js`, as `npm start` does) on free ports against a fresh
// database: an embedded Postgres in a temporary DATA_DIR, or a new database on DATABASE_URL when set.
/* global clearTimeout, fetch */
const { spawn } = require('node:child_process');
const { existsSync, mkdtempSync, rmSync } = require('node:fs');
const { createServer } = require('node:net');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

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

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

async function freshDatabaseUrl(serverUrl) {
  const { Client } = require('pg');
  const name = `dms_conformance_${process.pid}_${Date.now()}`;
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const c = new Client({ connectionString: admin.toString() });
    await c.connect();
    try {
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await c.end();
    }
  };
  return { url: url.toString(), drop };
}

// `extraEnv` adds to (or overrides) the environment the service starts with.
async function startService(root, log, extraEnv = {}) {
  const main = join(root, 'dist', 'main.js');
  if (!existsSync(main)) throw new Error(`${main} not found: run \`npm run build\` first`);
  const dataDir = mkdtempSync(join(tmpdir(), 'dms-conformance-'));
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
    LOG_LEVEL: process.env.CONFORMANCE_LOG_LEVEL || 'warn',
    ...extraEnv,
  };
  // Links must name the address the clients used (the checking proxy), as with a real deployment.
  delete env.PUBLIC_BASE_URL;
  let database = null;
  if (process.env.DATABASE_URL) {
    database = await freshDatabaseUrl(process.env.DATABASE_URL);
    env.DATABASE_URL = database.url;
  }
  const output = [];
  const child = spawn(process.execPath, [main], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk) => {
    output.push(String(chunk));
    if (output.length > 400) output.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = null;
  const exit = new Promise((done) => child.once('exit', (code, signal) => done((exited = { code, signal }))));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120000;
  for (;;) {
    if (exited)
      throw new Error(`service exited (${JSON.stringify(exited)}) before /health:\n${output.join('')}`);
    try {
      const response = await fetch(`${origin}/health`);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`service not healthy after 120 s:\n${output.join('')}`);
    await sleep(250);
  }
  log(
    `service up at ${origin} (DATA_DIR ${dataDir}${database ? ', DATABASE_URL: fresh database' : ', embedded Postgres'})`,
  );
  return {
    origin,
    output,
    // Resolves when the process ends (a signal, a crash).
    exited: exit,
    async stop() {
      if (!exited) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15000);
        await exit;
        clearTimeout(timer);
      }
      if (database) await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

module.exports = { startService, freePort, sleep };
