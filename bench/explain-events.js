'use strict';
// `node bench/explain-events.js <databaseUrl> <groupId>`: EXPLAIN (ANALYZE, BUFFERS) of the event list
// SQL the service runs (its own compiled query builder: the page and its totalCount in one statement)
// for the benchmark's three list scenarios.
const { join } = require('node:path');
const { Client } = require('pg');

const { eventPageWithCountQuery } = require(
  join(__dirname, '..', 'dist', 'modules', 'events', 'event.store.js'),
);

async function main() {
  const [databaseUrl, groupId] = process.argv.slice(2);
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const to = new Date(Date.now() - 60 * 86_400_000);
  const from = new Date(to.getTime() - 30 * 86_400_000);
  const cases = [
    ['page 1, unfiltered', { scope: { groupId }, eventTypes: [] }, 0],
    [
      'page 1, two event types and a date range',
      { scope: { groupId }, eventTypes: ['HOST_DOWN', 'ALERT_ACKNOWLEDGED_AUDIT'], from, until: to },
      0,
    ],
    ['page 100, unfiltered', { scope: { groupId }, eventTypes: [] }, 9900],
  ];
  try {
    for (const [title, filter, offset] of cases) {
      for (const [kind, query] of [['page and count', eventPageWithCountQuery(filter, offset, 100)]]) {
        const { rows } = await client.query(
          `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query.sql}`,
          query.params,
        );
        console.log(
          `-- ${title}: ${kind}\n${query.sql.replace(/\s+/g, ' ')}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}\n`,
        );
      }
    }
  } finally {
    await client.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
