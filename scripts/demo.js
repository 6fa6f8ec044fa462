'use strict';
/* global fetch */
// `npm run demo [-- options]`: against a running service (`npm start`), creates an organization, a project,
// an agent API key, an automation configuration and a metric alert configuration, then runs a simulated
// deployment (scripts/agent-simulate.js) so that Swagger UI (/docs) shows real hosts, measurements,
// automation status, events and, once the alert engine evaluates them, alerts. Prints every step.
//
// Options:
//   --base-url <url>          service origin (default http://localhost:8080)
//   --public-key <key>        an API key with GLOBAL_OWNER (or ORG_GROUP_CREATOR in --org); without it the
//   --private-key <key>       demo creates the first user of a fresh service and uses its key
//   --org <id>                use this organization instead of creating one
//   --hosts <n>               simulated replica set members (default 3)
//   --interval <seconds>      time between agent reports (default 5)
//   --duration <seconds>      how long the deployment runs (default 120; 0 = until Ctrl-C)
//   --scenario <list>         as agent:simulate (default host-down,metric-spike)
const { randomBytes } = require('node:crypto');
const { request } = require('urllib');
const { parseArgs, runSimulation, simulationOptions } = require('./agent-simulate');

const log = (line) => process.stdout.write(`[${new Date().toISOString().slice(11, 19)}] ${line}\n`);

