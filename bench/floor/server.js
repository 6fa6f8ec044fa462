'use strict';
// The FLOOR of every scenario: a bare node:http server (no framework, no auth, no validation library)
// that runs the scenario's SQL through `pg` and writes the same JSON as the service. What the
// service costs above this is framework, auth, validation, ORM and the audit trail's bookkeeping.
// `node bench/floor/server.js <port> <databaseUrl>`; prints "ready" when listening.
const http = require('node:http');
const { Pool } = require('pg');
const { handlers } = require('./handlers');

const port = Number(process.argv[2]);
// One connection per benchmark connection (the service's pool allows 20; the load never needs more).
const pool = new Pool({ connectionString: process.argv[3], max: 10 });
// Postgres stopping at the end of a run closes idle connections: not an error of the floor.
pool.on('error', () => undefined);

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url, `http://${req.headers.host}`);
    const body = req.method === 'GET' ? undefined : await readBody(req);
    for (const handler of handlers) {
      const match = req.method === handler.method && handler.path.exec(url.pathname);
      if (!match) continue;
      const { status, json } = await handler.run({
        pool,
        match,
        url,
        body,
        base: `http://${req.headers.host}`,
      });
      const text = json === undefined ? '' : JSON.stringify(json);
      res.writeHead(status, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(text),
      });
      res.end(text);
      return;
    }
    res.writeHead(404).end();
  } catch (error) {
    res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error && error.stack));
  }
});
server.keepAliveTimeout = 65_000;
server.listen(port, '127.0.0.1', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => pool.end().then(() => process.exit(0)));
});
