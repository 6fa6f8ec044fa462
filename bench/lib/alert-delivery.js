'use strict';
/* global clearTimeout */
// Alert delivery scenarios, end to end against the running service: agent reports in, webhooks out to a
// local receiver (node:http in this process; the service must run with OUTBOUND_ALLOWLIST=127.0.0.1:*, any port).
// 1. "report crossing a threshold -> webhook received": one host's report goes above a CONNECTIONS
//    threshold; timed from sending the report to the receiver holding the alert.open webhook. Each round
//    first reports the host back below the threshold and waits for the alert.close, so every crossing
//    opens a new alert.
// 2. "alert storm" (STORM_VARIANTS): one report marks 1,000 hosts of 10 replica sets down (1,000 HOST_DOWN
//    alerts opening in one transaction), timed from the report's answer until the receiver holds all 1,000
//    alert.open webhooks.
const { createServer } = require('node:http');
const { performance } = require('node:perf_hooks');
const { DigestApi } = require('./digest');
const { postReport } = require('./dataset');

const THRESHOLD = 500;
const CROSSING_NAME = 'report crossing a threshold -> webhook received';
const UNDER_CAP_NAME = 'under-cap report opening 40 alerts of 25 notifications';
const UNDER_CAP = { configs: 2, notifications: 25, hosts: 20 };

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

// Connections over THRESHOLD, notified at once to each of these webhooks.
function connectionsConfig(webhookUrls) {
  return {
    eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
    enabled: true,
    metricThreshold: {
      metricName: 'CONNECTIONS',
      mode: 'AVERAGE',
      operator: 'GREATER_THAN',
      threshold: THRESHOLD,
      units: 'RAW',
    },
    notifications: webhookUrls.map((webhookUrl) => ({
      typeName: 'WEBHOOK',
      webhookUrl,
      delayMin: 0,
      intervalMin: 60,
    })),
  };
}

