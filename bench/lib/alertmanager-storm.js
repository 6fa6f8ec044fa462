'use strict';
// One run of the alert storm against Prometheus Alertmanager, for comparison with our own (driven by
// bench/alertmanager-storm.sh, which starts Alertmanager with its webhook at this process's receiver):
// listens on --receiver-port, posts --alerts HostDown alerts spread over --replica-sets replica sets in one
// POST to --alertmanager's /api/v2/alerts, and prints one JSON line timed from that POST's answer: webhook
// calls, alerts carried (and distinct hosts), first and last call. It stops once every host has arrived and
// nothing more came for --settle-ms (so a duplicate or a late extra message is still counted), or after
// --timeout-ms.
const http = require('node:http');
const { setTimeout, clearTimeout } = require('node:timers');

function options(argv) {
  const wanted = {
    alertmanager: undefined,
    'receiver-port': undefined,
    alerts: 1000,
    'replica-sets': 10,
    'settle-ms': 2000,
    'timeout-ms': 30000,
  };
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i].replace(/^--/, '');
    if (!(name in wanted) || argv[i + 1] === undefined)
      throw new Error(`unknown or valueless option ${argv[i]}`);
    wanted[name] = name === 'alertmanager' ? argv[i + 1] : Number(argv[i + 1]);
  }
  if (!wanted.alertmanager || !Number.isInteger(wanted['receiver-port'])) {
    throw new Error('--alertmanager URL and --receiver-port PORT are required');
  }
  return wanted;
}

function hostName(index) {
  return `h${String(index + 1).padStart(4, '0')}`;
}

function alerts(count, replicaSets) {
  return Array.from({ length: count }, (_, index) => ({
    labels: { alertname: 'HostDown', host: hostName(index), replica_set: `rs${index % replicaSets}` },
  }));
}

function post(url, body) {
  return new Promise((resolve, reject) => {
    const payload = Buffer.from(JSON.stringify(body));
    const request = http.request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': payload.length } },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

async function main() {
  const opts = options(process.argv.slice(2));
  const received = { calls: 0, alerts: 0, hosts: new Set(), groups: new Set(), times: [] };
  let settleTimer;
  let finish;
  const finished = new Promise((resolve) => (finish = resolve));

  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const now = process.hrtime.bigint();
      response.writeHead(200).end();
      const message = JSON.parse(Buffer.concat(chunks).toString());
      received.calls += 1;
      received.times.push(now);
      received.groups.add(message.groupKey);
      for (const alert of message.alerts) {
        received.alerts += 1;
        received.hosts.add(alert.labels.host);
      }
      if (received.hosts.size >= opts.alerts) {
        clearTimeout(settleTimer);
        settleTimer = setTimeout(finish, opts['settle-ms']);
      }
    });
  });
  server.keepAliveTimeout = 60000;
  await new Promise((resolve) => server.listen(opts['receiver-port'], '127.0.0.1', resolve));

  const sentAt = process.hrtime.bigint();
  const answer = await post(`${opts.alertmanager}/api/v2/alerts`, alerts(opts.alerts, opts['replica-sets']));
  const answeredAt = process.hrtime.bigint();
  if (answer.status !== 200) throw new Error(`Alertmanager answered ${answer.status}: ${answer.body}`);
  const timeout = setTimeout(finish, opts['timeout-ms']);
  await finished;
  clearTimeout(timeout);
  server.closeAllConnections();
  server.close();

  const ms = (at) => Math.round(Number(at - answeredAt) / 1e6);
  const last = received.times.at(-1);
  console.log(
    JSON.stringify({
      postAnsweredMs: Math.round(Number(answeredAt - sentAt) / 1e6),
      calls: received.calls,
      groups: received.groups.size,
      alerts: received.alerts,
      distinctHosts: received.hosts.size,
      firstMs: received.times.length ? ms(received.times[0]) : null,
      lastMs: last === undefined ? null : ms(last),
      // Alertmanager dispatches alerts as it ingests them, so calls can land before the POST is answered.
      lastSinceSentMs: last === undefined ? null : Math.round(Number(last - sentAt) / 1e6),
      perSecond:
        last === undefined
          ? null
          : Math.round(received.alerts / Math.max(Number(last - answeredAt) / 1e9, 1e-3)),
      complete: received.hosts.size >= opts.alerts,
    }),
  );
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
