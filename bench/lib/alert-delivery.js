'use strict';
/* global clearTimeout */
// Alert delivery scenarios, end to end against the running service: agent reports in, webhooks out to a
// local receiver (node:http in this process; the service must run with OUTBOUND_ALLOWLIST=127.0.0.1:*, any port).
// 1. "report crossing a threshold -> webhook received": one host's report goes above a CONNECTIONS
//    threshold; timed from sending the report to the receiver holding the alert.open webhook. Each round
//    first reports the host back below the threshold and waits for the alert.close, so every crossing
//    opens a new alert.
// 2. "alert storm": one report in which 1,000 hosts cross the threshold at once (1,000 alerts opening in
//    one transaction), timed until the receiver holds all 1,000 alert.open webhooks.
const { createServer } = require('node:http');
const { performance } = require('node:perf_hooks');
const { DigestApi } = require('./digest');
const { postReport } = require('./dataset');

const THRESHOLD = 500;

function startReceiver() {
  const waiters = [];
  const received = [];
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const at = performance.now();
      let body;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = undefined;
      }
      received.push({ at, path: request.url, event: request.headers['x-mms-event'], body });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      for (const waiter of waiters.splice(0)) waiter();
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        url: (path) => `http://127.0.0.1:${port}${path}`,
        received,
        // Resolves with the first request after index `from` that `match` accepts.
        async next(from, match, timeoutMs = 30_000) {
          const deadline = Date.now() + timeoutMs;
          for (;;) {
            const found = received.slice(from).find(match);
            if (found) return found;
            const left = deadline - Date.now();
            if (left <= 0) throw new Error('the webhook did not arrive in time');
            await new Promise((done) => {
              const timer = setTimeout(done, left);
              waiters.push(() => {
                clearTimeout(timer);
                done();
              });
            });
          }
        },
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(done);
          }),
      });
    });
  });
}

function iso(ms) {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function report(hosts, connections) {
  const at = Date.now();
  return {
    agentType: 'MONITORING',
    hostname: 'agent-alerts.bench.internal',
    version: '107.0.0.8465-1',
    hosts: hosts.map((hostname) => ({
      hostname,
      port: 27017,
      typeName: 'REPLICA_PRIMARY',
      replicaSetName: 'rs-alerts',
      up: true,
      measurements: [{ metricName: 'CONNECTIONS', units: 'SCALAR', value: connections, timestamp: iso(at) }],
    })),
  };
}

async function projectWithWebhook(api, orgId, name, webhookUrl) {
  const group = await api.call('POST', '/groups', { name, orgId });
  await api.call('POST', `/groups/${group.id}/alertConfigs`, {
    eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
    enabled: true,
    metricThreshold: {
      metricName: 'CONNECTIONS',
      mode: 'AVERAGE',
      operator: 'GREATER_THAN',
      threshold: THRESHOLD,
      units: 'RAW',
    },
    notifications: [{ typeName: 'WEBHOOK', webhookUrl, delayMin: 0, intervalMin: 60 }],
  });
  const agentKey = (await api.call('POST', `/groups/${group.id}/agentapikeys`, { desc: 'alert bench' })).key;
  return { groupId: group.id, agentKey };
}

function percentile(sorted, p) {
  if (sorted.length === 0) return undefined;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)] * 10) / 10;
}

async function crossingToWebhook(baseUrl, api, orgId, receiver, rounds) {
  const path = '/crossing';
  const project = await projectWithWebhook(api, orgId, 'bench-alert-crossing', receiver.url(path));
  const hosts = ['crossing0.bench.internal'];
  const send = (connections) =>
    postReport(baseUrl, project.groupId, project.agentKey, report(hosts, connections));
  await send(THRESHOLD - 100);
  const latencies = [];
  for (let round = 0; round < rounds; round++) {
    const from = receiver.received.length;
    const started = performance.now();
    await send(THRESHOLD + 100);
    const open = await receiver.next(from, (r) => r.path === path && r.event === 'alert.open');
    latencies.push(open.at - started);
    const closing = receiver.received.length;
    await send(THRESHOLD - 100);
    await receiver.next(closing, (r) => r.path === path && r.event === 'alert.close');
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    rounds,
    medianMs: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: Math.round(sorted[sorted.length - 1] * 10) / 10,
  };
}

async function alertStorm(baseUrl, api, orgId, receiver, size) {
  const path = '/storm';
  const project = await projectWithWebhook(api, orgId, 'bench-alert-storm', receiver.url(path));
  const hosts = Array.from({ length: size }, (_, i) => `storm${i}.bench.internal`);
  // The hosts are known before the storm: what is timed is the alerts, not the hosts' first report.
  await postReport(baseUrl, project.groupId, project.agentKey, report(hosts, THRESHOLD - 100));
  const from = receiver.received.length;
  const started = performance.now();
  await postReport(baseUrl, project.groupId, project.agentKey, report(hosts, THRESHOLD + 100));
  const reportMs = performance.now() - started;
  const seen = new Set();
  let last;
  let first;
  while (seen.size < size) {
    const next = await receiver.next(
      from,
      (r) => r.path === path && r.event === 'alert.open' && !seen.has(r.body && r.body.hostnameAndPort),
      120_000,
    );
    seen.add(next.body.hostnameAndPort);
    first = first === undefined ? next.at : Math.min(first, next.at);
    last = last === undefined ? next.at : Math.max(last, next.at);
  }
  const allMs = last - started;
  return {
    alerts: size,
    delivered: seen.size,
    reportMs: Math.round(reportMs),
    firstWebhookMs: Math.round(first - started),
    allDeliveredMs: Math.round(allMs),
    deliveriesPerSec: Math.round((size * 1000) / Math.max(1, last - first)),
  };
}

// options: { baseUrl, owner, orgId, rounds, stormSize }
async function measureAlertDelivery({ baseUrl, owner, orgId, rounds = 50, stormSize = 1000 }) {
  const api = new DigestApi(baseUrl, owner);
  const receiver = await startReceiver();
  try {
    const crossing = await crossingToWebhook(baseUrl, api, orgId, receiver, rounds);
    const storm = await alertStorm(baseUrl, api, orgId, receiver, stormSize);
    return { crossing, storm };
  } finally {
    await receiver.close();
  }
}

module.exports = { measureAlertDelivery };
