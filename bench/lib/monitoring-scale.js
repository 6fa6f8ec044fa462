'use strict';
/* global clearInterval, clearTimeout, setInterval */
// Monitoring at scale (opt-in: `npm run bench -- --scale 1000,5000,10000 [--scale-duration 300]
// [--scale-partition-minutes N] [--scale-retention-hours N]`): simulated monitoring agents report their hosts
// every 10 s, 100 hosts a report and 15 samples a host, to a project with 50 enabled alert configurations
// (30 metric thresholds, 20 host, replica set, agent and informational events; a third with matchers), for
// the given duration per host count. The agents' reports are spread evenly over the 10 s (hosts / 100
// agents, one report per agent per interval), sent on keep-alive connections, each agent sending its next
// report when it is due whether or not its last one was answered, as agents do. The two options are
// the service's MEASUREMENT_PARTITION_MINUTES and MEASUREMENT_RETENTION_HOURS (scripts/bench.js passes them;
// unset, the service's defaults): narrow partitions and a short retention let a run of a few hours see the
// retention job drop partitions while the agents write. Per host count: the reports sent and answered,
// report latency p50/p99/max, the largest number of reports in flight in the first and in the last minute
// (a growing backlog means the service does not keep up), the service's CPU use (of one core), the
// machine's, and peak RSS; and per minute: p99 of the reports sent in it, in-flight peak, RSS, machine
// CPU, WAL written (pg_current_wal_lsn), the number of `measurements` partitions, their size (tables and
// indexes of every partition present at that minute, those created during the run included), the
// database's size (pg_database_size), the partitions dropped since the previous minute, and the net growth
// of `measurements` per sample stored (it falls when a partition is dropped). "Flat" is judged on the
// first and last minute's p99, sizes and WAL. Written vs read back: for TRACKED_HOSTS hosts picked at
// random, every sample instant sent in a report answered 202 is remembered; at the end the database is
// read for those hosts, and each instant written within [end - retention, end] (retention from the
// option, else the service's default of 14 days) must be there with all its samples: `lost` must be 0.
// Instants written before that window are counted apart (a whole partition is dropped only once its
// upper bound is out of retention, so they may still be there). "Keeps up" = every report answered 202,
// the last minute's in-flight peak no larger than the first minute's (+2), p99 <= 500 ms, RSS <= 300 MB.
const http = require('node:http');
const { readFileSync } = require('node:fs');
const { performance } = require('node:perf_hooks');
const { Client } = require('pg');
const { METRICS } = require('./dataset');
const { DigestApi } = require('./digest');
const { cpuMs, procStatus } = require('./service');

const INTERVAL_MS = 10_000;
const HOSTS_PER_REPORT = 100;
// The data set's fifteen metrics, one sample of each per host and report.
const SAMPLES_PER_HOST = METRICS.length;
const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
// Hosts whose written samples are read back at the end: enough to catch a lost partition or report, few
// enough that remembering every instant of a two-hour run costs the bench nothing.
const TRACKED_HOSTS = 200;
// The service's raw retention when MEASUREMENT_RETENTION_HOURS is not given.
const DEFAULT_RETENTION_HOURS = 14 * 24;
const HOST_EVENTS = [
  'HOST_DOWN',
  'HOST_RECOVERING',
  'HOST_SSL_CERTIFICATE_STALE',
  'HOST_NOW_PRIMARY',
  'HOST_NOW_SECONDARY',
  'HOST_RESTARTED',
];

