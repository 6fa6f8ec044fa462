'use strict';
// One handler per scenario. Reads run the service's own SQL (the event list SQL and mapper are the
// service's compiled modules, so both sides run identical statements); writes run the minimal
// statements with the same effect: the row change and its audit event in one transaction.
const { randomBytes } = require('node:crypto');
const { join } = require('node:path');

const DIST = join(__dirname, '..', '..', 'dist', 'modules', 'events');
const { eventPageWithCountQuery, eventCountQuery } = require(join(DIST, 'event.store.js'));
const { toEventResponse } = require(join(DIST, 'event.mapper.js'));

const API = '/api/public/v1.0';
const ID = '([0-9a-f]{24})';
const iso = (date) => (date ? new Date(date).toISOString().replace(/\.\d{3}Z$/, 'Z') : undefined);
const objectId = () =>
  Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0') + randomBytes(8).toString('hex');

// measurement_metrics ids by `name|units`, filled on first sight of a pair (outside the report's
// transaction, as the service does).
const metricIds = new Map();
async function loadMetricIds(pool, report) {
  const missing = new Map();
  for (const host of report.hosts || []) {
    for (const m of host.measurements || []) {
      const key = `${m.metricName}|${m.units}`;
      if (!metricIds.has(key)) missing.set(key, [m.metricName, m.units]);
    }
  }
  if (missing.size === 0) return;
  const pairs = [...missing.values()].sort();
  const names = pairs.map((pair) => pair[0]);
  const units = pairs.map((pair) => pair[1]);
  await pool.query(
    `INSERT INTO measurement_metrics (name, units) SELECT * FROM unnest($1::varchar[], $2::varchar[]) ON CONFLICT DO NOTHING`,
    [names, units],
  );
  const rows = await pool.query(
    `SELECT m.id, m.name, m.units FROM measurement_metrics m
     JOIN unnest($1::varchar[], $2::varchar[]) AS k(name, units) ON k.name = m.name AND k.units = m.units`,
    [names, units],
  );
  for (const row of rows.rows) metricIds.set(`${row.name}|${row.units}`, row.id);
}

function toAlert(row, base) {
  const alert = {
    id: row.id,
    groupId: row.group_id,
    alertConfigId: row.alert_config_id,
    eventTypeName: row.event_type_name,
    status: row.status,
    created: iso(row.created),
    updated: iso(row.updated),
    tags: row.tags,
    links: [{ href: `${base}${API}/groups/${row.group_id}/alerts/${row.id}`, rel: 'self' }],
  };
  if (row.last_notified) alert.lastNotified = iso(row.last_notified);
  if (row.resolved) alert.resolved = iso(row.resolved);
  if (row.acknowledged_until) {
    alert.acknowledgedUntil = iso(row.acknowledged_until);
    alert.acknowledgementComment = row.acknowledgement_comment;
    alert.acknowledgingUsername = row.acknowledging_username;
  }
  if (row.current_value_number !== null) {
    alert.currentValue = { number: row.current_value_number, units: row.current_value_units };
  }
  for (const [column, field] of [
    ['host_id', 'hostId'],
    ['hostname_and_port', 'hostnameAndPort'],
    ['metric_name', 'metricName'],
    ['replica_set_name', 'replicaSetName'],
    ['cluster_id', 'clusterId'],
    ['cluster_name', 'clusterName'],
  ]) {
    if (row[column] !== null) alert[field] = row[column];
  }
  return alert;
}

function toAlertConfig(row, base) {
  const config = {
    created: iso(row.created),
    enabled: row.enabled,
    eventTypeName: row.event_type_name,
    groupId: row.group_id,
    id: row.id,
    links: [{ href: `${base}${API}/groups/${row.group_id}/alertConfigs/${row.id}`, rel: 'self' }],
    matchers: row.matchers,
    notifications: row.notifications,
    updated: iso(row.updated),
  };
  if (row.metric_threshold) config.metricThreshold = row.metric_threshold;
  if (row.threshold) config.threshold = row.threshold;
  return config;
}

async function inTransaction(pool, work) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

const INSERT_EVENT = `INSERT INTO events (id, event_type_name, created, org_id, group_id, alert_id, alert_config_id,
  remote_address, subject, raw) VALUES ($1, $2, $3, (SELECT org_id FROM projects WHERE id = $4), $4, $5, $6, '127.0.0.1', '{}', $7)`;

function pageLinks(base, path, pageNum, itemsPerPage, totalCount) {
  const href = (n) => `${base}${API}${path}?pageNum=${n}&itemsPerPage=${itemsPerPage}`;
  const links = [{ href: href(pageNum), rel: 'self' }];
  if (pageNum > 1) links.push({ href: href(pageNum - 1), rel: 'previous' });
  if (pageNum * itemsPerPage < totalCount) links.push({ href: href(pageNum + 1), rel: 'next' });
  return links;
}

