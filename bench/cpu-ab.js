'use strict';
// `node bench/cpu-ab.js --data-dir DIR [--only <scenario text>] [--amount 4000] [--rounds 5]
//   [--cpu-prof] [--strace] [--main other/dist/main.js] [--gc] [--port 18190 --pg-port 54459]`
// (--port/--pg-port: so that two worktrees can measure at the same time)
// A/B measure for one code change while other work shares the machine: starts the BUILT service on a
// data set made by `npm run bench:data -- --data-dir DIR` and sends each scenario a FIXED number of
// requests (not a duration), several rounds, and prints the service's CPU time per request (user + system
// from /proc, min and median of the rounds). CPU per request moves far less with the machine's load than
// throughput does; the min of several rounds is the least disturbed. With --strace, the system calls the
// service makes per request (strace -c -f on it; counts are exact, times are not).
const { spawn } = require('node:child_process');
const { readFileSync, mkdirSync } = require('node:fs');
const { join } = require('node:path');
const autocannon = require('autocannon');
const { newSigner } = require('./lib/digest');
const { scenarios } = require('./lib/scenarios');
const { ROOT, cpuSplitMs, startService } = require('./lib/service');

function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  if (index < 0) return fallback;
  const value = process.argv[index + 1];
  return value === undefined || value.startsWith('--') ? true : value;
}

const DATA_DIR = option('data-dir', './data-bench');
const ONLY = option('only', undefined);
const AMOUNT = Number(option('amount', 4000));
const ROUNDS = Number(option('rounds', 5));
const CONNECTIONS = Number(option('connections', 10));
const CPU_PROF = option('cpu-prof', false);
const STRACE = option('strace', false);
// A copy of another build (e.g. `cp -r dist /tmp/dist-before` before a change) to measure it the same way.
const MAIN = option('main', undefined);
// Garbage collections per request with a 1 MB young generation: a count of what the requests allocate
// that does not depend on the machine's load (the service's --trace-gc lines, read from its log).
const GC = option('gc', false);

function cannon(baseUrl, scenario, state, signers, amount) {
  let clientIndex = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: baseUrl,
        connections: CONNECTIONS,
        amount,
        timeout: 30,
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
              if (scenario.auth === 'digest')
                headers.authorization = signer.authorization(built.method, built.path);
              if (scenario.auth === 'agent')
                headers.authorization = `Basic ${Buffer.from(`${state.groupId}:${state.agentKey}`).toString('base64')}`;
              return { ...built, headers };
            };
          });
          iterator.currentRequestIndex = 0;
          iterator.currentRequest = iterator.requests[0];
          iterator.rebuildRequest();
        },
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

function straced(pid) {
  const child = spawn('strace', ['-c', '-f', '-p', String(pid)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let text = '';
  child.stderr.on('data', (chunk) => (text += chunk));
  return {
    stop: () =>
      new Promise((done) => {
        child.once('exit', () => done(text));
        child.kill('SIGINT');
      }),
  };
}

async function main() {
  const state = JSON.parse(readFileSync(join(DATA_DIR, 'bench-state.json'), 'utf8'));
  const profDir = CPU_PROF ? join(ROOT, 'bench', 'results', 'profiles') : undefined;
  if (profDir) mkdirSync(profDir, { recursive: true });
  const service = await startService({
    dataDir: DATA_DIR,
    port: Number(option('port', 18190)),
    pgPort: Number(option('pg-port', 54459)),
    cpuProf: profDir,
    main: MAIN,
    nodeArgs: GC ? ['--trace-gc', '--max-semi-space-size=1'] : [],
  });
  const logFile = join(DATA_DIR, 'service.log');
  const scavenges = () => (readFileSync(logFile, 'utf8').match(/Scavenge/g) || []).length;
  try {
    for (const scenario of scenarios(state)) {
      if (ONLY && !scenario.name.includes(ONLY)) continue;
      const signers = async () =>
        scenario.auth === 'digest'
          ? Promise.all(Array.from({ length: CONNECTIONS }, () => newSigner(service.baseUrl, state.owner)))
          : undefined;
      await cannon(service.baseUrl, scenario, state, await signers(), Math.min(AMOUNT, 1000));
      const perRequest = [];
      const userPerRequest = [];
      const gcBefore = GC ? scavenges() : 0;
      let requests = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const s = await signers();
        const before = cpuSplitMs(service.child.pid);
        const result = await cannon(service.baseUrl, scenario, state, s, AMOUNT);
        const after = cpuSplitMs(service.child.pid);
        if (result.non2xx + result.errors + result.timeouts > 0)
          throw new Error(`${scenario.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
        const user = after.user - before.user;
        requests += result.requests.total;
        perRequest.push((user + after.system - before.system) / result.requests.total);
        userPerRequest.push(user / result.requests.total);
      }
      const show = (values) => {
        const sorted = [...values].sort((a, b) => a - b);
        return `min ${sorted[0].toFixed(3)} median ${sorted[Math.floor(sorted.length / 2)].toFixed(3)}`;
      };
      console.log(
        `${scenario.name}: CPU ms/req ${show(perRequest)}; user only ${show(userPerRequest)} ` +
          `(rounds ${perRequest.map((v) => v.toFixed(3)).join(' ')})`,
      );
      if (GC) {
        // Signers' challenges are a handful of requests per round: negligible beside AMOUNT.
        console.log(
          `  scavenges (1 MB young generation) per 1,000 requests: ${((1000 * (scavenges() - gcBefore)) / requests).toFixed(1)}`,
        );
      }
      if (STRACE) {
        const s = await signers();
        const trace = straced(service.child.pid);
        await new Promise((done) => setTimeout(done, 500));
        const result = await cannon(service.baseUrl, scenario, state, s, Math.min(AMOUNT, 1000));
        const text = await trace.stop();
        const calls = [...text.matchAll(/^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(?:\d+\s+)?(\w+)$/gm)]
          .map((m) => [m[2], Number(m[1]) / result.requests.total])
          .filter(([, n]) => n >= 0.05)
          .map(([name, n]) => `${name} ${n.toFixed(2)}`);
        console.log(`  syscalls per request: ${calls.join(', ')}`);
      }
    }
  } finally {
    await service.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