// 50 configurations: 30 metric thresholds (two per metric, 10 with matchers) and 20 of other sources
// (host, replica set and agent events and conditions, informational events; the 6 host events with
// matchers).
function alertConfigs() {
  const matchers = [
    [{ fieldName: 'HOSTNAME', operator: 'STARTS_WITH', value: 'scale' }],
    [{ fieldName: 'TYPE_NAME', operator: 'EQUALS', value: 'PRIMARY' }],
    [{ fieldName: 'REPLICA_SET_NAME', operator: 'CONTAINS', value: 'rs-1' }],
    [{ fieldName: 'PORT', operator: 'EQUALS', value: '27017' }],
    [{ fieldName: 'HOSTNAME', operator: 'REGEX', value: '^scale[0-9]+7\\.' }],
    [
      { fieldName: 'HOSTNAME', operator: 'ENDS_WITH', value: '.scale.internal' },
      { fieldName: 'TYPE_NAME', operator: 'NOT_EQUALS', value: 'ARBITER' },
    ],
    [{ fieldName: 'HOSTNAME_AND_PORT', operator: 'NOT_CONTAINS', value: ':28017' }],
  ];
  const email = [{ typeName: 'EMAIL', emailAddress: 'oncall@example.com', delayMin: 0, intervalMin: 60 }];
  const metric = Array.from({ length: 30 }, (_, i) => ({
    eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
    enabled: true,
    ...(i % 3 === 0 ? { matchers: matchers[(i / 3) % matchers.length] } : {}),
    metricThreshold: {
      metricName: METRICS[i % METRICS.length],
      mode: 'AVERAGE',
      operator: i < METRICS.length ? 'GREATER_THAN' : 'LESS_THAN',
      // Never crossed by the values the agents send, except CONNECTIONS above 900 by 1 host in 200
      // (those alerts open once). units omitted: the metric's own family's default (RAW, BYTES, ...).
      threshold: i === 0 ? 900 : i < METRICS.length ? 1_000_000_000 : -1,
    },
    notifications: email,
  }));
  const threshold = {
    TOO_FEW_HEALTHY_MEMBERS: { operator: 'LESS_THAN', threshold: 1, units: 'RAW' },
    TOO_MANY_UNHEALTHY_MEMBERS: { operator: 'GREATER_THAN', threshold: 2, units: 'RAW' },
  };
  const events = [
    'HOST_DOWN',
    'HOST_RECOVERING',
    'HOST_SSL_CERTIFICATE_STALE',
    'NO_PRIMARY',
    'MULTIPLE_PRIMARIES',
    'TOO_FEW_HEALTHY_MEMBERS',
    'TOO_MANY_UNHEALTHY_MEMBERS',
    'CLUSTER_MONGOS_IS_MISSING',
    'MONITORING_AGENT_DOWN',
    'AUTOMATION_AGENT_DOWN',
    'BACKUP_AGENT_DOWN',
    'HOST_NOW_PRIMARY',
    'HOST_NOW_SECONDARY',
    'HOST_RESTARTED',
    'VERSION_CHANGED',
    'PRIMARY_ELECTED',
    'NEW_AGENT',
    'MONITORING_AGENT_UP',
    'ADD_HOST_AUDIT',
    'DELETE_HOST_AUDIT',
  ].map((eventTypeName) => ({
    eventTypeName,
    enabled: true,
    // Host matchers (hostname, type, replica set) on the host events.
    ...(HOST_EVENTS.includes(eventTypeName)
      ? { matchers: matchers[HOST_EVENTS.indexOf(eventTypeName) % 3] }
      : {}),
    ...(threshold[eventTypeName] ? { threshold: threshold[eventTypeName] } : {}),
    notifications: email,
  }));
  return [...metric, ...events];
}

