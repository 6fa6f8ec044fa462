'use strict';
/* global fetch */
// The benchmark's data set: a project set up through the public API like a customer would (first
// user, organization, project, API keys, an OUTSIDE_METRIC_THRESHOLD alert configuration, an agent
// key, agent reports for 10 hosts that raise real alerts), then the bulk that only SQL loads quickly:
// 1,000,000 audit events of that project and a history of closed alerts. The events table is
// append-only (a trigger refuses UPDATE/DELETE/TRUNCATE): rows are only ever inserted.
const { randomBytes } = require('node:crypto');
const { Client } = require('pg');
const { DigestApi } = require('./digest');

const EVENT_TYPES = [
  ['HOST_UP', 14],
  ['HOST_DOWN', 6],
  ['HOST_RESTARTED', 4],
  ['OUTSIDE_METRIC_THRESHOLD', 14],
  ['INSIDE_METRIC_THRESHOLD', 12],
  ['ALERT_ACKNOWLEDGED_AUDIT', 6],
  ['ALERT_UNACKNOWLEDGED_AUDIT', 3],
  ['ALERT_CONFIG_ADDED_AUDIT', 2],
  ['ALERT_CONFIG_CHANGED_AUDIT', 3],
  ['ALERT_CONFIG_DELETED_AUDIT', 1],
  ['MONITORING_AGENT_UP', 5],
  ['MONITORING_AGENT_DOWN', 5],
  ['AUTOMATION_AGENT_UP', 5],
  ['AUTOMATION_AGENT_DOWN', 4],
  ['PRIMARY_ELECTED', 4],
  ['JOINED_GROUP', 2],
  ['REMOVED_FROM_GROUP', 1],
  ['API_KEY_ADDED_TO_GROUP', 2],
  ['MAINTENANCE_WINDOW_ADDED_AUDIT', 2],
  ['AUTOMATION_CONFIG_PUBLISHED_AUDIT', 5],
];
const WEIGHTED_TYPES = EVENT_TYPES.flatMap(([type, weight]) => Array(weight).fill(type));
const METRICS = [
  'CONNECTIONS',
  'OPCOUNTER_QUERY',
  'OPCOUNTER_INSERT',
  'OPCOUNTER_UPDATE',
  'OPCOUNTER_DELETE',
  'OPCOUNTER_GETMORE',
  'OPCOUNTER_CMD',
  'MEMORY_RESIDENT',
  'MEMORY_VIRTUAL',
  'NETWORK_BYTES_IN',
  'NETWORK_BYTES_OUT',
  'NETWORK_NUM_REQUESTS',
  'CURSORS_TOTAL_OPEN',
  'CACHE_USED_BYTES',
  'CACHE_DIRTY_BYTES',
];
const HOSTS = 10;
const MEASUREMENTS_PER_HOST = 50;
const DAY_MS = 86_400_000;

function objectId(ms) {
  return (
    Math.floor(ms / 1000)
      .toString(16)
      .padStart(8, '0') + randomBytes(8).toString('hex')
  );
}

function progressBar(label, total) {
  const started = Date.now();
  const tty = process.stderr.isTTY;
  let lastDraw = 0;
  return (done) => {
    const now = Date.now();
    if (done < total && now - lastDraw < (tty ? 200 : 5000)) return;
    lastDraw = now;
    const ratio = total === 0 ? 1 : done / total;
    const bar = '#'.repeat(Math.round(ratio * 30)).padEnd(30, '.');
    const rate = Math.round(done / Math.max(0.001, (now - started) / 1000));
    const line = `${label} [${bar}] ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} ${rate.toLocaleString('en-US')}/s`;
    process.stderr.write(tty ? `\r${line}${done >= total ? '\n' : ''}` : `${line}\n`);
  };
}

// Samples of the report at `at`: 50 per host (the metrics above, then repeated 10 s apart).
function reportHosts(at, connections) {
  return Array.from({ length: HOSTS }, (_, h) => ({
    hostname: `db${h}.bench.internal`,
    port: 27017,
    typeName: h === 0 ? 'REPLICA_PRIMARY' : 'REPLICA_SECONDARY',
    replicaSetName: 'rs0',
    up: true,
    measurements: Array.from({ length: MEASUREMENTS_PER_HOST }, (_, m) => {
      const metricName = METRICS[m % METRICS.length];
      const ts = new Date(at - Math.floor(m / METRICS.length) * 10_000);
      const value = metricName === 'CONNECTIONS' ? connections(h) : Math.round(1000 + 5000 * Math.random());
      return { metricName, units: 'SCALAR', value, timestamp: ts.toISOString().replace(/\.\d{3}Z$/, 'Z') };
    }),
  }));
}

