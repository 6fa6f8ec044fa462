import { connect, type Socket } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { parseWireResponse, type WireResponse } from './wire-response';

// The sending side of WireBurst, in its own thread: the connections, the writes and the reading of the
// answers cost the service's thread nothing, as when the requests come from another machine.

export interface WireBurstTarget {
  host: string;
  port: number;
}

export type ToWorker =
  | { type: 'fire'; heads: Array<string | undefined>; watch?: { status: number; below: number } }
  | { type: 'send'; index: number; head: string }
  | { type: 'close' };

export type FromWorker =
  | { type: 'open' }
  | { type: 'failed'; message: string }
  | { type: 'watched' }
  | { type: 'answer'; index: number; response: WireResponse }
  | { type: 'answers'; responses: Array<WireResponse | undefined> };

const port = parentPort;
const targets = workerData as WireBurstTarget[];
const sockets: Socket[] = [];
const buffers: Buffer[] = [];
const responses: Array<WireResponse | undefined> = [];
const sent = new Set<number>();
// Answers to requests written by 'send' go back one by one; the fired ones all together at the end.
const singles = new Set<number>();
let fired = 0;
let watch: { status: number; below: number } | undefined;

function post(message: FromWorker): void {
  port?.postMessage(message);
}

function answered(index: number, response: WireResponse): void {
  if (singles.has(index)) return post({ type: 'answer', index, response });
  responses[index] = response;
  fired -= 1;
  if (watch && index < watch.below && response.status === watch.status) {
    watch = undefined;
    post({ type: 'watched' });
  }
  if (fired === 0) post({ type: 'answers', responses });
}

function open(target: WireBurstTarget, index: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: target.host, port: target.port });
    buffers[index] = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffers[index] = Buffer.concat([buffers[index], chunk]);
      if (!sent.has(index)) return;
      const response = parseWireResponse(buffers[index]);
      if (response) {
        sent.delete(index);
        answered(index, response);
      }
    });
    socket.on('error', (error) => post({ type: 'failed', message: `connection ${index}: ${error.message}` }));
    socket.once('connect', () => resolve());
    socket.once('error', reject);
    sockets[index] = socket;
  });
}

port?.on('message', (message: ToWorker) => {
  if (message.type === 'fire') {
    watch = message.watch;
    fired = message.heads.filter((head) => head !== undefined).length;
    message.heads.forEach((head, index) => {
      if (head === undefined) return;
      sent.add(index);
      sockets[index].write(head);
    });
  } else if (message.type === 'send') {
    sent.add(message.index);
    singles.add(message.index);
    sockets[message.index].write(message.head);
  } else {
    for (const socket of sockets) socket.destroy();
    port?.close();
  }
});

Promise.all(targets.map(open)).then(
  () => post({ type: 'open' }),
  (error: Error) => post({ type: 'failed', message: error.message }),
);
