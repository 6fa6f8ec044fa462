'use strict';
// `npm run build && npm run bench [-- --duration 8 --connections 10 --events 1000000 --only <text> --cpu-prof
//   --alert-rounds 50 --storm 1000 --scale 1000,5000,10000 --scale-duration 300 --scale-partition-minutes 15
//   --scale-retention-hours 1 --data-dir DIR --burst-answers 500 --burst-rounds 3 --main other/dist/main.js
//   --port 18090 --pg-port 54349 --floor-port 18091]`
// Starts the BUILT service (dist/main.js) on a fresh embedded Postgres in a temporary DATA_DIR (or on
// DATABASE_URL when set: it must then point at an EMPTY database), loads the data set, restarts the
// service to time start-up on an existing database, then measures every scenario against the service
// and against its floor (bench/floor: bare node:http + pg, same SQL, same JSON) in the same run.
// Then the alert delivery scenarios (bench/lib/alert-delivery.js): a report crossing a threshold until its
// webhook arrives, and an alert storm. With --scale (opt-in), monitoring at scale
// (bench/lib/monitoring-scale.js): simulated agents reporting every 10 s for each host count. Last, the guess
// burst (bench/lib/guess-burst.js): wrong Digest answers sent at once from another process. Prints tables
// and writes bench/results/<timestamp>.json (ignored by git: a change quotes its run in the commit message
// and docs/benchmarks.md). See docs/benchmarks.md. With --data-dir, a data set made by
// `npm run bench:data -- --data-dir DIR` is used in place of a fresh load (the 10M-event data set takes
// longer to load than to measure); it is kept.
const { spawn } = require('node:child_process');
const {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} = require('node:fs');
const os = require('node:os');
const { join, resolve } = require('node:path');
const autocannon = require('autocannon');
const {
  CROSSING_NAME,
  STORM_VARIANTS,
  UNDER_CAP_NAME,
  measureAlertDelivery,
} = require('../bench/lib/alert-delivery');
const { GUESS_BURST_NAME, measureGuessBurst } = require('../bench/lib/guess-burst');
const { measureFixedRate } = require('../bench/lib/fixed-rate');
const { measureMonitoringScale } = require('../bench/lib/monitoring-scale');
const { loadDataset } = require('../bench/lib/dataset');
const { newSigner, parseChallenge, DigestSigner } = require('../bench/lib/digest');
const { scenarios } = require('../bench/lib/scenarios');
const { ROOT, cpuMs, startService, withRssSampling } = require('../bench/lib/service');

function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  if (index < 0) return fallback;
  const value = process.argv[index + 1];
  return value === undefined || value.startsWith('--') ? true : value;
}

const DURATION = Number(option('duration', 8));
const WARMUP = Number(option('warmup', 2));
const CONNECTIONS = Number(option('connections', 10));
const EVENTS = Number(option('events', 1_000_000));
const ONLY = option('only', undefined);
const CPU_PROF = option('cpu-prof', false);
// The service runs with --trace-gc; its log (GC lines included) is kept in bench/results/.
const TRACE_GC = option('trace-gc', false);
// Extra V8/Node flags for the service without their dashes, comma-separated (`--service-node-args
// max-semi-space-size=32`): a GC setting tried without changing the start command.
const SERVICE_NODE_ARGS = String(option('service-node-args', ''))
  .split(',')
  .filter((flag) => flag !== '' && flag !== 'true')
  .map((flag) => `--${flag.replace(/^-+/, '')}`);
const ALERT_ROUNDS = Number(option('alert-rounds', 50));
const STORM = Number(option('storm', 1000));
// Opt-in: host counts of the monitoring-at-scale scenario, e.g. 1000,5000,10000 (seconds per count below).
const SCALE = option('scale', undefined);
const SCALE_DURATION = Number(option('scale-duration', 300));
// The service's MEASUREMENT_PARTITION_MINUTES and MEASUREMENT_RETENTION_HOURS (unset: the service's
// defaults). Narrow partitions and a short retention make the retention job drop partitions within a run
// of hours. The data load gets the width (its partitions are the run's) but not the retention: its
// reports' samples are over an hour old, which a retention of an hour would refuse; the run's retention
// job then drops them.
const SCALE_PARTITION_MINUTES = wholeOption('scale-partition-minutes', 'minutes');
const SCALE_RETENTION_HOURS = wholeOption('scale-retention-hours', 'hours');
const LOAD_MEASUREMENT_ENV = SCALE_PARTITION_MINUTES
  ? { MEASUREMENT_PARTITION_MINUTES: String(SCALE_PARTITION_MINUTES) }
  : {};
