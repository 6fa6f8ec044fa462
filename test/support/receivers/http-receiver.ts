import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
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
  // Answers only a request to this path (and query), so another test's or project's delivery that reaches
  // the receiver first does not use it up.
  path?: string;
}

const DEFAULT_RESPONSE: ScriptedResponse = { status: 200, body: { ok: true } };

// A local HTTP receiver on 127.0.0.1 and a random port that records every request and answers from a
// script (e.g. 503, 503, then 200), falling back to a default answer once the script is used up.
export class HttpReceiver {
  readonly requests: ReceivedRequest[] = [];
  private readonly server: Server = createServer((request, response) => this.receive(request, response));
  private listeningPort = 0;
  private script: ScriptedResponse[] = [];
  private fallback: ScriptedResponse = DEFAULT_RESPONSE;
  private waiters: Array<() => void> = [];
  private readonly timers = new Set<NodeJS.Timeout>();

  private constructor() {}

  static async start(): Promise<HttpReceiver> {
    const receiver = new HttpReceiver();
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    receiver.listeningPort = (receiver.server.address() as AddressInfo).port;
    return receiver;
  }

  get port(): number {
    return this.listeningPort;
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
    this.fallback = DEFAULT_RESPONSE;
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

  private receive(request: IncomingMessage, response: ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const rawBody = Buffer.concat(chunks);
      const text = rawBody.toString('utf8');
      this.record({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        rawBody,
        text,
        json: () => JSON.parse(text),
      });
      const scripted = this.nextScripted(request.url ?? '');
      const answer = (): void => {
        const { body } = scripted;
        const headers: Record<string, string> = { ...scripted.headers };
        if (typeof body === 'object') headers['Content-Type'] ??= 'application/json';
        const payload = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
        response.writeHead(scripted.status, headers).end(payload);
      };
      if (scripted.delayMs) this.later(answer, scripted.delayMs);
      else answer();
    });
  }

  private nextScripted(path: string): ScriptedResponse {
    const index = this.script.findIndex((entry) => entry.path === undefined || entry.path === path);
    if (index < 0) return this.fallback;
    return this.script.splice(index, 1)[0];
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
}
