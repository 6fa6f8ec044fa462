'use strict';
/* global clearTimeout, fetch */
// `npm run demo [-- options]`: an alert's whole life in under a minute, on a machine with only Node. Starts
// the service (built into dist/ first if needed; embedded Postgres in a temporary directory, or a fresh
// database on DATABASE_URL's server), a local webhook receiver, then through the public API: the first
// user, an organization, a project, an agent API key and a metric alert configuration notifying the
// webhook at once (delayMin 0). A monitoring agent report over the threshold opens the alert and the
// webhook receives alert.open; the alert is acknowledged through the API (alert.acknowledge); a report back
// under the threshold closes it (alert.close); the delivery log of the alert ends it. Prints every step.
//
// Options:
//   --base-url <url>          use this running service instead of starting one; it must let its webhooks
//                             reach this machine (OUTBOUND_ALLOWLIST=127.0.0.1:*)
//   --public-key <key>        an API key with GLOBAL_OWNER (or ORG_GROUP_CREATOR in --org); without it the
//   --private-key <key>       demo creates the first user of a fresh service and uses its key
//   --org <id>                use this organization instead of creating one
//   --duration <seconds>      then run a simulated deployment this long (scripts/agent-simulate.js; default 0)
//   --hosts <n>               its replica set members (default 3)
//   --interval <seconds>      time between its agent reports (default 5)
//   --scenario <list>         as agent:simulate (default host-down,metric-spike)
//   --keep                    leave the started service running until Ctrl-C, to explore it at /docs
const { spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { request } = require('urllib');
const { parseArgs, runSimulation, simulationOptions } = require('./agent-simulate');
const { startService } = require('./conformance/service');

const ROOT = path.resolve(__dirname, '..');
const THRESHOLD = 1000;
const HOST = {
  hostname: 'db0.demo.internal',
  port: 27017,
  typeName: 'REPLICA_PRIMARY',
  replicaSetName: 'rs0',
};

const stamp = () => new Date().toISOString().slice(11, 19);
const consoleLog = (line) => process.stdout.write(`[${stamp()}] ${line}\n`);

function client(apiUrl, credentials) {
  return async (method, urlPath, body, expected) => {
    const response = await request(`${apiUrl}${urlPath}`, {
      method,
      digestAuth: credentials ? `${credentials.publicKey}:${credentials.privateKey}` : undefined,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      content: body === undefined ? undefined : JSON.stringify(body),
      dataType: 'text',
      timeout: 30000,
    });
    const text = String(response.data || '');
    const parsed = text ? JSON.parse(text) : undefined;
    if (expected !== undefined && response.status !== expected) {
      throw new Error(`${method} ${urlPath}: expected ${expected}, got ${response.status}: ${text}`);
    }
    return { status: response.status, body: parsed };
  };
}

async function credentialsFor(apiUrl, raw, log) {
  if (raw['public-key'] && raw['private-key']) {
    return { publicKey: raw['public-key'], privateKey: raw['private-key'] };
  }
  const username = `demo-${randomBytes(3).toString('hex')}@example.com`;
  const password = `Demo-${randomBytes(6).toString('hex')}!9`;
  log(`creating the first user ${username}`);
  const response = await client(apiUrl)('POST', '/unauth/users', {
    username,
    password,
    firstName: 'Demo',
    lastName: 'Admin',
    emailAddress: username,
  });
  if (response.status !== 201) {
    throw new Error(
      `the service already has users (${response.status} ${response.body && response.body.errorCode}); ` +
        'pass --public-key and --private-key of a GLOBAL_OWNER API key',
    );
  }
  const key = response.body.programmaticApiKey;
  log(
    `first user created; its API key: ${key.publicKey} / ${key.privateKey} (also: ${username} / ${password})`,
  );
  return { publicKey: key.publicKey, privateKey: key.privateKey };
}

// A webhook receiver on this machine: answers 200 to everything and keeps what it got, in order.
async function startReceiver() {
  const received = [];
  const waiters = [];
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body;
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
      received.push({ event: req.headers['x-mms-event'], body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      for (const waiter of waiters.splice(0)) waiter();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/demo-hook`,
    received,
    // The first request with this X-MMS-Event not yet taken.
    async next(event, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = received.findIndex((item) => item.event === event && !item.taken);
        if (index >= 0) {
          received[index].taken = true;
          return received[index];
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`the webhook received no ${event} within ${timeoutMs / 1000} s`);
        await new Promise((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 1000));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

function monitoringReport(connections) {
  return {
    agentType: 'MONITORING',
    hostname: 'monitor.demo.internal',
    version: '107.0.0.8465-1',
    hosts: [
      {
        ...HOST,
        up: true,
        measurements: [
          {
            metricName: 'CONNECTIONS',
            units: 'SCALAR',
            value: connections,
            timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
          },
        ],
      },
    ],
  };
}

async function postReport(baseUrl, groupId, agentKey, body) {
  const response = await fetch(`${baseUrl}/agents/v1/groups/${groupId}/reports`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${groupId}:${agentKey}`).toString('base64')}`,
    },
    body: JSON.stringify(body),
  });
  if (response.status !== 202) throw new Error(`agent report: ${response.status} ${await response.text()}`);
}

const summary = (hook) =>
  `${hook.body.eventTypeName} ${hook.body.metricName || ''} on ${hook.body.hostnameAndPort}, status ${hook.body.status}` +
  (hook.body.currentValue
    ? `, currentValue ${hook.body.currentValue.number} ${hook.body.currentValue.units}`
    : '');

// The demo against a running service whose webhooks may reach 127.0.0.1. Returns what it created.
async function runDemo({ baseUrl, raw = {}, log = consoleLog, waitMs = 20000 }) {
  const apiUrl = `${baseUrl}/api/public/v1.0`;
  const receiver = await startReceiver();
  try {
    log(`webhook receiver listening on ${receiver.url}`);
    const credentials = await credentialsFor(apiUrl, raw, log);
    const api = client(apiUrl, credentials);
    const tag = randomBytes(2).toString('hex');
    let orgId = raw.org;
    if (!orgId) {
      orgId = (await api('POST', '/orgs', { name: `Demo ${tag}` }, 200)).body.id;
      log(`organization "Demo ${tag}" created: ${orgId}`);
    }
    const project = (await api('POST', '/groups', { name: `demo-${tag}`, orgId }, 201)).body;
    log(`project "${project.name}" created: ${project.id}`);
    const agentKey = (await api('POST', `/groups/${project.id}/agentapikeys`, { desc: 'demo agents' }, 200))
      .body;
    log(`agent API key created: ${agentKey.key} (shown once)`);

    const config = (
      await api(
        'POST',
        `/groups/${project.id}/alertConfigs`,
        {
          eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
          enabled: true,
          metricThreshold: {
            metricName: 'CONNECTIONS',
            mode: 'AVERAGE',
            operator: 'GREATER_THAN',
            threshold: THRESHOLD,
            units: 'RAW',
          },
          notifications: [{ typeName: 'WEBHOOK', webhookUrl: receiver.url, delayMin: 0, intervalMin: 5 }],
        },
        201,
      )
    ).body;
    log(`alert configuration ${config.id}: CONNECTIONS above ${THRESHOLD} -> WEBHOOK (delayMin 0)`);

    await postReport(baseUrl, project.id, agentKey.key, monitoringReport(1500));
    log(`agent report: ${HOST.hostname}:${HOST.port} has 1500 connections`);
    const opened = await receiver.next('alert.open', waitMs);
    log(`webhook received alert.open: ${summary(opened)}`);
    const alertId = opened.body.id;
    const alert = (await api('GET', `/groups/${project.id}/alerts/${alertId}`, undefined, 200)).body;
    log(
      `GET alert ${alertId}: status ${alert.status}, created ${alert.created}, lastNotified ${alert.lastNotified}`,
    );

    const until = new Date(Date.now() + 60 * 60 * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const acknowledged = (
      await api(
        'PATCH',
        `/groups/${project.id}/alerts/${alertId}`,
        { acknowledgedUntil: until, acknowledgementComment: 'looking into it (demo)' },
        200,
      )
    ).body;
    log(
      `alert acknowledged by ${acknowledged.acknowledgingUsername} until ${acknowledged.acknowledgedUntil}`,
    );
    const ack = await receiver.next('alert.acknowledge', waitMs);
    log(`webhook received alert.acknowledge: ${summary(ack)}`);

    await postReport(baseUrl, project.id, agentKey.key, monitoringReport(200));
    log(`agent report: ${HOST.hostname}:${HOST.port} has 200 connections`);
    const closed = await receiver.next('alert.close', waitMs);
    log(`webhook received alert.close: ${summary(closed)}, resolved ${closed.body.resolved}`);
    const final = (await api('GET', `/groups/${project.id}/alerts/${alertId}`, undefined, 200)).body;
    log(`GET alert ${alertId}: status ${final.status}, resolved ${final.resolved}`);

    const deliveries = (
      await api('GET', `/groups/${project.id}/deliveries?alertId=${alertId}`, undefined, 200)
    ).body.results
      .slice()
      .reverse();
    log(
      `delivery log of alert ${alertId} (GET /groups/${project.id}/deliveries?alertId=${alertId}), oldest first:`,
    );
    for (const delivery of deliveries) {
      const last = delivery.attempts[delivery.attempts.length - 1];
      log(
        `  ${delivery.eventKind} -> ${delivery.targetType}: ${delivery.status}, ` +
          `${delivery.attemptCount} attempt(s)${last && last.statusCode ? `, HTTP ${last.statusCode} in ${last.latencyMs} ms` : ''}`,
      );
    }
    return { credentials, groupId: project.id, agentKey: agentKey.key, alertId, deliveries };
  } finally {
    await receiver.close();
  }
}

function run(command, args, log) {
  return new Promise((resolve, reject) => {
    log(`$ ${command} ${args.join(' ')}`);
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`)),
    );
  });
}