function iso(ms) {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

// Agent `a`'s report at `at`: its 100 hosts, 15 samples each (one per metric, at the report's instant).
// Replica set rs-k is hosts 3k (its primary), 3k + 1 and 3k + 2.
function reportBody(a, at) {
  const ts = iso(at);
  const hosts = [];
  for (let h = 0; h < HOSTS_PER_REPORT; h++) {
    const n = a * HOSTS_PER_REPORT + h;
    const measurements = [];
    for (let m = 0; m < SAMPLES_PER_HOST; m++) {
      const metricName = METRICS[m];
      const value =
        metricName === 'CONNECTIONS'
          ? n % 200 === 0
            ? 1000
            : 100 + (n % 50)
          : 1000 + ((n * 31 + m * 7 + at / 1000) % 5000);
      measurements.push({ metricName, units: 'SCALAR', value, timestamp: ts });
    }
    hosts.push({
      hostname: hostnameOf(n),
      port: 27017,
      typeName: n % 3 === 0 ? 'REPLICA_PRIMARY' : 'REPLICA_SECONDARY',
      replicaSetName: `rs-${Math.floor(n / 3)}`,
      up: true,
      measurements,
    });
  }
  return JSON.stringify({
    agentType: 'MONITORING',
    hostname: `agent${a}.scale.internal`,
    version: '107.0.0.8465-1',
    hosts,
  });
}

function post(agent, baseUrl, path, authorization, body) {
  return new Promise((resolve) => {
    const request = http.request(
      `${baseUrl}${path}`,
      {
        method: 'POST',
        agent,
        headers: {
          authorization,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
      },
    );
    request.on('error', () => resolve(0));
    request.end(body);
  });
}

function percentile(sorted, p) {
  if (sorted.length === 0) return undefined;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)]);
}

// Busy and total jiffies of the whole machine (/proc/stat): every process, Postgres and this one included.
function machineCpu() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  return { busy: total - (fields[3] || 0) - (fields[4] || 0), total };
}

function lsnBytes(lsn) {
  const [high, low] = lsn.split('/');
  return parseInt(high, 16) * 2 ** 32 + parseInt(low, 16);
}

// WAL position, the database's bytes, and the partitions of `measurements` with their bytes (table, TOAST
// and indexes), in one statement: the retention job may drop a partition between the catalog read and its
// sizing, and pg_total_relation_size answers NULL for a relation gone meanwhile (left out of both the sum
// and the names) instead of failing.
async function databaseFigures(db) {
  const { rows } = await db.query(
    `SELECT pg_current_wal_lsn()::text AS lsn,
       pg_database_size(current_database())::bigint AS database_bytes,
       coalesce(sum(p.bytes), 0)::bigint AS bytes,
       coalesce(array_agg(p.name ORDER BY p.name) FILTER (WHERE p.bytes IS NOT NULL), '{}') AS partitions
     FROM (SELECT c.relname::text AS name, pg_total_relation_size(c.oid) AS bytes
           FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
           WHERE i.inhparent = 'measurements'::regclass) p`,
  );
  const row = rows[0];
  return {
    wal: lsnBytes(row.lsn),
    bytes: Number(row.bytes),
    databaseBytes: Number(row.database_bytes),
    partitions: row.partitions,
  };
}

// The partitions listed `before` and no longer `after`: what the retention job dropped in between.
function droppedBetween(before, after) {
  const present = new Set(after.partitions);
  return before.partitions.filter((name) => !present.has(name));
}

// `size` host numbers of 0..hosts-1 picked at random (all of them when there are fewer).
function sampleHosts(hosts, size) {
  const numbers = Array.from({ length: hosts }, (_, n) => n);
  for (let i = 0; i < Math.min(size, hosts); i++) {
    const j = i + Math.floor(Math.random() * (hosts - i));
    [numbers[i], numbers[j]] = [numbers[j], numbers[i]];
  }
  return numbers.slice(0, Math.min(size, hosts));
}

function hostnameOf(n) {
  return `scale${n}.scale.internal`;
}