const handlers = [
  {
    method: 'GET',
    path: new RegExp(`^${API}/groups/${ID}/alerts/${ID}$`),
    async run({ pool, match, base }) {
      const { rows } = await pool.query('SELECT * FROM alerts WHERE id = $1 AND group_id = $2', [
        match[2],
        match[1],
      ]);
      return rows.length ? { status: 200, json: toAlert(rows[0], base) } : { status: 404 };
    },
  },
  {
    method: 'PATCH',
    path: new RegExp(`^${API}/groups/${ID}/alerts/${ID}$`),
    async run({ pool, match, body, base }) {
      const request = JSON.parse(body);
      const ack = request.acknowledgedUntil !== undefined;
      return inTransaction(pool, async (client) => {
        const now = new Date();
        const { rows } = await client.query(
          `UPDATE alerts SET updated = $1, acknowledged_until = $2, acknowledgement_comment = $3, acknowledging_username = $4
           WHERE id = $5 AND group_id = $6 RETURNING *`,
          [
            now,
            ack ? new Date(request.acknowledgedUntil) : null,
            ack ? request.acknowledgementComment : null,
            ack ? 'floor' : null,
            match[2],
            match[1],
          ],
        );
        if (rows.length === 0) return { status: 404 };
        await client.query(INSERT_EVENT, [
          objectId(),
          ack ? 'ALERT_ACKNOWLEDGED_AUDIT' : 'ALERT_UNACKNOWLEDGED_AUDIT',
          now,
          match[1],
          match[2],
          rows[0].alert_config_id,
          body,
        ]);
        return { status: 200, json: toAlert(rows[0], base) };
      });
    },
  },
  {
    method: 'PUT',
    path: new RegExp(`^${API}/groups/${ID}/alertConfigs/${ID}$`),
    async run({ pool, match, body, base }) {
      const request = JSON.parse(body);
      return inTransaction(pool, async (client) => {
        const now = new Date();
        const { rows } = await client.query(
          `UPDATE alert_configs SET enabled = $1, matchers = $2, metric_threshold = $3, notifications = $4, updated = $5
           WHERE id = $6 AND group_id = $7 RETURNING *`,
          [
            request.enabled,
            JSON.stringify(request.matchers || []),
            JSON.stringify(request.metricThreshold || null),
            JSON.stringify(request.notifications),
            now,
            match[2],
            match[1],
          ],
        );
        if (rows.length === 0) return { status: 404 };
        await client.query(INSERT_EVENT, [
          objectId(),
          'ALERT_CONFIG_CHANGED_AUDIT',
          now,
          match[1],
          null,
          match[2],
          body,
        ]);
        return { status: 200, json: toAlertConfig(rows[0], base) };
      });
    },
  },
  {
    method: 'GET',
    path: new RegExp(`^${API}/groups/${ID}/events$`),
    async run({ pool, match, url, base }) {
      const groupId = match[1];
      const pageNum = Number(url.searchParams.get('pageNum') || 1);
      const itemsPerPage = Number(url.searchParams.get('itemsPerPage') || 100);
      const min = url.searchParams.get('minDate');
      const max = url.searchParams.get('maxDate');
      const filter = {
        scope: { groupId },
        eventTypes: url.searchParams.getAll('eventType'),
        from: min ? new Date(`${min}T00:00:00Z`) : undefined,
        until: max ? new Date(new Date(`${max}T00:00:00Z`).getTime() + 86_400_000) : undefined,
      };
      // The service's one statement of page and count (the count alone only past the last page).
      const page = eventPageWithCountQuery(filter, (pageNum - 1) * itemsPerPage, itemsPerPage);
      const { rows } = await pool.query(page.sql, page.params);
      const count = eventCountQuery(filter);
      const totalCount =
        rows.length > 0 ? rows[0].totalCount : (await pool.query(count.sql, count.params)).rows[0].count;
      const links = (row) => [{ href: `${base}${API}/groups/${groupId}/events/${row.id}`, rel: 'self' }];
      return {
        status: 200,
        json: {
          links: pageLinks(base, `/groups/${groupId}/events`, pageNum, itemsPerPage, totalCount),
          results: rows.map((row) => toEventResponse(row, links(row), false)),
          totalCount,
        },
      };
    },
  },
  {
    method: 'GET',
    path: new RegExp(`^${API}/orgs/${ID}/apiKeys$`),
    async run({ pool, match, base }) {
      const orgId = match[1];
      const keys = await pool.query(
        `SELECT id, public_key, description, org_id, private_key_tail, created_at FROM api_keys WHERE org_id = $1
         ORDER BY created_at ASC, id ASC LIMIT 100 OFFSET 0`,
        [orgId],
      );
      const roles = await pool.query(
        'SELECT api_key_id, role_name, org_id, group_id FROM api_key_roles WHERE api_key_id = ANY($1)',
        [keys.rows.map((row) => row.id)],
      );
      const results = keys.rows.map((key) => ({
        desc: key.description,
        id: key.id,
        links: [{ href: `${base}${API}/orgs/${orgId}/apiKeys/${key.id}`, rel: 'self' }],
        privateKey: `********-****-****-${key.private_key_tail}`,
        publicKey: key.public_key,
        roles: roles.rows
          .filter((role) => role.api_key_id === key.id)
          .map((role) =>
            role.group_id
              ? { groupId: role.group_id, roleName: role.role_name }
              : { orgId: role.org_id, roleName: role.role_name },
          ),
      }));
      return {
        status: 200,
        json: {
          links: pageLinks(base, `/orgs/${orgId}/apiKeys`, 1, 100, results.length),
          results,
          totalCount: results.length,
        },
      };
    },
  },
  {
    method: 'POST',
    path: new RegExp(`^/agents/v1/groups/${ID}/reports$`),
    async run({ pool, match, body }) {
      const groupId = match[1];
      const report = JSON.parse(body);
      await loadMetricIds(pool, report);
      await inTransaction(pool, async (client) => {
        const now = new Date();
        await client.query(
          `INSERT INTO agents (group_id, agent_type, hostname, version, state, version_state, first_seen, last_seen)
           VALUES ($1, $2, $3, $4, 'UP', 'CURRENT', $5, $5)
           ON CONFLICT (group_id, agent_type, hostname) DO UPDATE SET version = EXCLUDED.version, last_seen = EXCLUDED.last_seen`,
          [groupId, report.agentType, report.hostname, report.version, now],
        );
        const hosts = await client.query(
          `INSERT INTO hosts (id, group_id, hostname, port, type_name, replica_set_name, up, monitored, alerts_enabled,
             logs_enabled, profiler_enabled, ssl_enabled, created, last_ping, last_reported)
           SELECT r.id, $1, r.hostname, r.port, r.type_name, r.replica_set_name, r.up, true, true, false, false, false, $2, $2, $2
           FROM jsonb_to_recordset($3::jsonb) AS r(id char(24), hostname varchar, port integer, type_name varchar,
             replica_set_name varchar, up boolean)
           ON CONFLICT (group_id, hostname, port) DO UPDATE SET type_name = EXCLUDED.type_name, up = EXCLUDED.up,
             last_ping = EXCLUDED.last_ping, last_reported = EXCLUDED.last_reported
           RETURNING id, hostname, port`,
          [
            groupId,
            now,
            JSON.stringify(
              report.hosts.map((h) => ({
                ...h,
                id: objectId(),
                type_name: h.typeName,
                replica_set_name: h.replicaSetName,
              })),
            ),
          ],
        );
        const idOf = new Map(hosts.rows.map((row) => [`${row.hostname}:${row.port}`, row.id]));
        // One row per host and instant, its metrics as parallel arrays of dictionary ids and values (the
        // dictionary's ids are read once per pair and kept, as the service does).
        const rows = new Map();
        const latest = [[], [], [], [], []];
        for (const host of report.hosts) {
          const hostId = idOf.get(`${host.hostname}:${host.port}`);
          for (const m of host.measurements) {
            const key = `${hostId}|${m.timestamp}`;
            if (!rows.has(key))
              rows.set(key, { host_id: hostId, ts: m.timestamp, metric_ids: [], metric_values: [] });
            rows.get(key).metric_ids.push(metricIds.get(`${m.metricName}|${m.units}`));
            rows.get(key).metric_values.push(m.value);
            latest[0].push(hostId);
            latest[1].push(m.metricName);
            latest[2].push(m.timestamp);
            latest[3].push(m.units);
            latest[4].push(m.value);
          }
        }
        await client.query(
          `INSERT INTO measurements (host_id, ts, metric_ids, metric_values)
           SELECT * FROM json_to_recordset($1::json) AS r(host_id char(24), ts timestamptz, metric_ids integer[], metric_values float8[])
           ON CONFLICT (host_id, ts) DO UPDATE SET metric_ids = EXCLUDED.metric_ids, metric_values = EXCLUDED.metric_values`,
          [JSON.stringify([...rows.values()])],
        );
        await client.query(
          `INSERT INTO latest_measurements (host_id, metric_name, ts, units, value, group_id)
           SELECT DISTINCT ON (r.host_id, r.metric_name) r.*, $6 FROM unnest($1::char(24)[], $2::varchar[], $3::timestamptz[], $4::varchar[], $5::float8[])
             AS r(host_id, metric_name, ts, units, value) ORDER BY r.host_id, r.metric_name, r.ts DESC
           ON CONFLICT (host_id, metric_name) DO UPDATE SET ts = EXCLUDED.ts, units = EXCLUDED.units, value = EXCLUDED.value
           WHERE latest_measurements.ts <= EXCLUDED.ts`,
          [...latest, groupId],
        );
        // Alert evaluation's reads: the enabled configurations and the active alerts of these hosts.
        await client.query('SELECT * FROM alert_configs WHERE group_id = $1 AND enabled', [groupId]);
        await client.query(
          `SELECT id, alert_config_id, status, target_key, created FROM alerts
           WHERE group_id = $1 AND target_key = ANY($2) AND status IN ('TRACKING', 'OPEN')`,
          [groupId, hosts.rows.map((row) => row.id)],
        );
      });
      return { status: 202, json: undefined };
    },
  },
];

module.exports = { handlers };