// The built service (dist/main.js) on free ports with a fresh database (embedded Postgres in a temporary
// directory, or a new database on DATABASE_URL's server), as the conformance suite starts it; its webhooks
// may call this machine's receiver.
async function startDemoService(log) {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'main.js'))) {
    log('dist/main.js is missing: building the service first');
    await run(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], log);
  }
  if (!process.env.DATABASE_URL) log('DATABASE_URL is unset: the service starts an embedded Postgres');
  return startService(ROOT, log, { OUTBOUND_ALLOWLIST: '127.0.0.1:*' });
}

async function simulate(baseUrl, raw, result, log) {
  const api = client(`${baseUrl}/api/public/v1.0`, result.credentials);
  const options = simulationOptions({
    ...raw,
    'base-url': baseUrl,
    project: result.groupId,
    'agent-key': result.agentKey,
    hosts: String(Math.max(1, Math.floor(Number(raw.hosts || 3)))),
    interval: raw.interval || '5',
    duration: raw.duration,
    scenario: raw.scenario || 'host-down,metric-spike',
  });
  log(`simulated deployment for ${raw.duration} s (scripts/agent-simulate.js)`);
  await runSimulation(options, log);
  const hosts = (await api('GET', `/groups/${result.groupId}/hosts`, undefined, 200)).body;
  log(`hosts: ${hosts.results.map((host) => `${host.hostname}:${host.port} (${host.typeName})`).join(', ')}`);
}

async function main() {
  const argv = process.argv.slice(2);
  const keep = argv.includes('--keep');
  const raw = parseArgs(argv.filter((arg) => arg !== '--keep'));
  const started = Date.now();
  const service = raw['base-url'] ? undefined : await startDemoService(consoleLog);
  const baseUrl = service ? service.origin : raw['base-url'].replace(/\/+$/, '');
  try {
    const result = await runDemo({ baseUrl, raw });
    if (Number(raw.duration || 0) > 0) await simulate(baseUrl, raw, result, consoleLog);
    consoleLog(`demo done in ${Math.round((Date.now() - started) / 1000)} s`);
    const { publicKey, privateKey } = result.credentials;
    if (!service || keep)
      consoleLog(`explore: ${baseUrl}/docs (Authorize with Digest ${publicKey} / ${privateKey})`);
    if (service && keep) {
      consoleLog(`the service keeps running at ${baseUrl}; Ctrl-C stops it`);
      process.once('SIGINT', () => undefined);
      await service.exited;
    }
  } finally {
    if (service) await service.stop();
  }
}

module.exports = { runDemo };

if (require.main === module) {
  main().catch((error) => {
    process.stderr.write(`demo failed: ${error.message}\n`);
    process.exit(1);
  });
}
