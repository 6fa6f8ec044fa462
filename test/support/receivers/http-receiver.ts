import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  // Path and query string as sent.
  path: string;
  // Lowercase names, as node parses them.
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  text: string;
  json(): any;
}

export interface ScriptedResponse {
  status: number;
  headers?: Record<string, string>;
  // An object is sent as JSON.
  body?: string | object;
  // Wait before answering (timeouts).
  delayMs?: number;
}

// A local HTTP receiver on 127.0.0.1 and a random port that records every request and answers from a
// script (e.g. 503, 503, then 200), falling back to a default answer once the script is used up.
export class HttpReceiver {
  readonly requests: ReceivedRequest[] = [];
  private script: ScriptedResponse[] = [];
  private fallback: ScriptedResponse = { status: 200, body: { ok: true } };
  private waiters: Array<() => void> = [];
  private readonly timers = new Set<NodeJS.Timeout>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(): Promise<HttpReceiver> {
    let receiver: HttpReceiver | undefined;
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const rawBody = Buffer.concat(chunks);
        const text = rawBody.toString('utf8');
        receiver!.record({
          method: request.method ?? '',
          path: request.url ?? '',
          headers: request.headers,
          rawBody,
          text,
          json: () => JSON.parse(text),
        });
        const scripted = receiver!.next();
        const answer = (): void => {
          const body =
            scripted.body === undefined
              ? ''
              : typeof scripted.body === 'string'
                ? scripted.body
                : JSON.stringify(scripted.body);
          const headers: Record<string, string> = { ...scripted.headers };
          if (typeof scripted.body === 'object') headers['Content-Type'] ??= 'application/json';
          response.writeHead(scripted.status, headers).end(body);
        };
        if (scripted.delayMs) receiver!.later(answer, scripted.delayMs);
        else answer();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiver = new HttpReceiver(server, (server.address() as AddressInfo).port);
    return receiver;
  }

  url(path = '/'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  // Answers for the next requests, in order.
  respondWith(...responses: ScriptedResponse[]): void {
    this.script.push(...responses);
  }

  // The answer once the script is used up.
  respondByDefault(response: ScriptedResponse): void {
    this.fallback = response;
  }

  reset(): void {
    this.requests.length = 0;
    this.script = [];
    this.fallback = { status: 200, body: { ok: true } };
  }

  // Resolves once `count` requests have arrived in all.
  async waitFor(count: number, timeoutMs = 5000): Promise<ReceivedRequest[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.requests.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`expected ${count} requests, received ${this.requests.length}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.requests.slice(0, count);
  }

  async close(): Promise<void> {
    this.timers.forEach((timer) => clearTimeout(timer));
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private record(request: ReceivedRequest): void {
    this.requests.push(request);
    const waiters = this.waiters;
    this.waiters = [];
    waiters.forEach((wake) => wake());
  }

  private later(action: () => void, delayMs: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      action();
    }, delayMs);
    this.timers.add(timer);
  }

  private next(): ScriptedResponse {
    return this.script.shift() ?? this.fallback;
  }
}