const MEASUREMENT_ENV = {
  ...LOAD_MEASUREMENT_ENV,
  ...(SCALE_RETENTION_HOURS ? { MEASUREMENT_RETENTION_HOURS: String(SCALE_RETENTION_HOURS) } : {}),
};
// Ports of the service, its embedded Postgres and the floor: another run on the machine uses the defaults.
const PORT = Number(option('port', 18090));
const PG_PORT = Number(option('pg-port', 54349));
const FLOOR_PORT = Number(option('floor-port', PORT + 1));
const DATA_DIR = option('data-dir', undefined);
// Another build's main.js (a copy of dist/ whose parent has a node_modules), for A/B against this one.
const MAIN = option('main', undefined);
const BURST_ANSWERS = Number(option('burst-answers', 500));
const BURST_ROUNDS = Number(option('burst-rounds', 3));
// The open-loop latency scenario: requests per second and connections (a fifth of what GET one alert
// sustains at 10 connections, so neither side is saturated).
const RATE = Number(option('rate', 400));
const RATE_CONNECTIONS = Number(option('rate-connections', 16));
const FIXED_RATE_NAME = `GET one alert at ${RATE}/s (open loop)`;
const CROSSING = CROSSING_NAME;

// A whole number of hours, or undefined when the option is not given.
function wholeOption(name, unit) {
  const value = option(name, undefined);
  if (value === undefined) return undefined;
  const whole = Number(value);
  if (!Number.isInteger(whole) || whole < 1) throw new Error(`--${name} takes a whole number of ${unit}`);
  return whole;
}

function runCannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, pipelining: 1, timeout: 30, ...opts }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

// Per-connection request lists: Digest signed per request (nonce reuse, nc + 1), agent Basic, or none.
function cannonOptions(baseUrl, scenario, auth, signers, duration) {
  let clientIndex = 0;
  return {
    url: baseUrl,
    duration,
    requests: scenario.requests(0),
    setupClient(client) {
      const i = clientIndex++;
      const signer = signers && signers[i % signers.length];
      const iterator = client.requestIterator;
      scenario.requests(i).forEach((template, r) => {
        const request = iterator.requests[r];
        Object.assign(request, template);
        const setup = template.setupRequest || ((req) => req);
        request.setupRequest = (req, context) => {
          const built = setup(req, context);
          const headers = { ...built.headers };
          if (auth === 'digest' && signer)
            headers.authorization = signer.authorization(built.method, built.path);
          if (auth === 'agent')
            headers.authorization = `Basic ${Buffer.from(`${scenario.groupId}:${scenario.agentKey}`).toString('base64')}`;
          return { ...built, headers };
        };
      });
      iterator.currentRequestIndex = 0;
      iterator.currentRequest = iterator.requests[0];
      iterator.rebuildRequest();
    },
  };
}

function summary(result, cpuUsedMs) {
  const non2xx = result.non2xx + result.errors + result.timeouts;
  return {
    reqPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    failed: non2xx,
    // Response bytes (headers included): service and floor answer the same JSON, the service more headers.
    bytesPerResponse: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
    // CPU of the server process per request (not Postgres's): what the code costs, whatever else runs.
    cpuMsPerReq: Math.round((100 * cpuUsedMs) / Math.max(1, result.requests.total)) / 100,
  };
}

// Runs autocannon and the CPU time the server process `pid` used meanwhile.
async function measured(pid, opts) {
  const before = cpuMs(pid);
  const result = await runCannon(opts);
  return { result, cpuUsed: cpuMs(pid) - before };
}

async function signersFor(baseUrl, credentials) {
  return Promise.all(Array.from({ length: CONNECTIONS }, () => newSigner(baseUrl, credentials)));
}

async function measureService(service, scenario, state) {
  const auth = scenario.auth;
  Object.assign(scenario, { groupId: state.groupId, agentKey: state.agentKey });
  if (WARMUP > 0) {
    const warmSigners = auth === 'digest' ? await signersFor(service.baseUrl, state.owner) : undefined;
    await runCannon(cannonOptions(service.baseUrl, scenario, auth, warmSigners, WARMUP));
  }
  const signers = auth === 'digest' ? await signersFor(service.baseUrl, state.owner) : undefined;
  const { result, peakRssMb } = await withRssSampling(service.child.pid, () =>
    measured(service.child.pid, cannonOptions(service.baseUrl, scenario, auth, signers, DURATION)),
  );
  return { ...summary(result.result, result.cpuUsed), peakRssMb };
}

