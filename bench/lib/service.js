'use strict';
/* global fetch, setInterval, clearInterval */
// Starts the BUILT service (node dist/main.js) as production does: embedded Postgres under DATA_DIR
// when DATABASE_URL is unset. Samples its peak RSS from /proc (VmHWM, the kernel's high-water mark).
const { spawn } = require('node:child_process');
const { existsSync, openSync, readFileSync } = require('node:fs');
const { join, resolve } = require('node:path');

const ROOT = resolve(__dirname, '..', '..');
const MAIN = join(ROOT, 'dist', 'main.js');

function procStatus(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field) => Number((text.match(new RegExp(`${field}:\\s+(\\d+) kB`)) || [])[1] || 0);
    return { rssKb: kb('VmRSS'), hwmKb: kb('VmHWM') };
  } catch {
    return { rssKb: 0, hwmKb: 0 };
  }
}

async function waitFor(url, timeoutMs, child) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child && child.exitCode !== null) throw new Error(`service exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status === 200) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 25));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

// options: { dataDir, port, pgPort, cpuProf (directory), env, main (another build's main.js, for A/B),
//   nodeArgs (extra node flags, e.g. --trace-gc) }
async function startService(options) {
  const main = options.main || MAIN;
  // A build running meanwhile (nest build empties dist/ first) gets up to a minute to finish.
  for (let waited = 0; !existsSync(main); waited += 1000) {
    if (waited >= 60_000) throw new Error('dist/main.js is missing: run `npm run build` first');
    await new Promise((done) => setTimeout(done, 1000));
  }
  const log = openSync(join(options.dataDir, 'service.log'), 'a');
  // The heap cap production starts with (Dockerfile, npm start).
  const heap = '--max-old-space-size=192';
  const args = [
    heap,
    ...(options.nodeArgs || []),
    ...(options.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProf}`] : []),
    main,
  ];
  const started = Date.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      EMBEDDED_PG_PORT: String(options.pgPort),
      ...options.env,
    },
    stdio: ['ignore', log, log],
  });
  const baseUrl = `http://127.0.0.1:${options.port}`;
  await waitFor(`${baseUrl}/health`, 120_000, child);
  const startupMs = Date.now() - started;
  const databaseUrl =
    process.env.DATABASE_URL || `postgres://postgres:postgres@127.0.0.1:${options.pgPort}/dms`;
  return {
    child,
    baseUrl,
    databaseUrl,
    startupMs,
    status: () => procStatus(child.pid),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

// User + system CPU time of a process in ms (clock ticks of 10 ms): robust to other load on the machine.
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

// Polls RSS while `work` runs; VmHWM is process-lifetime, so the peak per scenario is the polled max.
async function withRssSampling(pid, work, intervalMs = 100) {
  let peakKb = procStatus(pid).rssKb;
  const timer = setInterval(() => {
    peakKb = Math.max(peakKb, procStatus(pid).rssKb);
  }, intervalMs);
  try {
    const result = await work();
    peakKb = Math.max(peakKb, procStatus(pid).rssKb);
    return { result, peakRssMb: Math.round(peakKb / 1024) };
  } finally {
    clearInterval(timer);
  }
}

// User and system CPU time apart (ms): JavaScript work is user time; socket writes are system time.
function cpuSplitMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
  } catch {
    return { user: 0, system: 0 };
  }
}

module.exports = { ROOT, startService, waitFor, procStatus, withRssSampling, cpuMs, cpuSplitMs };
