import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HostResolver } from './guarded-lookup';
import { OutboundHttpClient } from './outbound-http-client';
import { withOutboundTimeout } from './outbound-deadline';
import { OutboundPolicy } from './outbound-policy';
import { OutboundRequestError } from './outbound-request-error';

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

// Every name resolves to the loopback server: the specs send traffic nowhere else.
const toLoopback: HostResolver = () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]);

describe('OutboundHttpClient', () => {
  let server: Server;
  let port: number;
  let handler: Handler;
  let hits: number;
  // Every late answer's timer, cleared at the end: a pending one would hold Jest's worker open.
  const late = new Set<NodeJS.Timeout>();

  beforeAll(async () => {
    server = createServer((request, response) => {
      hits++;
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => handler(request, Buffer.concat(chunks).toString('utf8'), response));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    late.forEach((timer) => clearTimeout(timer));
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  beforeEach(() => {
    hits = 0;
    handler = (_request, _body, response) => response.end('ok');
  });

  const client = (allowlist: string[], timeoutMs = 2000, maxResponseBytes?: number) =>
    new OutboundHttpClient(new OutboundPolicy(allowlist), {
      timeoutMs,
      maxResponseBytes,
      resolver: toLoopback,
    });

  const failureOf = async (promise: Promise<unknown>): Promise<OutboundRequestError> => {
    const error = await promise.then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(OutboundRequestError);
    return error as OutboundRequestError;
  };

  it('should send method, headers and body and return status, headers, body and latency when allowed', async () => {
    handler = (request, body, response) => {
      response.setHeader(
        'X-Seen',
        `${request.method} ${request.url} ${String(request.headers['x-test'])} ${body}`,
      );
      response.statusCode = 201;
      response.end('{"created":true}');
    };
    const answer = await client(['127.0.0.1:*']).send({
      method: 'POST',
      url: `http://127.0.0.1:${port}/hook?x=1`,
      headers: { 'X-Test': 'yes', 'Content-Type': 'application/json' },
      body: '{"a":1}',
    });
    expect(answer.status).toBe(201);
    expect(answer.headers['x-seen']).toBe('POST /hook?x=1 yes {"a":1}');
    expect(answer.body).toBe('{"created":true}');
    expect(answer.bodyTruncated).toBe(false);
    expect(answer.latencyMs).toBeGreaterThanOrEqual(0);
    expect(answer.privateTarget).toBe(true);
  });

  it('should refuse a port the allow list does not open, with latency 0 and without connecting', async () => {
    const error = await failureOf(
      client(['127.0.0.1']).send({ method: 'GET', url: `http://127.0.0.1:${port}/` }),
    );
    expect(error.failure).toBe('REFUSED');
    expect(error.message).toBe(
      `port ${port} of 127.0.0.1 is loopback (127.0.0.0/8) and not on OUTBOUND_ALLOWLIST`,
    );
    expect(error.latencyMs).toBe(0);
    expect(hits).toBe(0);
  });

  it('should refuse a host name on a port its entry does not open (checked at connect time)', async () => {
    const error = await failureOf(
      client(['relay.internal:8080']).send({ method: 'GET', url: `http://relay.internal:${port}/` }),
    );
    expect(error.failure).toBe('REFUSED');
    expect(error.message).toContain(`port ${port} of 127.0.0.1 (resolved from relay.internal)`);
    expect(hits).toBe(0);
  });

  it('should use the shorter timeout of an enclosing withOutboundTimeout', async () => {
    handler = (_request, _body, response) => {
      late.add(setTimeout(() => response.end('late'), 1000));
    };
    const error = await failureOf(
      withOutboundTimeout(150, () =>
        client(['127.0.0.1:*'], 5000).send({ method: 'GET', url: `http://127.0.0.1:${port}/` }),
      ),
    );
    expect(error.failure).toBe('TIMEOUT');
    expect(error.message).toBe('no complete answer within 150 ms');
  });

  it('should refuse a loopback literal without connecting when the allow list does not name it', async () => {
    const error = await failureOf(client([]).send({ method: 'GET', url: `http://127.0.0.1:${port}/` }));
    expect(error.failure).toBe('REFUSED');
    expect(error.message).toContain('127.0.0.1 is loopback');
    expect(hits).toBe(0);
  });

  // The URL parser turns these spellings into the dotted address before the policy sees the host, so a
  // webhook URL cannot slip an address past it by writing it in another base.
  it.each([
    ['decimal', 'http://2130706433:PORT/', '127.0.0.1 is loopback'],
    ['octal', 'http://0177.0.0.1:PORT/', '127.0.0.1 is loopback'],
    ['hexadecimal', 'http://0x7f.0x0.0x0.0x1:PORT/', '127.0.0.1 is loopback'],
    ['short', 'http://127.1:PORT/', '127.0.0.1 is loopback'],
    ['octal private', 'http://012.0.0.1:PORT/', '10.0.0.1 is private'],
    ['decimal metadata', 'http://2852039166:PORT/', '169.254.169.254 is cloud metadata'],
    ['IPv4-mapped IPv6', 'http://[::ffff:7f00:1]:PORT/', 'is loopback'],
  ])('should refuse an address written in %s form without connecting (%s)', async (_form, url, refusal) => {
    const error = await failureOf(client([]).send({ method: 'GET', url: url.replace('PORT', String(port)) }));
    expect(error.failure).toBe('REFUSED');
    expect(error.message).toContain(refusal);
    expect(hits).toBe(0);
  });

  it('should refuse an IPv6 loopback literal when the allow list does not name it', async () => {
    const error = await failureOf(
      client(['127.0.0.1/32']).send({ method: 'GET', url: `http://[::1]:${port}/` }),
    );
    expect(error.failure).toBe('REFUSED');
    expect(error.message).toContain('::1 is loopback');
  });

  it('should refuse a host name that resolves to loopback at connect time (DNS rebinding)', async () => {
    const error = await failureOf(
      client([]).send({ method: 'POST', url: `http://rebind.example:${port}/`, body: '{}' }),
    );
    expect(error.failure).toBe('REFUSED');
    expect(error.message).toContain('resolved from rebind.example');
    expect(hits).toBe(0);
  });

  it('should connect through a host name the allow list names', async () => {
    const answer = await client(['relay.internal:*']).send({
      method: 'GET',
      url: `http://relay.internal:${port}/`,
    });
    expect(answer.status).toBe(200);
    expect(hits).toBe(1);
  });

  it('should return a redirect as the answer without following it', async () => {
    handler = (_request, _body, response) => {
      response.statusCode = 302;
      response.setHeader('Location', `http://127.0.0.1:${port}/elsewhere`);
      response.end();
    };
    const answer = await client(['127.0.0.1:*']).send({
      method: 'POST',
      url: `http://127.0.0.1:${port}/`,
      body: '',
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe(`http://127.0.0.1:${port}/elsewhere`);
    expect(hits).toBe(1);
  });

  it('should fail with TIMEOUT when the answer takes longer than the timeout', async () => {
    handler = (_request, _body, response) => {
      late.add(setTimeout(() => response.end('late'), 1000));
    };
    const error = await failureOf(
      client(['127.0.0.1:*'], 150).send({ method: 'GET', url: `http://127.0.0.1:${port}/` }),
    );
    expect(error.failure).toBe('TIMEOUT');
    expect(error.latencyMs).toBeGreaterThanOrEqual(140);
  });

  it('should cap the body and say so when the answer is larger than the limit', async () => {
    handler = (_request, _body, response) => response.end('x'.repeat(5000));
    const answer = await client(['127.0.0.1:*'], 2000, 1024).send({
      method: 'GET',
      url: `http://127.0.0.1:${port}/`,
    });
    expect(answer.body).toHaveLength(1024);
    expect(answer.bodyTruncated).toBe(true);
  });

  it('should fail with NETWORK when nothing listens on the port', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failureOf(
      client(['127.0.0.1:*']).send({ method: 'GET', url: `http://127.0.0.1:${closedPort}/` }),
    );
    expect(error.failure).toBe('NETWORK');
    expect(error.message).toContain('ECONNREFUSED');
  });

  it.each(['not a url', 'ftp://127.0.0.1/file', '/relative/path'])(
    'should fail with INVALID_REQUEST when the URL is %s',
    async (url) => {
      const error = await failureOf(client(['127.0.0.1:*']).send({ method: 'GET', url }));
      expect(error.failure).toBe('INVALID_REQUEST');
    },
  );

  it('should fail with INVALID_REQUEST without sending when a header value holds a line break', async () => {
    const error = await failureOf(
      client(['127.0.0.1:*']).send({
        method: 'GET',
        url: `http://127.0.0.1:${port}/`,
        headers: { 'X-Bad': 'a\r\nInjected: 1' },
      }),
    );
    expect(error.failure).toBe('INVALID_REQUEST');
    expect(hits).toBe(0);
  });
});
