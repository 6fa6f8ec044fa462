'use strict';
// Latency at a fixed request rate (open loop): request k is due at start + k / rate whether or not the
// earlier ones were answered, as independent clients send. A closed-loop tool (autocannon) waits for
// each answer before the next request, so a pause of the server delays the requests that would have
// arrived meanwhile instead of timing them: their wait is missing from its percentiles. Here each
// latency runs from the request's due time to the last byte of its answer, so a request that waited for
// a free connection, or behind a paused event loop, counts its wait.
const http = require('node:http');
const { monitorEventLoopDelay, performance } = require('node:perf_hooks');

function percentile(sorted, p) {
  if (sorted.length === 0) return undefined;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)] * 100) / 100;
}

// One keep-alive connection: at most one request in flight, as each of autocannon's connections.
function connection(url) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    busy: false,
    send(request) {
      return new Promise((resolve) => {
        const req = http.request(
          url + request.path,
          { method: request.method || 'GET', headers: request.headers, agent },
          (res) => {
            res.on('data', () => undefined);
            res.on('end', () => resolve(res.statusCode));
            res.on('error', () => resolve(0));
          },
        );
        req.on('error', () => resolve(0));
        req.end();
      });
    },
    close: () => agent.destroy(),
  };
}

// options: { url, rate (requests/s), connections, durationS, warmupS, request(i) -> { path, headers } },
// request(i) is called at send time with the connection's index (per-connection Digest signers).
// Returns the percentiles of the measured part (after the warm-up) in ms, the failures, and the load
// generator's own timer lag (p99): if that is high, this process, not the server, was late.
async function measureFixedRate(options) {
  const { url, rate, connections, durationS, warmupS = 0 } = options;
  const pool = Array.from({ length: connections }, () => connection(url));
  const waiting = [];
  const latencies = [];
  let failed = 0;
  let sent = 0;
  const lag = monitorEventLoopDelay({ resolution: 1 });
  const start = performance.now();
  const warmupEnd = start + warmupS * 1000;
  const total = Math.floor((warmupS + durationS) * rate);
  let done = 0;
  let finish;
  const finished = new Promise((resolve) => (finish = resolve));

  const dispatch = () => {
    for (let c = 0; c < pool.length && waiting.length > 0; c++) {
      const conn = pool[c];
      if (conn.busy) continue;
      const dueAt = waiting.shift();
      conn.busy = true;
      void conn.send(options.request(c)).then((status) => {
        const ms = performance.now() - dueAt;
        if (dueAt >= warmupEnd) {
          latencies.push(ms);
          if (status < 200 || status >= 300) failed++;
        }
        conn.busy = false;
        done++;
        if (done === total) finish();
        else dispatch();
      });
    }
  };
  // Every millisecond (or as soon as the timer fires), queue the requests that have come due.
  const tick = () => {
    const now = performance.now();
    while (sent < total && start + (sent * 1000) / rate <= now) {
      waiting.push(start + (sent * 1000) / rate);
      sent++;
    }
    dispatch();
    if (sent < total) setTimeout(tick, 1);
  };
  lag.enable();
  tick();
  await finished;
  lag.disable();
  for (const conn of pool) conn.close();
  const sorted = latencies.sort((a, b) => a - b);
  return {
    rate,
    connections,
    requests: sorted.length,
    failed,
    p50Ms: percentile(sorted, 50),
    p90Ms: percentile(sorted, 90),
    p99Ms: percentile(sorted, 99),
    p999Ms: percentile(sorted, 99.9),
    maxMs: percentile(sorted, 100),
    generatorLagP99Ms: Math.round(lag.percentile(99) / 1e4) / 100,
  };
}

module.exports = { measureFixedRate };