async function measureFloor(floor, scenario) {
  if (WARMUP > 0) await runCannon(cannonOptions(floor.url, scenario, 'none', undefined, WARMUP));
  const { result, cpuUsed } = await measured(
    floor.pid,
    cannonOptions(floor.url, scenario, 'none', undefined, DURATION),
  );
  return summary(result, cpuUsed);
}

// GET one alert at a fixed rate on the service (Digest, a signer per connection) and on the floor.
async function measureAlertAtFixedRate(service, floor, state) {
  const path = (i) =>
    `/api/public/v1.0/groups/${state.groupId}/alerts/${state.alertIds[i % state.alertIds.length]}`;
  const run = (url, request) =>
    measureFixedRate({
      url,
      rate: RATE,
      connections: RATE_CONNECTIONS,
      durationS: DURATION,
      warmupS: WARMUP,
      request,
    });
  const signers = await Promise.all(
    Array.from({ length: RATE_CONNECTIONS }, () => newSigner(service.baseUrl, state.owner)),
  );
  const cpuBefore = cpuMs(service.child.pid);
  const serviceResult = await run(service.baseUrl, (i) => ({
    path: path(i),
    headers: { authorization: signers[i].authorization('GET', path(i)) },
  }));
  serviceResult.cpuMs = cpuMs(service.child.pid) - cpuBefore;
  const floorResult = await run(floor.url, (i) => ({ path: path(i) }));
  return {
    service: serviceResult,
    floor: floorResult,
    p99Ratio: serviceResult.p99Ms / Math.max(0.001, floorResult.p99Ms),
  };
}

// A re-challenging client (urllib): every call is an unauthenticated request answered 401, then the
// signed request with that fresh nonce (nc=1). Reported as API calls per second.
async function measureHandshake(service, state) {
  const path = `/api/public/v1.0/groups/${state.groupId}/alerts/${state.alertIds[0]}`;
  // Counted per signed request: autocannon stops mid-pair when the duration ends, so the number of 401s
  // does not tell how many signed requests failed.
  let signedFailures = 0;
  let counting = false;
  const requests = [
    {
      method: 'GET',
      path,
      onResponse: (status, body, context, headers) => {
        context.challenge = parseChallenge(
          String(headers['WWW-Authenticate'] || headers['www-authenticate']).split(/,\s*(?=Digest )/),
        );
      },
    },
    {
      method: 'GET',
      path,
      setupRequest: (req, context) => {
        const signer = new DigestSigner(state.owner.publicKey, state.owner.privateKey, context.challenge);
        return { ...req, headers: { ...req.headers, authorization: signer.authorization('GET', path) } };
      },
      onResponse: (status) => {
        if (counting && status !== 200) signedFailures++;
      },
    },
  ];
  const opts = (duration) => ({ url: service.baseUrl, duration, requests });
  if (WARMUP > 0) await runCannon(opts(WARMUP));
  counting = true;
  const sampled = await withRssSampling(service.child.pid, () => measured(service.child.pid, opts(DURATION)));
  counting = false;
  const { result, cpuUsed } = sampled.result;
  const peakRssMb = sampled.peakRssMb;
  const s = summary(result, cpuUsed);
  // Every call is two requests, the first of which is the expected 401.
  return {
    callsPerSec: Math.round(s.reqPerSec / 2),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failed: signedFailures + result.errors + result.timeouts,
    cpuMsPerCall: Math.round(s.cpuMsPerReq * 200) / 100,
    peakRssMb,
  };
}

// The first and last minute side by side: what "flat" over a run is judged on.
function flatness(level) {
  const first = level.perMinute[0];
  const last = level.perMinute[level.perMinute.length - 1];
  if (!first) return '    first -> last minute: (no whole minute)';
  const pair = (key) => `${first[key]} -> ${last[key]}`;
  return (
    `    first -> last minute: p99 ${pair('p99Ms')} ms, in flight ${pair('inFlightPeak')}, measurements ` +
    `${pair('measurementsMb')} MB (${pair('partitions')} partitions; ${level.partitionsDropped.length} dropped ` +
    `during the run), database ${pair('databaseMb')} MB, WAL ${pair('walMbPerSec')} MB/s, RSS ${pair('rssMb')} MB`
  );
}

