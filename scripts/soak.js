'use strict';
// `npm run soak -- --minutes N`: mixed API traffic (reads, acknowledgements, configuration changes, events
// pages) from several Digest clients plus agents reporting hosts and measurements, against a service it
// starts itself (dist/main.js on an embedded Postgres in a temporary directory; `npm run build` first)
// or against --url. Every 10 s: req/s, errors (5xx and network failures), p99 latency and the service's
// RSS (its /metrics process_resident_memory_bytes). Exits 1 on any error or when RSS at the end exceeds
// 1.5x the RSS after the first minute (growth without bound).
//
// Options: --minutes <n> (default 10)  --clients <n> (default 8)  --agents <n> hosts reporting (default 3)
//          --url <origin> a running service with no user yet, or with --public-key/--private-key
const { spawn } = require('node:child_process');
const { mkdtempSync, rmSync } = require('node:fs');
const { createServer } = require('node:net');
const { tmpdir } = require('node:os');
const { join, resolve } = require('node:path');
const { setInterval, clearInterval } = require('node:timers');
const { request } = require('urllib');

function parseArgs(argv) {
  const options = {};
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i].replace(/^--/, '').split('=', 2);
    options[name] = inline !== undefined ? inline : argv[++i];
  }
  return options;
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

async function startService() {
  const dir = mkdtempSync(join(tmpdir(), 'dms-soak-'));
  const port = await freePort();
  // The heap cap production starts with (Dockerfile, npm start): the soak watches the RSS it really runs with.
  const child = spawn(
    process.execPath,
    ['--max-old-space-size=192', resolve(__dirname, '..', 'dist', 'main.js')],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        EMBEDDED_PG_PORT: String(await freePort()),
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`);
    const up = await request(`${url}/health`, { timeout: 2000 }).catch(() => undefined);
    if (up && up.status === 200) break;
    await sleep(200);
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((done) => (child.exitCode !== null ? done() : child.once('exit', done)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

class Stats {
  constructor() {
    this.window = [];
    this.errors = 0;
    this.total = 0;
    this.errorSamples = [];
  }
  record(ms, ok, what) {
    this.window.push(ms);
    this.total++;
    if (!ok) {
      this.errors++;
      if (this.errorSamples.length < 10) this.errorSamples.push(what);
    }
  }
  drain() {
    const sorted = this.window.sort((a, b) => a - b);
    this.window = [];
    return {
      count: sorted.length,
      p99: sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] : 0,
    };
  }
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const minutes = Number(options.minutes ?? 10);
  const clients = Number(options.clients ?? 8);
  const hosts = Number(options.agents ?? 3);
  const own = options.url ? undefined : await startService();
  const base = options.url ?? own.url;
  const api = `${base}/api/public/v1.0`;
  const stats = new Stats();

  async function send(method, url, { auth, body, headers } = {}) {
    const started = process.hrtime.bigint();
    let status = 0;
    let data;
    try {
      const response = await request(url, {
        method,
        digestAuth: auth,
        headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
        content: body !== undefined ? JSON.stringify(body) : undefined,
        dataType: 'text',
        timeout: 30000,
      });
      status = response.status;
      data = response.data;
    } catch (error) {
      data = String(error);
    }
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    stats.record(
      ms,
      status > 0 && status < 500,
      `${method} ${url.replace(base, '')} -> ${status} ${String(data).slice(0, 120)}`,
    );
    try {
      return { status, body: JSON.parse(String(data)) };
    } catch {
      return { status, body: undefined };
    }
  }

  let auth = options['public-key'] ? `${options['public-key']}:${options['private-key']}` : undefined;
  if (!auth) {
    const first = await send('POST', `${api}/unauth/users`, {
      body: {
        username: 'soak@example.com',
        password: 'Soak-Test-Pass-9!',
        firstName: 'Soak',
        lastName: 'Test',
        emailAddress: 'soak@example.com',
      },
    });
    if (first.status !== 201)
      throw new Error(`cannot create the first user (${first.status}); pass --public-key/--private-key`);
    auth = `${first.body.programmaticApiKey.publicKey}:${first.body.programmaticApiKey.privateKey}`;
  }
  const org = (await send('POST', `${api}/orgs`, { auth, body: { name: `soak-${Date.now()}` } })).body;
  const group = (
    await send('POST', `${api}/groups`, { auth, body: { name: `soak-${Date.now()}`, orgId: org.id } })
  ).body;
  const g = group.id;
  const agentKey = (
    await send('POST', `${api}/groups/${g}/agentapikeys`, { auth, body: { desc: 'soak agents' } })
  ).body.key;
  const configs = (await send('GET', `${api}/groups/${g}/alertConfigs`, { auth })).body.results;
  const basic = `Basic ${Buffer.from(`${g}:${agentKey}`).toString('base64')}`;

  const report = (n) => ({
    agentType: 'MONITORING',
    hostname: 'soak-agent.example.internal',
    version: '107.0.0.8465-1',
    hosts: Array.from({ length: hosts }, (_, h) => ({
      hostname: `db${h}.example.internal`,
      port: 27017,
      typeName: h === 0 ? 'REPLICA_PRIMARY' : 'REPLICA_SECONDARY',
      replicaSetName: 'rs0',
      up: true,
      measurements: [
        {
          metricName: 'CONNECTIONS',
          units: 'SCALAR',
          value: 40 + ((n + h) % 20),
          timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        },
      ],
    })),
  });

  const mix = [
    () => send('GET', `${api}/orgs`, { auth }),
    () => send('GET', `${api}/groups/${g}`, { auth }),
    () => send('GET', `${api}/groups/${g}/alerts?status=OPEN`, { auth }),
    () => send('GET', `${api}/groups/${g}/events?itemsPerPage=50`, { auth }),
    () => send('GET', `${api}/groups/${g}/hosts`, { auth }),
    () => send('GET', `${api}/groups/${g}/alertConfigs`, { auth }),
    (i) =>
      send('PATCH', `${api}/groups/${g}/alertConfigs/${configs[i % configs.length].id}`, {
        auth,
        body: { enabled: i % 2 === 0 },
      }),
    (i) =>
      send('POST', `${api}/groups/${g}/maintenanceWindows`, {
        auth,
        body: {
          alertTypeNames: ['HOST'],
          startDate: new Date(Date.now() + 3_600_000 + i).toISOString().replace(/\.\d{3}Z$/, 'Z'),
          endDate: new Date(Date.now() + 7_200_000 + i).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        },
      }),
  ];

  const deadline = Date.now() + minutes * 60_000;
  const rssSamples = [];
  const rss = async () => {
    const metrics = await request(`${base}/metrics`, { dataType: 'text', timeout: 5000 }).catch(
      () => undefined,
    );
    const match =
      metrics && /^process_resident_memory_bytes (\d+(?:\.\d+)?(?:e\+\d+)?)$/m.exec(String(metrics.data));
    return match ? Number(match[1]) : NaN;
  };
  const client = async (c) => {
    for (let i = c; Date.now() < deadline; i += clients) await mix[i % mix.length](i);
  };
  const agents = async () => {
    for (let n = 0; Date.now() < deadline; n++) {
      await send('POST', `${base}/agents/v1/groups/${g}/reports`, {
        body: report(n),
        headers: { authorization: basic },
      });
      await sleep(1000);
    }
  };
  const started = Date.now();
  const printer = setInterval(async () => {
    const { count, p99 } = stats.drain();
    const bytes = await rss();
    rssSamples.push({ at: Date.now() - started, bytes });
    process.stdout.write(
      `${String(Math.round((Date.now() - started) / 1000)).padStart(5)} s  ${(count / 10).toFixed(1).padStart(7)} req/s  ` +
        `errors ${stats.errors}  p99 ${p99.toFixed(1)} ms  rss ${(bytes / 1048576).toFixed(1)} MiB\n`,
    );
  }, 10_000);
  await Promise.all([...Array.from({ length: clients }, (_, c) => client(c)), agents()]);
  clearInterval(printer);
  await own?.stop();

  const afterWarmup = rssSamples.find((s) => s.at >= 60_000) ?? rssSamples[0];
  const last = rssSamples[rssSamples.length - 1];
  const growth = afterWarmup && last ? last.bytes / afterWarmup.bytes : 1;
  process.stdout.write(
    `soak: ${minutes} min, ${stats.total} requests, ${stats.errors} errors, ` +
      `RSS ${afterWarmup ? (afterWarmup.bytes / 1048576).toFixed(1) : '?'} -> ${last ? (last.bytes / 1048576).toFixed(1) : '?'} MiB (x${growth.toFixed(2)})\n`,
  );
  for (const sample of stats.errorSamples) process.stdout.write(`  error: ${sample}\n`);
  if (stats.errors > 0 || (minutes >= 3 && growth > 1.5)) process.exitCode = 1;
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