function client(apiUrl, credentials) {
  return async (method, path, body, expected) => {
    const response = await request(`${apiUrl}${path}`, {
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
      throw new Error(`${method} ${path}: expected ${expected}, got ${response.status}: ${text}`);
    }
    return { status: response.status, body: parsed };
  };
}

async function credentialsFor(apiUrl, raw) {
  if (raw['public-key'] && raw['private-key']) {
    return { publicKey: raw['public-key'], privateKey: raw['private-key'] };
  }
  const username = `demo-${randomBytes(3).toString('hex')}@example.com`;
  const password = `Demo-${randomBytes(6).toString('hex')}!9`;
  log(`no --public-key/--private-key: creating the first user ${username}`);
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
  log(`first user created; its global API key: ${key.publicKey} / ${key.privateKey} (also: ${username} / ${password})`);
  return { publicKey: key.publicKey, privateKey: key.privateKey };
}

function automationConfig(hosts) {
  const members = Array.from({ length: hosts }, (_, i) => ({
    name: `rs0_${i}`,
    hostname: `db${i}.example.internal`,
  }));
  return {
    options: { downloadBase: '/var/lib/mongodb-mms-automation' },
    mongoDbVersions: [{ name: '7.0.12' }],
    monitoringVersions: [{ name: '107.0.0.8465-1', hostname: 'monitor.example.internal' }],
    backupVersions: [],
    processes: members.map((member) => ({
      name: member.name,
      hostname: member.hostname,
      processType: 'mongod',
      version: '7.0.12',
      featureCompatibilityVersion: '7.0',
      args2_6: {
        net: { port: 27017 },
        replication: { replSetName: 'rs0' },
        storage: { dbPath: '/data/rs0' },
        systemLog: { destination: 'file', path: '/data/rs0/mongodb.log' },
      },
    })),
    replicaSets: [
      {
        _id: 'rs0',
        protocolVersion: '1',
        members: members.map((member, i) => ({ _id: i, host: member.name, priority: 1, votes: 1 })),
      },
    ],
    sharding: [],
    roles: [],
    auth: { disabled: true, usersWanted: [], usersDeleted: [] },
  };
}

async function main() {
  const raw = parseArgs(process.argv.slice(2));
  const baseUrl = (raw['base-url'] || 'http://localhost:8080').replace(/\/+$/, '');
  const apiUrl = `${baseUrl}/api/public/v1.0`;
  const health = await fetch(`${baseUrl}/health`).catch((error) => {
    throw new Error(`the service does not answer at ${baseUrl} (${error.message}); start it with npm start`);
  });
  log(`service at ${baseUrl} answers /health with ${health.status}`);

  const credentials = await credentialsFor(apiUrl, raw);
  const api = client(apiUrl, credentials);
  const stamp = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '');
  let orgId = raw.org;
  if (!orgId) {
    orgId = (await api('POST', '/orgs', { name: `Demo ${stamp}` }, 200)).body.id;
    log(`organization "Demo ${stamp}" created: ${orgId}`);
  }
  const project = (await api('POST', '/groups', { name: `demo-${stamp}-${randomBytes(2).toString('hex')}`, orgId }, 201))
    .body;
  log(`project "${project.name}" created: ${project.id}`);
  const agentKey = (await api('POST', `/groups/${project.id}/agentapikeys`, { desc: 'demo agents' }, 200)).body;
  log(`agent API key created: ${agentKey.key} (shown once)`);

  const hosts = Math.max(1, Math.floor(Number(raw.hosts || 3)));
  const published = (await api('PUT', `/groups/${project.id}/automationConfig`, automationConfig(hosts), 200)).body;
  log(`automation configuration published: goal version ${published.version}`);

  const alertConfig = await api('POST', `/groups/${project.id}/alertConfigs`, {
    eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
    enabled: true,
    metricThreshold: { metricName: 'CONNECTIONS', mode: 'AVERAGE', operator: 'GREATER_THAN', threshold: 1000, units: 'RAW' },
    notifications: [{ typeName: 'GROUP', delayMin: 1, intervalMin: 60, emailEnabled: true, smsEnabled: false, roles: ['GROUP_OWNER'] }],
  });
  if (alertConfig.status < 300) log(`alert configuration created: CONNECTIONS above 1000 (${alertConfig.body.id})`);
  else log(`alert configuration skipped: ${alertConfig.status} ${alertConfig.body && alertConfig.body.errorCode}`);

  const options = simulationOptions({
    ...raw,
    'base-url': baseUrl,
    project: project.id,
    'agent-key': agentKey.key,
    hosts: String(hosts),
    interval: raw.interval || '5',
    duration: raw.duration || '120',
    scenario: raw.scenario || 'host-down,metric-spike',
    'goal-version': String(published.version),
  });
  await runSimulation(options, log);

  const hostList = (await api('GET', `/groups/${project.id}/hosts`, undefined, 200)).body;
  const status = (await api('GET', `/groups/${project.id}/automationStatus`, undefined, 200)).body;
  const events = (await api('GET', `/groups/${project.id}/events?itemsPerPage=500`, undefined, 200)).body;
  const first = hostList.results[0];
  const measurements = first
    ? (await api('GET', `/groups/${project.id}/hosts/${first.id}/measurements?granularity=PT1M&period=PT1H&m=CONNECTIONS`, undefined, 200)).body
    : undefined;
  const counts = {};
  for (const event of events.results) counts[event.eventTypeName] = (counts[event.eventTypeName] || 0) + 1;
  log(`hosts: ${hostList.results.map((host) => `${host.hostname}:${host.port} (${host.typeName})`).join(', ')}`);
  log(`automation status: goal version ${status.goalVersion}, ${status.processes.length} processes`);
  if (measurements && measurements.measurements[0]) {
    log(`CONNECTIONS on ${first.hostname}: ${measurements.measurements[0].dataPoints.length} one-minute points`);
  }
  log(`events: ${Object.entries(counts).map(([name, count]) => `${name} x${count}`).join(', ')}`);
  log(`explore: ${baseUrl}/docs (Authorize with Digest ${credentials.publicKey} / ${credentials.privateKey})`);
  log(`  project id ${project.id}; keep it running with: npm run agent:simulate -- --base-url ${baseUrl} ` +
    `--project ${project.id} --agent-key ${agentKey.key}`);
}

main().catch((error) => {
  process.stderr.write(`demo failed: ${error.message}\n`);
  process.exit(1);
});
