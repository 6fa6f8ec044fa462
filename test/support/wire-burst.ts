import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { assertConformsToOpenApi } from './checked-request';
import type { FromWorker, ToWorker, WireBurstTarget } from './wire-burst.worker';
import { wireRequestHead, type WireResponse } from './wire-response';

export interface WireRequest {
  method: string;
  path: string;
  headerLines: string[];
}

// Many HTTP/1.1 connections opened ahead of their requests, written at the same instant from a worker
// thread (see wire-burst.worker.ts). In the test's own thread, as WireConnection does it, the client's
// share of the work (writing 500 requests, reading 500 answers) would queue in the service's event loop
// beside the service's own and make a probe like /health look slower than the service makes it.
// Answers are checked against the OpenAPI document here, once the test asks.
export class WireBurst {
  private readonly requests = new Map<number, WireRequest>();
  private readonly singles = new Map<number, (response: WireResponse) => void>();
  private watched: (() => void) | undefined;
  private all:
    | { resolve: (responses: Array<WireResponse | undefined>) => void; reject: (error: Error) => void }
    | undefined;
  private failure: Error | undefined;
  private responses: Array<WireResponse | undefined> = [];

  private constructor(
    private readonly worker: Worker,
    private readonly urls: string[],
  ) {
    worker.on('message', (message: FromWorker) => this.receive(message));
  }

  // One connection per url, all open when this resolves.
  static open(urls: string[]): Promise<WireBurst> {
    const targets: WireBurstTarget[] = urls.map((url) => {
      const { hostname, port } = new URL(url);
      return { host: hostname.replace(/^\[|\]$/g, ''), port: Number(port) };
    });
    // The worker is TypeScript like the rest of the tests; ts-node compiles it (and wire-response.ts,
    // its only local import) in the worker's own thread.
    const worker = new Worker(
      `require('ts-node').register({ transpileOnly: true, compilerOptions: { module: 'commonjs' } });
       require(${JSON.stringify(join(__dirname, 'wire-burst.worker.ts'))});`,
      { eval: true, workerData: targets },
    );
    const burst = new WireBurst(worker, urls);
    return new Promise((resolve, reject) => {
      const early = (message: FromWorker): void => {
        if (message.type === 'open') resolve(burst);
        if (message.type === 'failed') reject(new Error(message.message));
        if (message.type === 'open' || message.type === 'failed') worker.off('message', early);
      };
      worker.on('message', early);
      worker.once('error', reject);
    });
  }

  // Writes requests[i] on connection i, every one at once (undefined: nothing on that connection yet).
  // The promise resolves once one of the connections below `watch.below` is answered with `watch.status`.
  fire(requests: Array<WireRequest | undefined>, watch?: { status: number; below: number }): Promise<void> {
    requests.forEach((request, index) => request && this.requests.set(index, request));
    const heads = requests.map((request, index) => request && this.head(index, request));
    const seen = new Promise<void>((resolve) => (this.watched = resolve));
    this.post({ type: 'fire', heads, watch });
    return seen;
  }

  // Every answer to the fired requests, by connection (undefined where nothing was fired).
  answers(): Promise<Array<WireResponse | undefined>> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.responses.length > 0) return Promise.resolve(this.responses);
    return new Promise((resolve, reject) => (this.all = { resolve, reject }));
  }

  // One more request, on a connection nothing was fired on; resolves with its answer.
  send(index: number, request: WireRequest): Promise<WireResponse> {
    this.requests.set(index, request);
    const answer = new Promise<WireResponse>((resolve) => this.singles.set(index, resolve));
    this.post({ type: 'send', index, head: this.head(index, request) });
    return answer;
  }

  checkAgainstOpenApi(index: number, response: WireResponse): void {
    const request = this.requests.get(index);
    if (!request) throw new Error(`nothing was sent on connection ${index}`);
    const { origin } = new URL(this.urls[index]);
    assertConformsToOpenApi({
      method: request.method,
      url: `${origin}${request.path}`,
      status: response.status,
      headers: response.headers,
      body: response.text,
    });
  }

  async close(): Promise<void> {
    this.post({ type: 'close' });
    await this.worker.terminate();
  }

  private head(index: number, request: WireRequest): string {
    return wireRequestHead(request.method, request.path, new URL(this.urls[index]).host, request.headerLines);
  }

  private post(message: ToWorker): void {
    this.worker.postMessage(message);
  }

  private receive(message: FromWorker): void {
    if (message.type === 'watched') this.watched?.();
    else if (message.type === 'answer') this.singles.get(message.index)?.(message.response);
    else if (message.type === 'answers') {
      this.responses = message.responses;
      this.all?.resolve(message.responses);
    } else if (message.type === 'failed') {
      this.failure ??= new Error(message.message);
      this.all?.reject(this.failure);
    }
  }
}
