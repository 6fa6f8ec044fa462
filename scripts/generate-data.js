'use strict';
// `npm run bench:data -- [--data-dir DIR] [--events N] [--alerts N]`: starts the BUILT service
// (dist/main.js; run `npm run build` first) on DIR (embedded Postgres when DATABASE_URL is unset, as the
// app does), sets a project up through the public API, bulk-loads N audit events (default 1,000,000)
// and N closed alerts with a progress bar, stops the service and writes DIR/bench-state.json (ids and
// keys). The database must be fresh: the first-user call works only while no user exists.
const { mkdirSync, writeFileSync } = require('node:fs');
const { join, resolve } = require('node:path');
const { loadDataset } = require('../bench/lib/dataset');
const { startService } = require('../bench/lib/service');

function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 && process.argv[index + 1] !== undefined ? process.argv[index + 1] : fallback;
}

async function main() {
  const dataDir = resolve(option('data-dir', './data-bench'));
  mkdirSync(dataDir, { recursive: true });
  const service = await startService({
    dataDir,
    port: Number(option('port', 18080)),
    pgPort: Number(option('pg-port', 54339)),
  });
  try {
    const state = await loadDataset({
      baseUrl: service.baseUrl,
      databaseUrl: service.databaseUrl,
      events: Number(option('events', 1_000_000)),
      closedAlerts: Number(option('alerts', 10_000)),
    });
    writeFileSync(join(dataDir, 'bench-state.json'), `${JSON.stringify(state, null, 2)}\n`);
    console.log(
      `loaded ${state.projectEvents} events in ${state.loadSeconds} s; state in ${dataDir}/bench-state.json`,
    );
  } finally {
    await service.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
