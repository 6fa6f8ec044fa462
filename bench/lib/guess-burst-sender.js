'use strict';
// The sending side of the guess burst (bench/lib/guess-burst.js), forked as its own process so that
// writing 500 requests and reading 500 answers is not counted in the service's CPU nor queued in the
// poller's event loop. Messages from the parent: { type: 'open', host, port, heads, localAddress } opens one
// connection per request head (from localAddress) and answers { type: 'open' }; { type: 'fire' } writes every head at once and answers
// { type: 'answered', ms, statuses, retryAfter } once every connection has its answer (ms: from the
// writes to the last answer, as the sender saw it).
const { connect } = require('node:net');

let sockets = [];
let heads = [];

// Status and Retry-After of one HTTP/1.1 answer once its head and Content-Length body are whole.
function parse(buffered) {
  const end = buffered.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const head = buffered.subarray(0, end).toString('latin1');
  const length = Number((head.match(/\r\ncontent-length:\s*(\d+)/i) || [])[1] || 0);
  if (buffered.length < end + 4 + length) return undefined;
  const retryAfter = (head.match(/\r\nretry-after:\s*(\d+)/i) || [])[1];
  return { status: Number(head.split(' ', 2)[1]), retryAfter: retryAfter && Number(retryAfter) };
}

function open(host, port, localAddress) {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, localAddress });
    socket.setNoDelay(true);
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

function fire() {
  const started = process.hrtime.bigint();
  const statuses = new Array(heads.length);
  const retryAfter = new Array(heads.length);
  let left = heads.length;
  sockets.forEach((socket, index) => {
    let buffered = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      const answer = parse(buffered);
      if (!answer || statuses[index] !== undefined) return;
      statuses[index] = answer.status;
      retryAfter[index] = answer.retryAfter;
      if (--left === 0) {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        process.send({ type: 'answered', ms, statuses, retryAfter });
      }
    });
    socket.on('error', (error) => process.send({ type: 'failed', message: `connection ${index}: ${error.message}` }));
  });
  for (let i = 0; i < sockets.length; i++) sockets[i].write(heads[i]);
}

process.on('message', (message) => {
  if (message.type === 'open') {
    heads = message.heads;
    Promise.all(heads.map(() => open(message.host, message.port, message.localAddress))).then(
      (opened) => {
        sockets = opened;
        process.send({ type: 'open' });
      },
      (error) => process.send({ type: 'failed', message: error.message }),
    );
  } else if (message.type === 'fire') {
    fire();
  } else {
    for (const socket of sockets) socket.destroy();
    process.disconnect();
  }
});
