import { connect, type Socket } from 'node:net';
import { assertConformsToOpenApi } from './checked-request';
import { parseWireResponse, wireRequestHead, type WireResponse } from './wire-response';

export type { WireResponse } from './wire-response';

// One HTTP/1.1 connection opened ahead of its request, for what an HTTP client library cannot do: many
// requests written at the same instant on connections already open (no connection set-up to spread them
// out), or a request whose body is still being sent when the answer comes. The answer is read as the
// bytes came (Content-Length bodies only) and checked against the OpenAPI document like every other one,
// though only when the test asks (checkAgainstOpenApi): checking each as it comes would run the checker in
// the middle of the burst, in the service's own process, and space the requests out.
export class WireConnection {
  private buffered = Buffer.alloc(0);
  private waiting: ((response: WireResponse) => void) | undefined;
  private failed: ((error: Error) => void) | undefined;
  private answer: WireResponse | undefined;
  private error: Error | undefined;
  private lastPath = '/';
  private lastMethod = 'GET';

  private constructor(
    private readonly socket: Socket,
    private readonly origin: string,
  ) {
    socket.on('data', (chunk: Buffer) => {
      this.buffered = Buffer.concat([this.buffered, chunk]);
      this.parse();
    });
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error('connection closed before a whole answer came')));
  }

  static open(url: string, localAddress?: string): Promise<WireConnection> {
    const { hostname, port } = new URL(url);
    return new Promise((resolve, reject) => {
      const socket = connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port), localAddress });
      socket.once('connect', () => resolve(new WireConnection(socket, `http://${hostname}:${port}`)));
      socket.once('error', reject);
    });
  }

  static openMany(url: string, count: number, localAddress?: string): Promise<WireConnection[]> {
    return Promise.all(Array.from({ length: count }, () => WireConnection.open(url, localAddress)));
  }

  // The request head; the body (if any) follows through write(). Raw header lines are sent as given, so
  // a test can repeat a header or fold one.
  head(method: string, path: string, headerLines: string[]): void {
    this.lastMethod = method;
    this.lastPath = path;
    this.socket.write(wireRequestHead(method, path, new URL(this.origin).host, headerLines));
  }

  // Resolves once the bytes left for the kernel (false when the connection is gone).
  write(bytes: Buffer | string): Promise<boolean> {
    return new Promise((resolve) => {
      if (this.socket.destroyed || !this.socket.writable) return resolve(false);
      this.socket.write(bytes, (error) => resolve(!error));
    });
  }

  get writable(): boolean {
    return !this.socket.destroyed && this.socket.writable;
  }

  response(): Promise<WireResponse> {
    if (this.answer) return Promise.resolve(this.answer);
    if (this.error) return Promise.reject(this.error);
    return new Promise((resolve, reject) => {
      this.waiting = resolve;
      this.failed = reject;
    });
  }

  send(method: string, path: string, headerLines: string[], body = ''): Promise<WireResponse> {
    const lines = body === '' ? headerLines : [...headerLines, `Content-Length: ${Buffer.byteLength(body)}`];
    this.head(method, path, lines);
    if (body !== '') this.socket.write(body);
    return this.response();
  }

  checkAgainstOpenApi(): void {
    if (!this.answer) throw new Error(`no answer to ${this.lastMethod} ${this.lastPath} yet`);
    assertConformsToOpenApi({
      method: this.lastMethod,
      url: `${this.origin}${this.lastPath}`,
      status: this.answer.status,
      headers: this.answer.headers,
      body: this.answer.text,
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private fail(error: Error): void {
    if (this.answer || this.error) return;
    this.error = error;
    this.failed?.(error);
  }

  private parse(): void {
    if (this.answer) return;
    this.answer = parseWireResponse(this.buffered);
    if (this.answer) this.waiting?.(this.answer);
  }
}