async function projectWithWebhook(api, orgId, name, webhookUrl) {
  const group = await api.call('POST', '/groups', { name, orgId });
  await api.call('POST', `/groups/${group.id}/alertConfigs`, connectionsConfig([webhookUrl]));
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

// The report of test/reliability/hostile-collections just under the caps: two metric configurations of 25
// webhook notifications each, one report of 20 hosts over the threshold (40 alerts, 1,000 notifications
// due; NOTIFICATION_DELIVERY_LIMIT decides how many the report enqueues). Each round on a fresh project
// whose hosts were reported once below the threshold; timed from sending the report to its answer. The
// next round starts once the receiver has held no new webhook for a second.
async function underCapReport(baseUrl, api, orgId, receiver, rounds) {
  const timings = [];
  for (let round = 0; round < rounds; round++) {
    const path = `/under-cap/${round}`;
    const group = await api.call('POST', '/groups', { name: `bench-under-cap-${round}`, orgId });
    for (let config = 0; config < UNDER_CAP.configs; config++) {
      const urls = Array.from({ length: UNDER_CAP.notifications }, (_, n) =>
        receiver.url(`${path}/${config}/${n}`),
      );
      await api.call('POST', `/groups/${group.id}/alertConfigs`, connectionsConfig(urls));
    }
    const agentKey = (await api.call('POST', `/groups/${group.id}/agentapikeys`, { desc: 'under-cap bench' }))
      .key;
    const hosts = Array.from({ length: UNDER_CAP.hosts }, (_, i) => `under-cap${round}-${i}.bench.internal`);
    await postReport(baseUrl, group.id, agentKey, report(hosts, THRESHOLD - 100));
    const started = performance.now();
    await postReport(baseUrl, group.id, agentKey, report(hosts, THRESHOLD + 100));
    timings.push(performance.now() - started);
    await quiet(receiver, 1000);
  }
  const sorted = [...timings].sort((a, b) => a - b);
  return {
    name: UNDER_CAP_NAME,
    rounds,
    medianMs: percentile(sorted, 50),
    maxMs: Math.round(sorted[sorted.length - 1] * 10) / 10,
    targetMs: 500,
  };
}

async function quiet(receiver, ms) {
  for (;;) {
    const held = receiver.received.length;
    await new Promise((done) => setTimeout(done, ms));
    if (receiver.received.length === held) return;
  }
}

// The storm's variants. Each: its own project with a HOST_DOWN configuration whose webhook goes to `path`;
// `setUp(api, groupId)` (optional) applies what the variant adds to the project before the storm (a
// grouping policy, say); `messages(size)` is how many webhooks the receiver must end up holding, and
// `key(request)` what makes one of them distinct (each counted once); `targetMs` the time allowed from the
// report's answer to the last of them.
const STORM_VARIANTS = [
  {
    name: 'alert storm',
    path: '/storm',
    messages: (size) => size,
    key: (request) => request.event === 'alert.open' && request.body && request.body.hostnameAndPort,
    targetMs: 3000,
  },
  {
    // The same storm with the project's grouping policy: one alert.group message per replica set.
    name: 'alert storm grouped by replica set',
    path: '/storm-grouped',
    setUp: (api, groupId) =>
      api.call('PUT', `/groups/${groupId}/alertGroupingPolicy`, {
        groupBy: ['REPLICA_SET'],
        groupWaitSeconds: 1,
      }),
    messages: () => REPLICA_SETS,
    key: (request) =>
      request.event === 'alert.group' &&
      request.body &&
      request.body.groupLabels &&
      request.body.groupLabels.REPLICA_SET,
    targetMs: 2000,
  },
];
const REPLICA_SETS = 10;

function stormReport(hosts, up) {
  return {
    agentType: 'MONITORING',
    hostname: 'agent-storm.bench.internal',
    version: '107.0.0.8465-1',
    hosts: hosts.map((hostname, i) => ({
      hostname,
      port: 27017,
      typeName: i % 3 === 0 ? 'REPLICA_PRIMARY' : 'REPLICA_SECONDARY',
      replicaSetName: `rs-storm-${i % REPLICA_SETS}`,
      up,
      measurements: [],
    })),
  };
}

// One report marks `size` hosts of 10 replica sets down (the hosts were reported up first, so what is
// timed is the alerts, not the hosts' first report); timed from the report's answer until the receiver
// holds every message the variant expects.
async function alertStorm(baseUrl, api, orgId, receiver, size, variant) {
  const group = await api.call('POST', '/groups', { name: `bench-${variant.path.slice(1)}`, orgId });
  await api.call('POST', `/groups/${group.id}/alertConfigs`, {
    eventTypeName: 'HOST_DOWN',
    enabled: true,
    notifications: [
      { typeName: 'WEBHOOK', webhookUrl: receiver.url(variant.path), delayMin: 0, intervalMin: 60 },
    ],
  });
  if (variant.setUp) await variant.setUp(api, group.id);
  const agentKey = (await api.call('POST', `/groups/${group.id}/agentapikeys`, { desc: 'storm bench' })).key;
  const hosts = Array.from({ length: size }, (_, i) => `storm${i}.bench.internal`);
  await postReport(baseUrl, group.id, agentKey, stormReport(hosts, true));
  const expected = variant.messages(size);
  const from = receiver.received.length;
  const sent = performance.now();
  await postReport(baseUrl, group.id, agentKey, stormReport(hosts, false));
  const answered = performance.now();
  const seen = new Set();
  let first;
  let last;
  const mine = (r) => r.path === variant.path && variant.key(r) && !seen.has(variant.key(r));
  while (seen.size < expected) {
    let next;
    try {
      next = await receiver.next(from, mine, 60_000);
    } catch (error) {
      throw new Error(`${variant.name}: ${seen.size} of ${expected} messages arrived (${error.message})`);
    }
    seen.add(variant.key(next));
    first = first === undefined ? next.at : Math.min(first, next.at);
    last = last === undefined ? next.at : Math.max(last, next.at);
  }
  // Anything more (a duplicate, a message past the expected count) shows as `extra`.
  await new Promise((done) => setTimeout(done, 500));
  const extra = receiver.received.slice(from).filter((r) => r.path === variant.path).length - expected;
  const allMs = last - answered;
  return {
    name: variant.name,
    hosts: size,
    replicaSets: REPLICA_SETS,
    expected,
    delivered: seen.size,
    extra,
    reportMs: Math.round(answered - sent),
    firstWebhookMs: Math.round(first - answered),
    allDeliveredMs: Math.round(allMs),
    targetMs: variant.targetMs,
    met: allMs <= variant.targetMs && extra === 0,
    deliveriesPerSec: Math.round((expected * 1000) / Math.max(1, last - first)),
  };
}

// options: { baseUrl, owner, orgId, rounds, stormSize, only } (`rounds` 0: no crossing; `only`: run the
// storm variants, and the under-cap report, whose name contains it)
async function measureAlertDelivery({ baseUrl, owner, orgId, rounds = 50, stormSize = 1000, only }) {
  const api = new DigestApi(baseUrl, owner);
  const receiver = await startReceiver();
  try {
    const crossing = rounds > 0 ? await crossingToWebhook(baseUrl, api, orgId, receiver, rounds) : undefined;
    const underCap =
      !only || UNDER_CAP_NAME.includes(only)
        ? await underCapReport(baseUrl, api, orgId, receiver, 5)
        : undefined;
    const storms = [];
    for (const variant of STORM_VARIANTS) {
      if (!only || variant.name.includes(only))
        storms.push(await alertStorm(baseUrl, api, orgId, receiver, stormSize, variant));
    }
    return { crossing, underCap, storms };
  } finally {
    await receiver.close();
  }
}

module.exports = { measureAlertDelivery, CROSSING_NAME, UNDER_CAP_NAME, STORM_VARIANTS };