// The instants (epoch seconds) the database holds for the tracked hosts, per host number, of the rows
// holding every one of the report's samples (a row missing some counts as not read back), and the number
// of rows missing some.
async function storedInstants(db, groupId, numbers) {
  const { rows } = await db.query(
    `SELECT h.hostname,
       coalesce(array_agg(extract(epoch FROM m.ts)::bigint) FILTER (WHERE cardinality(m.metric_values) >= $3),
                '{}') AS instants,
       count(m.ts) FILTER (WHERE cardinality(m.metric_values) < $3)::int AS incomplete
     FROM hosts h LEFT JOIN measurements m ON m.host_id = h.id
     WHERE h.group_id = $1 AND h.port = 27017 AND h.hostname = ANY ($2)
     GROUP BY h.hostname`,
    [groupId, numbers.map(hostnameOf), SAMPLES_PER_HOST],
  );
  const byNumber = new Map(numbers.map((n) => [n, new Set()]));
  let incomplete = 0;
  for (const row of rows) {
    const n = Number(/^scale(\d+)\./.exec(row.hostname)[1]);
    byNumber.set(n, new Set(row.instants.map(Number)));
    incomplete += row.incomplete;
  }
  return { byNumber, incomplete };
}

// Written vs read back: every instant written (answered 202) within [end - retention, end] must be
// stored; instants written before the window are counted apart, as are stored instants the bench never
// saw answered 202 (a report that failed after its commit, or the bench's own bookkeeping gone wrong).
async function readBack({ db, groupId, written, retentionHours }) {
  const endMs = Date.now();
  const fromS = Math.ceil((endMs - retentionHours * HOUR_MS) / 1000);
  const numbers = [...written.keys()];
  const stored = await storedInstants(db, groupId, numbers);
  const figures = { writtenInWindow: 0, readBack: 0, lost: 0, writtenOlder: 0, olderStillStored: 0 };
  let storedNotWritten = 0;
  for (const n of numbers) {
    const instants = written.get(n);
    const kept = stored.byNumber.get(n);
    for (const at of instants) {
      const inWindow = at >= fromS;
      const found = kept.has(at);
      if (inWindow) {
        figures.writtenInWindow++;
        if (found) figures.readBack++;
        else figures.lost++;
      } else {
        figures.writtenOlder++;
        if (found) figures.olderStillStored++;
      }
    }
    for (const at of kept) if (!instants.has(at)) storedNotWritten++;
  }
  return {
    trackedHosts: numbers.length,
    retentionHours,
    windowFrom: iso(fromS * 1000),
    windowTo: iso(endMs),
    ...figures,
    incompleteRows: stored.incomplete,
    storedNotWritten,
    nothingLost: figures.lost === 0,
  };
}

async function setUpProject(api, orgId, hosts) {
  const group = await api.call('POST', '/groups', { name: `bench-scale-${hosts}-${Date.now()}`, orgId });
  for (const config of alertConfigs()) await api.call('POST', `/groups/${group.id}/alertConfigs`, config);
  const agentKey = (await api.call('POST', `/groups/${group.id}/agentapikeys`, { desc: 'scale bench' })).key;
  return { groupId: group.id, agentKey };
}