// Written vs read back of the tracked hosts (a host's 15 samples at one instant count as one).
function retentionLine(r) {
  return (
    `    written vs read back (${r.trackedHosts} hosts, host-instants of 15 samples, retention ` +
    `${r.retentionHours} h: ${r.windowFrom} .. ${r.windowTo}): written ${r.writtenInWindow}, read back ` +
    `${r.readBack}, lost ${r.lost}; written before the window ${r.writtenOlder} (${r.olderStillStored} still ` +
    `stored); rows missing samples ${r.incompleteRows}, stored but not seen answered 202 ` +
    `${r.storedNotWritten}: ${r.nothingLost ? 'nothing lost' : `${r.lost} LOST`}`
  );
}

function startFloor(port, databaseUrl) {
  const child = spawn(
    process.execPath,
    [join(ROOT, 'bench', 'floor', 'server.js'), String(port), databaseUrl],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    child.stdout.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`floor server exited with ${code}`)));
  });
}

function machine() {
  return {
    nproc: os.cpus().length,
    cpu: os.cpus()[0] && os.cpus()[0].model,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    loadavg: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
}

function table(rows, handshake) {
  const head = [
    'scenario',
    'svc req/s',
    'p50',
    'p99',
    'CPU ms',
    'floor req/s',
    'p50',
    'p99',
    'CPU ms',
    'thr x',
    'p99 x',
    'RSS MB',
    'fail',
  ];
  const lines = rows.map((r) => [
    r.name,
    r.service.reqPerSec,
    r.service.p50Ms,
    r.service.p99Ms,
    r.service.cpuMsPerReq,
    r.floor.reqPerSec,
    r.floor.p50Ms,
    r.floor.p99Ms,
    r.floor.cpuMsPerReq,
    r.throughputRatio.toFixed(2),
    r.p99Ratio.toFixed(2),
    r.service.peakRssMb,
    `${r.service.failed}/${r.floor.failed}`,
  ]);
  if (handshake) {
    const reuse = handshake.nonceReuse;
    lines.push([
      'Digest nonce reuse (calls/s)',
      reuse.reqPerSec,
      reuse.p50Ms,
      reuse.p99Ms,
      reuse.cpuMsPerReq,
      '-',
      '-',
      '-',
      '-',
      '-',
      '-',
      reuse.peakRssMb,
      reuse.failed,
    ]);
    lines.push([
      'Digest fresh handshake (calls/s)',
      handshake.callsPerSec,
      handshake.p50Ms,
      handshake.p99Ms,
      handshake.cpuMsPerCall,
      '-',
      '-',
      '-',
      '-',
      '-',
      '-',
      handshake.peakRssMb,
      handshake.failed,
    ]);
  }
  const all = [head, ...lines].map((line) => line.map(String));
  const widths = head.map((_, c) => Math.max(...all.map((line) => line[c].length)));
  const fmt = (line) =>
    `| ${line.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join(' | ')} |`;
  return [
    fmt(all[0]),
    `|${widths.map((w, c) => (c === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
    ...all.slice(1).map(fmt),
  ].join('\n');
}

async function main() {
  const started = Date.now();
  const kept = typeof DATA_DIR === 'string';
  const dataDir = kept ? resolve(DATA_DIR) : mkdtempSync(join(os.tmpdir(), 'dms-bench-'));
  const ports = { service: PORT, pg: PG_PORT, floor: FLOOR_PORT };
  const log = (msg) =>
    process.stderr.write(`[bench +${Math.round((Date.now() - started) / 1000)}s] ${msg}\n`);
  let service;
  let floor;
  try {
    log(`data dir ${dataDir}`);
    const state = kept ? readDataSet(dataDir) : await loadFreshDataSet(dataDir, ports, log);
    if (kept)
      log(`${state.projectEvents} events in the existing data set (loaded in ${state.loadSeconds} s)`);
    const profDir = CPU_PROF ? join(ROOT, 'bench', 'results', 'profiles') : undefined;
    if (profDir) mkdirSync(profDir, { recursive: true });
    // Webhooks of the alert delivery scenarios go to a receiver in this process, on 127.0.0.1.
    service = await startService({
      dataDir,
      main: MAIN && resolve(MAIN),
      port: ports.service,
      pgPort: ports.pg,
      cpuProf: profDir,
      nodeArgs: [...(TRACE_GC ? ['--trace-gc'] : []), ...SERVICE_NODE_ARGS],
      // The scale scenario's project holds up to its largest host count (the default cap is 1,000).
      env: {
        OUTBOUND_ALLOWLIST: '127.0.0.1:*',
        // The alert storm's hosts arrive in one report (the default cap is 100 new hosts a report), and
        // its alerts' deliveries are enqueued by that report (the default is 500 per project, the rest
        // waiting for the next sweep).
        MAX_NEW_HOSTS_PER_REPORT: String(Math.max(100, STORM)),
        NOTIFICATION_DELIVERY_LIMIT: String(Math.max(500, STORM)),
        ...(SCALE || STORM > 1000 ? { MAX_HOSTS_PER_PROJECT: '100000' } : {}),
        ...MEASUREMENT_ENV,
      },
    });
    log(
      `restart on the existing database: first 200 after ${service.startupMs} ms (embedded Postgres start included)`,
    );
    floor = await startFloor(ports.floor, service.databaseUrl);
    const floorTarget = { url: `http://127.0.0.1:${ports.floor}`, pid: floor.pid };

    const rows = [];
    for (const scenario of scenarios(state)) {
      if (ONLY && !scenario.name.includes(ONLY)) continue;
      log(`${scenario.name}: service`);
      const serviceResult = await measureService(service, scenario, state);
      log(`${scenario.name}: floor`);
      const floorResult = await measureFloor(floorTarget, scenario);
      rows.push({
        name: scenario.name,
        service: serviceResult,
        floor: floorResult,
        throughputRatio: serviceResult.reqPerSec / Math.max(1, floorResult.reqPerSec),
        p99Ratio: serviceResult.p99Ms / Math.max(0.001, floorResult.p99Ms),
      });
    }
    let fixedRate;
    if (!ONLY || FIXED_RATE_NAME.includes(ONLY)) {
      log(`${FIXED_RATE_NAME}: service, then floor`);
      fixedRate = await measureAlertAtFixedRate(service, floorTarget, state);
    }
    let handshake;
    if (!ONLY || 'Digest fresh handshake'.includes(ONLY)) {
      // Both Digest clients on the same request, one right after the other, for a like-for-like cost.
      log('Digest nonce reuse vs fresh handshake (GET one alert)');
      const path = `/api/public/v1.0/groups/${state.groupId}/alerts/${state.alertIds[0]}`;
      const reuse = { name: 'Digest nonce reuse', auth: 'digest', requests: () => [{ method: 'GET', path }] };
      const nonceReuse = await measureService(service, reuse, state);
      handshake = { ...(await measureHandshake(service, state)), nonceReuse };
    }
    let alertDelivery;
    const storms = STORM_VARIANTS.filter((v) => !ONLY || v.name.includes(ONLY)).map((v) => v.name);
    const underCap = !ONLY || UNDER_CAP_NAME.includes(ONLY);
    if (!ONLY || CROSSING.includes(ONLY) || underCap || storms.length > 0) {
      const rounds = !ONLY || CROSSING.includes(ONLY) ? ALERT_ROUNDS : 0;
      log(
        `${CROSSING} (${rounds} rounds), ${underCap ? `${UNDER_CAP_NAME}, ` : ''}then ${storms.join(', ')} ` +
          `(${STORM} hosts down)`,
      );
      alertDelivery = await measureAlertDelivery({
        baseUrl: service.baseUrl,
        owner: state.owner,
        orgId: state.orgId,
        rounds,
        stormSize: STORM,
        only: ONLY,
      });
    }
    let monitoringScale;
    if (SCALE) {
      const levels = String(SCALE === true ? '1000,5000,10000' : SCALE)
        .split(',')
        .map(Number)
        .filter((n) => n > 0);
      monitoringScale = await measureMonitoringScale({
        baseUrl: service.baseUrl,
        databaseUrl: service.databaseUrl,
        owner: state.owner,
        orgId: state.orgId,
        pid: service.child.pid,
        levels,
        durationS: SCALE_DURATION,
        retentionHours: SCALE_RETENTION_HOURS,
        log,
      });
    }
    // Last: it blocks the owner from the rounds' addresses (not from 127.0.0.1, which the others use).
    let guessBurst;
    if (!ONLY || GUESS_BURST_NAME.includes(ONLY)) {
      log(`${GUESS_BURST_NAME}: ${BURST_ROUNDS} rounds of ${BURST_ANSWERS} wrong Digest answers at once`);
      guessBurst = await measureGuessBurst({
        baseUrl: service.baseUrl,
        owner: state.owner,
        pid: service.child.pid,
        answers: BURST_ANSWERS,
        rounds: BURST_ROUNDS,
        log,
      });
    }
    const output = {
      date: new Date().toISOString(),
      command: `npm run bench ${process.argv.slice(2).join(' ')}`.trim(),
      settings: {
        durationSeconds: DURATION,
        warmupSeconds: WARMUP,
        connections: CONNECTIONS,
        events: state.projectEvents,
        measurementEnv: MEASUREMENT_ENV,
      },
      machine: machine(),
      startupOnExistingDatabaseMs: service.startupMs,
      dataLoadSeconds: state.loadSeconds,
      scenarios: rows,
      fixedRate,
      digestFreshHandshake: handshake,
      alertDelivery,
      monitoringScale,
      guessBurst,
      totalSeconds: Math.round((Date.now() - started) / 1000),
    };
    const resultsDir = join(ROOT, 'bench', 'results');
    mkdirSync(resultsDir, { recursive: true });
    const file = join(resultsDir, `${output.date.replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
    if (TRACE_GC) copyFileSync(join(dataDir, 'service.log'), file.replace(/\.json$/, '-service.log'));
    console.log(table(rows, handshake));
    if (fixedRate) {
      const f = (r) =>
        `p50 ${r.p50Ms} ms, p90 ${r.p90Ms} ms, p99 ${r.p99Ms} ms, p99.9 ${r.p999Ms} ms, max ${r.maxMs} ms ` +
        `(${r.requests} requests, ${r.failed} failed; generator lag p99 ${r.generatorLagP99Ms} ms)`;
      console.log(
        `\n${FIXED_RATE_NAME}, ${RATE_CONNECTIONS} connections:\n  service ${f(fixedRate.service)}\n` +
          `  floor   ${f(fixedRate.floor)}\n  p99 x ${fixedRate.p99Ratio.toFixed(2)}`,
      );
    }
    if (alertDelivery) {
      const { crossing, underCap: underCapResult, storms: stormResults } = alertDelivery;
      if (crossing)
        console.log(
          `\n${CROSSING}: median ${crossing.medianMs} ms, p99 ${crossing.p99Ms} ms, max ${crossing.maxMs} ms ` +
            `(${crossing.rounds} rounds)`,
        );
      if (underCapResult)
        console.log(
          `${underCapResult.name} (NOTIFICATION_DELIVERY_LIMIT ${Math.max(500, STORM)}): report answered in ` +
            `median ${underCapResult.medianMs} ms, max ${underCapResult.maxMs} ms (${underCapResult.rounds} ` +
            `rounds; target ${underCapResult.targetMs} ms)`,
        );
      for (const storm of stormResults)
        console.log(
          `${storm.name} (${storm.hosts} hosts of ${storm.replicaSets} replica sets down in one report): ` +
            `${storm.delivered}/${storm.expected} messages (${storm.extra} extra); report answered in ` +
            `${storm.reportMs} ms; from its answer, first webhook after ${storm.firstWebhookMs} ms, all after ` +
            `${storm.allDeliveredMs} ms (target ${storm.targetMs} ms: ${storm.met ? 'met' : 'MISSED'}; ` +
            `${storm.deliveriesPerSec} deliveries/s)`,
        );
    }
    if (monitoringScale) {
      console.log(
        '\nmonitoring at scale (100 hosts x 15 samples a report, every 10 s per agent, 50 alert configurations):',
      );
      for (const l of monitoringScale.levels) {
        console.log(
          `  ${l.hosts} hosts: ${l.reportsAnswered}/${l.reportsSent} answered (${l.failed} failed), ` +
            `${l.samplesPerSec} samples/s, p50 ${l.p50Ms} ms, p99 ${l.p99Ms} ms, max ${l.maxMs} ms, in flight ` +
            `${l.inFlightPeakFirstMinute} -> ${l.inFlightPeakLastMinute}, CPU ${l.serviceCpuPercentOfOneCore}% ` +
            `(${l.cpuMsPerReport} ms/report; machine ${l.machineCpuPercent}%), RSS ${l.peakRssMb} MB, WAL ` +
            `${l.walMbPerSec} MB/s (${l.walBytesPerSample} B/sample), measurements +${l.measurementsMbAdded} MB ` +
            `(${l.bytesPerSample} B/sample): ${l.keepsUp ? 'keeps up' : 'does NOT keep up'}`,
        );
        const api = l.measurementsApi;
        console.log(
          `    measurements API meanwhile: last hour at PT1M p50 ${api.hour.p50Ms} / p99 ${api.hour.p99Ms} ms ` +
            `(${api.hour.reads} reads), last day at PT5M p50 ${api.day.p50Ms} / p99 ${api.day.p99Ms} ms ` +
            `(${api.day.reads} reads), ${api.failed} failed`,
        );
        for (const m of l.perMinute) {
          // The minutes in which the retention job dropped partitions stand out.
          const dropped = m.partitionsDropped.length > 0 ? `, DROPPED ${m.partitionsDropped.join(' ')}` : '';
          console.log(
            `    minute ${m.minute}: p99 ${m.p99Ms} ms, in flight ${m.inFlightPeak}, RSS ${m.rssMb} MB, CPU ` +
              `${m.serviceCpuPercentOfOneCore}% (machine ${m.machineCpuPercent}%), WAL ${m.walMb} MB ` +
              `(${m.walMbPerSec} MB/s), measurements ${m.measurementsMb} MB in ${m.partitions} partitions ` +
              `(${m.bytesPerSample} B/sample), database ${m.databaseMb} MB, measurements API p99 ` +
              `${m.measurementsApiP99Ms} ms${dropped}`,
          );
        }
        console.log(flatness(l));
        console.log(retentionLine(l.retention));
      }
      console.log(`  largest host count kept up with: ${monitoringScale.largestKeptUp}`);
    }
    if (guessBurst) {
      console.log(
        `\n${GUESS_BURST_NAME} (${guessBurst.answers} wrong Digest answers at once, one nonce, from a separate process):`,
      );
      for (const r of guessBurst.rounds) {
        const statuses = Object.entries(r.byStatus)
          .map(([status, n]) => `${n} x ${status}`)
          .join(', ');
        console.log(
          `  from ${r.sourceAddress}: all answered in ${r.answeredMs} ms (${statuses}); service CPU ` +
            `${r.serviceCpuMs} ms (${r.serviceCpuMsPerAnswer} ms/answer); /health worst ${r.worstHealthMs} ms, ` +
            `median ${r.medianHealthMs} ms (${r.healthPolls} polls); load ${r.load1}`,
        );
      }
      console.log(
        `  worst of the rounds: answered in ${guessBurst.worstAnsweredMs} ms, /health ${guessBurst.worstHealthMs} ms ` +
          `(target under ${guessBurst.targetMs} ms each: ${guessBurst.met ? 'met' : 'MISSED'})`,
      );
    }
    console.log(
      `\nstart-up to first 200 on the existing database: ${service.startupMs} ms; load ${JSON.stringify(output.machine.loadavg)}; ` +
        `${output.totalSeconds} s in all; ${file}`,
    );
  } finally {
    if (floor && floor.exitCode === null) {
      const exited = new Promise((done) => floor.once('exit', done));
      floor.kill('SIGTERM');
      await exited;
    }
    if (service) await service.stop();
    if (!kept) rmSync(dataDir, { recursive: true, force: true });
  }
}

function readDataSet(dataDir) {
  const file = join(dataDir, 'bench-state.json');
  if (!existsSync(file))
    throw new Error(`${file} is missing: make it with npm run bench:data -- --data-dir ${dataDir}`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

async function loadFreshDataSet(dataDir, ports, log) {
  const service = await startService({
    dataDir,
    main: MAIN && resolve(MAIN),
    port: ports.service,
    pgPort: ports.pg,
    env: LOAD_MEASUREMENT_ENV,
  });
  try {
    log(`service up on a fresh database in ${service.startupMs} ms; loading data`);
    const state = await loadDataset({
      baseUrl: service.baseUrl,
      databaseUrl: service.databaseUrl,
      events: EVENTS,
    });
    log(`${state.projectEvents} events loaded in ${state.loadSeconds} s`);
    return state;
  } finally {
    await service.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
