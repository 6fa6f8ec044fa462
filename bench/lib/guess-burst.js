'use strict';
// Guess burst: wrong Digest answers for the owner written at the same instant on connections opened
// beforehand, all with one nonce, from a separate process (guess-burst-sender.js), while this process
// polls GET /health on its own keep-alive connection. Reports the time until every answer arrived, the
// answers by status, the service's CPU per answer and the /health latencies polled meanwhile. Each round
// sends from its own loopback address (127.0.0.2, .3 ...), so every round meets fresh (name, address) and
// address buckets, as the first burst of a new guesser would.
const { fork } = require('node:child_process');
const { connect } = require('node:net');
const os = require('node:os');
const { join } = require('node:path');
const { DigestSigner, fetchChallenge } = require('./digest');
const { cpuSplitMs } = require('./service');

const PATH = '/api/public/v1.0/orgs';
const TARGET_MS = 500;

// Sequential GET /health on one keep-alive connection until stop() is called; latencies in ms.
function pollHealth(host, port) {
  const latencies = [];
  let stopped = false;
  let socket;
  const done = new Promise((resolve, reject) => {
    socket = connect({ host, port });
    socket.setNoDelay(true);
    let buffered = '';
    let started;
    const ask = () => {
      if (stopped) return resolve();
      buffered = '';
      started = process.hrtime.bigint();
      socket.write(`GET /health HTTP/1.1\r\nHost: ${host}:${port}\r\n\r\n`);
    };
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1');
      const end = buffered.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number((buffered.match(/\r\ncontent-length:\s*(\d+)/i) || [])[1] || 0);
      if (buffered.length < end + 4 + length) return;
      if (!buffered.startsWith('HTTP/1.1 200')) return reject(new Error(`/health: ${buffered.slice(0, 40)}`));
      latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
      ask();
    });
    socket.once('error', reject);
    socket.once('connect', ask);
  });
  return {
    async stop() {
      stopped = true;
      await done;
      socket.destroy();
      return latencies;
    },
  };
}

function fromSender(sender, type) {
  return new Promise((resolve, reject) => {
    const listener = (message) => {
      if (message.type === 'failed') reject(new Error(message.message));
      else if (message.type !== type) return;
      sender.off('message', listener);
      resolve(message);
    };
    sender.on('message', listener);
  });
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor((sorted.length - 1) / 2)];
}

const round1 = (n) => Math.round(n * 10) / 10;

async function oneBurst({ baseUrl, owner, pid, answers, sourceAddress }) {
  const { hostname, port } = new URL(baseUrl);
  const challenge = await fetchChallenge(baseUrl, PATH);
  const heads = Array.from({ length: answers }, (_, i) => {
    const signer = new DigestSigner(owner.publicKey, `wrong-guess-${i}`, challenge);
    return (
      `GET ${PATH} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
      `Authorization: ${signer.authorization('GET', PATH)}\r\n\r\n`
    );
  });
  const sender = fork(join(__dirname, 'guess-burst-sender.js'), [], { stdio: 'inherit' });
  try {
    const opened = fromSender(sender, 'open');
    sender.send({ type: 'open', host: hostname, port: Number(port), heads, localAddress: sourceAddress });
    await opened;
    // Let the accepted connections settle, and the poller start, before the writes.
    const poller = pollHealth(hostname, Number(port));
    await new Promise((done) => setTimeout(done, 300));
    const load = os.loadavg()[0];
    const cpuBefore = cpuSplitMs(pid);
    const answered = fromSender(sender, 'answered');
    sender.send({ type: 'fire' });
    const result = await answered;
    const cpuAfter = cpuSplitMs(pid);
    const health = await poller.stop();
    const byStatus = {};
    for (const status of result.statuses) byStatus[status] = (byStatus[status] || 0) + 1;
    const cpuMs = cpuAfter.user - cpuBefore.user + cpuAfter.system - cpuBefore.system;
    return {
      sourceAddress,
      answeredMs: Math.round(result.ms),
      byStatus,
      maxRetryAfterS: Math.max(0, ...result.retryAfter.filter((s) => s !== undefined)),
      serviceCpuMs: cpuMs,
      serviceCpuMsPerAnswer: Math.round((100 * cpuMs) / answers) / 100,
      healthPolls: health.length,
      worstHealthMs: round1(Math.max(0, ...health)),
      medianHealthMs: round1(median(health)),
      load1: Math.round(load * 100) / 100,
    };
  } finally {
    if (sender.connected) sender.send({ type: 'close' });
    await new Promise((done) => (sender.exitCode === null ? sender.once('exit', done) : done()));
  }
}

// options: { baseUrl, owner, pid (the service's), answers, rounds, log }
async function measureGuessBurst(options) {
  const rounds = [];
  for (let r = 0; r < options.rounds; r++) {
    const round = await oneBurst({ ...options, sourceAddress: `127.0.0.${2 + r}` });
    options.log(`guess burst round ${r + 1}: ${JSON.stringify(round)}`);
    rounds.push(round);
    await new Promise((done) => setTimeout(done, 1000));
  }
  const worst = (field) => Math.max(...rounds.map((round) => round[field]));
  return {
    answers: options.answers,
    targetMs: TARGET_MS,
    rounds,
    medianAnsweredMs: median(rounds.map((round) => round.answeredMs)),
    worstAnsweredMs: worst('answeredMs'),
    medianWorstHealthMs: median(rounds.map((round) => round.worstHealthMs)),
    worstHealthMs: worst('worstHealthMs'),
    met: worst('answeredMs') < TARGET_MS && worst('worstHealthMs') < TARGET_MS,
  };
}

module.exports = { GUESS_BURST_NAME: 'guess burst', measureGuessBurst };