// One host count for `durationS` seconds, against a fresh project.
async function runLevel({ baseUrl, api, orgId, pid, db, hosts, durationS, retentionHours }) {
  const project = await setUpProject(api, orgId, hosts);
  const agents = Math.max(1, Math.ceil(hosts / HOSTS_PER_REPORT));
  const path = `/agents/v1/groups/${project.groupId}/reports`;
  const authorization = `Basic ${Buffer.from(`${project.groupId}:${project.agentKey}`).toString('base64')}`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: agents });
  // The tracked hosts' written instants (epoch seconds: a report's timestamps are whole seconds), by
  // agent so that an answered report costs a few Set insertions. A Set, since an instant written twice
  // (an agent's first two reports within a second) is one row.
  const written = new Map(sampleHosts(hosts, TRACKED_HOSTS).map((n) => [n, new Set()]));
  const trackedOf = Array.from({ length: agents }, () => []);
  for (const n of written.keys()) trackedOf[Math.floor(n / HOSTS_PER_REPORT)].push(n);
  const remember = (a, at) => {
    for (const n of trackedOf[a]) written.get(n).add(Math.floor(at / 1000));
  };
  // The hosts' first reports (their upserts) are not part of the steady state measured; their samples are
  // stored all the same, so they count as written.
  for (let a = 0; a < agents; a++) {
    const at = Date.now();
    if ((await post(agent, baseUrl, path, authorization, reportBody(a, at))) === 202) remember(a, at);
  }

  // The measurements API read while the agents report: a random known host's last hour at PT1M and last
  // day at PT5M, alternately, twice a second (the day holds only what this run wrote).
  const knownHosts = (await api.call('GET', `/groups/${project.groupId}/hosts?itemsPerPage=500`)).results.map(
    (host) => host.id,
  );
  const reads = { hour: [], day: [] };
  const readsByMinute = [];
  let readFailures = 0;
  let reading = false;
  const readOnce = async (n) => {
    if (reading) return;
    reading = true;
    const kind = n % 2 === 0 ? 'hour' : 'day';
    const query = kind === 'hour' ? 'period=PT1H&granularity=PT1M' : 'period=P1D&granularity=PT5M';
    const hostId = knownHosts[n % knownHosts.length];
    const t0 = performance.now();
    try {
      await api.call('GET', `/groups/${project.groupId}/hosts/${hostId}/measurements?${query}`);
      const ms = performance.now() - t0;
      reads[kind].push(ms);
      const minute = Math.floor((t0 - started) / MINUTE_MS);
      (readsByMinute[minute] = readsByMinute[minute] || []).push(ms);
    } catch {
      readFailures++;
    } finally {
      reading = false;
    }
  };
  let readCount = 0;
  const latencies = [];
  const latenciesByMinute = [];
  const inFlightPeaks = [];
  const slowestPerWindow = [];
  let inFlight = 0;
  let sent = 0;
  let answered = 0;
  let failed = 0;
  let peakRssKb = procStatus(pid).rssKb;
  let samplesStored = 0;
  const minutes = [];
  const atStart = await databaseFigures(db);
  // Every partition seen during the run: those gone at the end were dropped by the retention job.
  const partitionsSeen = new Set(atStart.partitions);
  const machineBefore = machineCpu();
  let previous = { ...atStart, machine: machineBefore, cpu: cpuMs(pid), at: performance.now() };
  // One line a minute: what the minute cost the database, and where the backlog and latency stand.
  const minuteFigures = async () => {
    const now = {
      ...(await databaseFigures(db)),
      machine: machineCpu(),
      cpu: cpuMs(pid),
      at: performance.now(),
    };
    const minute = minutes.length;
    const sorted = [...(latenciesByMinute[minute] || [])].sort((x, y) => x - y);
    const seconds = inFlightPeaks.slice(minute * 60, minute * 60 + 60).map((v) => v || 0);
    const elapsedS = (now.at - previous.at) / 1000;
    minutes.push({
      minute: minute + 1,
      reportsSent: sorted.length,
      p99Ms: percentile(sorted, 99),
      inFlightPeak: Math.max(0, ...seconds),
      rssMb: Math.round(procStatus(pid).rssKb / 1024),
      machineCpuPercent: Math.round(
        (100 * (now.machine.busy - previous.machine.busy)) /
          Math.max(1, now.machine.total - previous.machine.total),
      ),
      serviceCpuPercentOfOneCore: Math.round((100 * (now.cpu - previous.cpu)) / (elapsedS * 1000)),
      walMb: Math.round((now.wal - previous.wal) / 1e5) / 10,
      walMbPerSec: Math.round((now.wal - previous.wal) / 1e4 / elapsedS) / 100,
      measurementsMb: Math.round(now.bytes / 1e5) / 10,
      partitions: now.partitions.length,
      // Non-empty marks a minute in which the retention job dropped partitions.
      partitionsDropped: droppedBetween(previous, now),
      databaseMb: Math.round(now.databaseBytes / 1e5) / 10,
      samplesStored,
      bytesPerSample:
        samplesStored > 0 ? Math.round((10 * (now.bytes - atStart.bytes)) / samplesStored) / 10 : 0,
      walBytesPerSample: samplesStored > 0 ? Math.round((now.wal - atStart.wal) / samplesStored) : 0,
      measurementsApiP99Ms: percentile(
        [...(readsByMinute[minute] || [])].sort((x, y) => x - y),
        99,
      ),
    });
    for (const name of now.partitions) partitionsSeen.add(name);
    previous = now;
  };
  let minuteQueue = Promise.resolve();
  const minuteTimer = setInterval(() => {
    minuteQueue = minuteQueue.then(minuteFigures);
  }, MINUTE_MS);
  const started = performance.now();
  const cpuBefore = cpuMs(pid);
  const endAt = started + durationS * 1000;
  const pending = [];
  const reader = setInterval(() => {
    readOnce(readCount++);
  }, 500);
  const sampler = setInterval(() => {
    peakRssKb = Math.max(peakRssKb, procStatus(pid).rssKb);
    const second = Math.floor((performance.now() - started) / 1000);
    inFlightPeaks[second] = Math.max(inFlightPeaks[second] || 0, inFlight);
  }, 100);
  const send = (a) => {
    const at = Date.now();
    const body = reportBody(a, at);
    const t0 = performance.now();
    inFlight++;
    sent++;
    pending.push(
      post(agent, baseUrl, path, authorization, body).then((status) => {
        inFlight--;
        answered++;
        if (status !== 202) failed++;
        else {
          samplesStored += HOSTS_PER_REPORT * SAMPLES_PER_HOST;
          remember(a, at);
        }
        const ms = performance.now() - t0;
        latencies.push(ms);
        const minute = Math.floor((t0 - started) / MINUTE_MS);
        (latenciesByMinute[minute] = latenciesByMinute[minute] || []).push(ms);
        // Slowest answer per 10 s window of the run, by when the report was sent: where a stall sits.
        const slot = Math.floor((t0 - started) / INTERVAL_MS);
        slowestPerWindow[slot] = Math.max(slowestPerWindow[slot] || 0, Math.round(ms));
      }),
    );
  };
  // Agent a reports at offset a/agents of each interval.
  const timers = [];
  for (let a = 0; a < agents; a++) {
    const offset = (a * INTERVAL_MS) / agents;
    timers.push(
      setTimeout(function tick() {
        if (performance.now() >= endAt) return;
        send(a);
        timers[a] = setTimeout(tick, INTERVAL_MS);
      }, offset),
    );
  }
  await new Promise((done) => setTimeout(done, durationS * 1000 + 50));
  timers.forEach((timer) => clearTimeout(timer));
  const wallS = (performance.now() - started) / 1000;
  const cpuUsed = cpuMs(pid) - cpuBefore;
  const unansweredAtEnd = inFlight;
  await Promise.all(pending);
  clearInterval(sampler);
  clearInterval(reader);
  clearInterval(minuteTimer);
  await minuteQueue;
  const machineAfter = machineCpu();
  const atEnd = await databaseFigures(db);
  for (const name of atEnd.partitions) partitionsSeen.add(name);
  agent.destroy();
  const retention = await readBack({ db, groupId: project.groupId, written, retentionHours });
  const sorted = [...latencies].sort((x, y) => x - y);
  const minute = Math.min(60, Math.floor(durationS / 3));
  const peak = (from, to) => Math.max(0, ...inFlightPeaks.slice(from, to).map((v) => v || 0));
  const firstPeak = peak(0, minute);
  const lastPeak = peak(Math.max(minute, Math.floor(wallS) - minute), Math.ceil(wallS));
  const p99 = percentile(sorted, 99);
  const peakRssMb = Math.round(peakRssKb / 1024);
  const readFigures = (list) => {
    const ordered = [...list].sort((x, y) => x - y);
    return { reads: ordered.length, p50Ms: percentile(ordered, 50), p99Ms: percentile(ordered, 99) };
  };
  const result = {
    hosts,
    agents,
    durationS,
    measurementsApi: { hour: readFigures(reads.hour), day: readFigures(reads.day), failed: readFailures },
    reportsSent: sent,
    reportsAnswered: answered,
    failed,
    unansweredAtEnd,
    reportsPerSec: Math.round((10 * sent) / wallS) / 10,
    samplesPerSec: Math.round((sent * HOSTS_PER_REPORT * SAMPLES_PER_HOST) / wallS),
    p50Ms: percentile(sorted, 50),
    p99Ms: p99,
    maxMs: Math.round(sorted[sorted.length - 1] || 0),
    inFlightPeakFirstMinute: firstPeak,
    inFlightPeakLastMinute: lastPeak,
    serviceCpuPercentOfOneCore: Math.round((100 * cpuUsed) / (wallS * 1000)),
    cpuMsPerReport: Math.round((10 * cpuUsed) / Math.max(1, sent)) / 10,
    peakRssMb,
    machineCpuPercent: Math.round(
      (100 * (machineAfter.busy - machineBefore.busy)) /
        Math.max(1, machineAfter.total - machineBefore.total),
    ),
    samplesStored,
    walMbPerSec: Math.round((atEnd.wal - atStart.wal) / 1e4 / wallS) / 100,
    walBytesPerSample: Math.round((atEnd.wal - atStart.wal) / Math.max(1, samplesStored)),
    measurementsMbAdded: Math.round((atEnd.bytes - atStart.bytes) / 1e5) / 10,
    bytesPerSample: Math.round((10 * (atEnd.bytes - atStart.bytes)) / Math.max(1, samplesStored)) / 10,
    partitionsAtStart: atStart.partitions.length,
    partitionsAtEnd: atEnd.partitions.length,
    partitionsDropped: [...partitionsSeen].filter((name) => !atEnd.partitions.includes(name)).sort(),
    databaseMbAtStart: Math.round(atStart.databaseBytes / 1e5) / 10,
    databaseMbAtEnd: Math.round(atEnd.databaseBytes / 1e5) / 10,
    retention,
    perMinute: minutes,
    slowestMsPer10s: Array.from(slowestPerWindow, (v) => v || 0),
  };
  result.keepsUp =
    failed === 0 && lastPeak <= firstPeak + 2 && p99 !== undefined && p99 <= 500 && peakRssMb <= 300;
  return result;
}

// options: { baseUrl, databaseUrl, owner, orgId, pid, levels: [hosts...], durationS, retentionHours (the
//   service's MEASUREMENT_RETENTION_HOURS when given), log }
async function measureMonitoringScale({
  baseUrl,
  databaseUrl,
  owner,
  orgId,
  pid,
  levels,
  durationS,
  retentionHours = DEFAULT_RETENTION_HOURS,
  log = () => undefined,
}) {
  const api = new DigestApi(baseUrl, owner);
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const results = [];
  try {
    for (const hosts of levels) {
      log(`monitoring at scale: ${hosts} hosts for ${durationS} s`);
      const result = await runLevel({ baseUrl, api, orgId, pid, db, hosts, durationS, retentionHours });
      for (const minute of result.perMinute) log(`  minute ${JSON.stringify(minute)}`);
      log(`  ${JSON.stringify({ ...result, perMinute: undefined })}`);
      results.push(result);
    }
  } finally {
    await db.end();
  }
  const kept = results.filter((r) => r.keepsUp).map((r) => r.hosts);
  return { levels: results, largestKeptUp: kept.length > 0 ? Math.max(...kept) : 0 };
}

module.exports = { measureMonitoringScale, alertConfigs, reportBody, setUpProject, post };