function agentReport(at, connections) {
  return {
    agentType: 'MONITORING',
    hostname: 'agent0.bench.internal',
    version: '107.0.0.8465-1',
    hosts: reportHosts(at, connections),
  };
}

const METRIC_CONFIG = {
  eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
  enabled: true,
  metricThreshold: {
    metricName: 'CONNECTIONS',
    mode: 'AVERAGE',
    operator: 'GREATER_THAN',
    threshold: 500,
    units: 'RAW',
  },
  notifications: [{ typeName: 'EMAIL', emailAddress: 'oncall@example.com', delayMin: 0, intervalMin: 60 }],
};

async function postReport(baseUrl, groupId, agentKey, body) {
  const response = await fetch(`${baseUrl}/agents/v1/groups/${groupId}/reports`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${groupId}:${agentKey}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 202) throw new Error(`agent report: ${response.status} ${text}`);
}

// Through the API, as a customer: returns every id and secret the scenarios need.
async function setUpProject(baseUrl) {
  const password = `Bench-${randomBytes(6).toString('hex')}-9!`;
  const response = await fetch(`${baseUrl}/api/public/v1.0/unauth/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'bench@example.com',
      password,
      firstName: 'Bench',
      lastName: 'Owner',
      emailAddress: 'bench@example.com',
    }),
  });
  const first = await response.json();
  if (response.status >= 300) throw new Error(`first user: ${response.status} ${JSON.stringify(first)}`);
  const owner = {
    publicKey: first.programmaticApiKey.publicKey,
    privateKey: first.programmaticApiKey.privateKey,
  };
  const api = new DigestApi(baseUrl, owner);
  const org = await api.call('POST', '/orgs', { name: 'Bench Org' });
  const group = await api.call('POST', '/groups', { name: 'bench-production', orgId: org.id });
  // An organization with a realistic number of keys for the list scenario.
  for (let i = 0; i < 20; i++) {
    await api.call('POST', `/orgs/${org.id}/apiKeys`, { desc: `automation key ${i}`, roles: ['ORG_MEMBER'] });
  }
  const config = await api.call('POST', `/groups/${group.id}/alertConfigs`, METRIC_CONFIG);
  const agentKey = (await api.call('POST', `/groups/${group.id}/agentapikeys`, { desc: 'bench agents' })).key;
  // Rounds of reports: hosts appear, measurements accumulate, then every host crosses the threshold:
  // one OPEN alert per host.
  const now = Date.now();
  for (let round = 5; round >= 0; round--) {
    const at = now - 3_600_000 - round * 60_000;
    await postReport(
      baseUrl,
      group.id,
      agentKey,
      agentReport(at, (h) => (round < 3 ? 900 + h : 120 + h)),
    );
  }
  return { owner, orgId: org.id, groupId: group.id, alertConfigId: config.id, agentKey, password };
}

// Multi-row INSERT ... SELECT FROM unnest(arrays): one statement and one round trip per batch.
async function insertEvents(client, state, total, batchSize = 20_000) {
  const progress = progressBar('events', total);
  const now = Date.now();
  const spanMs = 365 * DAY_MS;
  const actors = Array.from({ length: 8 }, (_, i) => `user${i}@example.com`);
  let done = 0;
  while (done < total) {
    const n = Math.min(batchSize, total - done);
    const cols = { id: [], type: [], created: [], username: [], remote: [], subject: [], raw: [] };
    for (let i = 0; i < n; i++) {
      const created = now - 60_000 - Math.floor(Math.random() * spanMs);
      const type = WEIGHTED_TYPES[Math.floor(Math.random() * WEIGHTED_TYPES.length)];
      const host = Math.floor(Math.random() * HOSTS);
      cols.id.push(objectId(created));
      cols.type.push(type);
      cols.created.push(new Date(created));
      cols.username.push(
        type.endsWith('_AUDIT') || type.endsWith('_GROUP') ? actors[i % actors.length] : null,
      );
      cols.remote.push(type.endsWith('_AUDIT') ? `10.0.${host}.${i % 250}` : null);
      cols.subject.push(
        JSON.stringify({ hostname: `db${host}.bench.internal`, port: 27017, replicaSetName: 'rs0' }),
      );
      cols.raw.push(
        JSON.stringify({ _t: type, cre: new Date(created).toISOString(), hid: host, source: 'bench' }),
      );
    }
    // The service's counter trigger adds one to a counter row per inserted event at commit (it must run
    // after every other lock of the transaction, see migration 1795300012000); for a 20,000-row batch that
    // is 20,000 updates of one row, a sixth of the load speed. A bulk load adds its batch's count itself, in
    // the same transaction, with the trigger off for that transaction only (ALTER TABLE is transactional:
    // the service's own inserts wait for the lock and never see the trigger disabled).
    await client.query('BEGIN');
    await client.query('ALTER TABLE events DISABLE TRIGGER events_count');
    await client.query(
      `INSERT INTO events (id, event_type_name, created, org_id, group_id, username, remote_address, subject, raw)
       SELECT id, t, c, $8, $9, u, r, s::jsonb, w::jsonb
       FROM unnest($1::char(24)[], $2::varchar[], $3::timestamptz[], $4::varchar[], $5::varchar[], $6::text[], $7::text[])
         AS x(id, t, c, u, r, s, w)`,
      [
        cols.id,
        cols.type,
        cols.created,
        cols.username,
        cols.remote,
        cols.subject,
        cols.raw,
        state.orgId,
        state.groupId,
      ],
    );
    await client.query(
      `INSERT INTO event_counts (scope_kind, scope_id, slot, count) VALUES ('G', $1, 0, $2)
       ON CONFLICT (scope_kind, scope_id, slot) DO UPDATE SET count = event_counts.count + EXCLUDED.count`,
      [state.groupId, n],
    );
    await client.query('ALTER TABLE events ENABLE TRIGGER events_count');
    await client.query('COMMIT');
    done += n;
    progress(done);
  }
}

// A year of resolved alerts of the configuration (the alerts table of a long-lived project).
async function insertClosedAlerts(client, state, total) {
  const progress = progressBar('alerts', total);
  const now = Date.now();
  const cols = { id: [], created: [], resolved: [], host: [] };
  for (let i = 0; i < total; i++) {
    const created = now - 2 * DAY_MS - Math.floor(Math.random() * 365 * DAY_MS);
    cols.id.push(objectId(created));
    cols.created.push(new Date(created));
    cols.resolved.push(new Date(created + 600_000));
    cols.host.push(`db${i % HOSTS}.bench.internal:27017`);
  }
  await client.query(
    `INSERT INTO alerts (id, group_id, alert_config_id, event_type_name, status, target_key, created, updated, resolved,
                         current_value_number, current_value_units, metric_name, hostname_and_port, replica_set_name)
     SELECT id, $5, $6, 'OUTSIDE_METRIC_THRESHOLD', 'CLOSED', h, c, r, r, 900, 'RAW', 'CONNECTIONS', h, 'rs0'
     FROM unnest($1::char(24)[], $2::timestamptz[], $3::timestamptz[], $4::text[]) AS x(id, c, r, h)`,
    [cols.id, cols.created, cols.resolved, cols.host, state.groupId, state.alertConfigId],
  );
  progress(total);
}

async function loadDataset({ baseUrl, databaseUrl, events = 1_000_000, closedAlerts = 10_000 }) {
  const state = await setUpProject(baseUrl);
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = Date.now();
    await insertEvents(client, state, events);
    await insertClosedAlerts(client, state, closedAlerts);
    // Fresh statistics and a visibility map, as autovacuum would leave them on a live system.
    await client.query('VACUUM (ANALYZE) events');
    await client.query('VACUUM (ANALYZE) alerts');
    await client.query('ANALYZE');
    state.loadSeconds = Math.round((Date.now() - started) / 100) / 10;
    const [{ count }] = (
      await client.query('SELECT count(*)::int AS count FROM events WHERE group_id = $1', [state.groupId])
    ).rows;
    state.projectEvents = count;
    const open = await client.query(
      `SELECT id FROM alerts WHERE group_id = $1 AND status = 'OPEN' ORDER BY created DESC, id`,
      [state.groupId],
    );
    if (open.rowCount === 0) throw new Error('the agent reports raised no alert');
    state.alertIds = open.rows.map((row) => row.id);
  } finally {
    await client.end();
  }
  return state;
}

module.exports = {
  loadDataset,
  agentReport,
  postReport,
  METRIC_CONFIG,
  METRICS,
  HOSTS,
  MEASUREMENTS_PER_HOST,
};
