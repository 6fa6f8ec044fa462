import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import {
  Agent,
  request as urllibRequest,
  type Dispatcher,
  type HttpClientResponse,
  type RequestOptions,
} from 'urllib';
import { createChecker, type Checker } from '../../scripts/openapi-check';
import { splitKnown } from '../../scripts/conformance/known-deviations';
import { openApiTally } from './openapi-tally';

// Every HTTP request the e2e and reliability suites make goes through `request` here (eslint forbids
// importing urllib elsewhere in test/), and every response is checked against the OpenAPI document the
// service serves: the contract test (test/contract) keeps the snapshot equal to GET /docs-json. A response
// that breaks the document makes `request` throw, so the test that made it fails.

const SNAPSHOT = join(__dirname, '..', 'contract', 'openapi.snapshot.json');

// The only paths the document does not describe on purpose: Swagger UI and the document itself, and the
// browser routes of federated sign-in (/sso/: login redirect, assertion consumer service, logout).
const NOT_API = /^\/(docs(\/|-json|-yaml|$)|sso\/)/;

// A request outside every documented operation (an unknown route, a method its path lacks, a `..` that
// resolves elsewhere) must still be refused with the product's error body, never answered: 404 from the
// router, or one of the refusals the pipeline gives before routing (401/403 authentication and access
// list, 400/413/415 body and query checks, 429 rate limit, 503 database down).
const OUTSIDE_DOCUMENT = {
  statuses: [400, 401, 403, 404, 413, 415, 429, 503],
  schema: '#/components/schemas/ApiErrorResponse',
};

let checker: Checker | undefined;

function checkerForSnapshot(): Checker {
  checker ??= createChecker(JSON.parse(readFileSync(SNAPSHOT, 'utf8')), {
    outsideDocument: OUTSIDE_DOCUMENT,
  });
  return checker;
}

// The accessListEntry parameter is documented as "a CIDR block with its slash sent as %2F (a raw slash
// is accepted too)", as the Go client sends it; OpenAPI 3.0 cannot template a parameter spanning two
// segments, so the raw form is checked as the encoded one.
const RAW_CIDR_ENTRY = /(\/accessList\/[^/?]+)\/(\d{1,3})(?=\?|$)/;

// The path as it goes on the wire: the client parses the URL as WHATWG does, so a `.` or `..` segment
// (the hostile-input tests send them) is resolved before the request leaves.
function pathOf(url: string): string {
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`.replace(RAW_CIDR_ENTRY, '$1%2F$2');
}

export class OpenApiViolation extends Error {}

// Throws OpenApiViolation listing the problems when the exchange breaks the document.
export function assertConformsToOpenApi(exchange: {
  method: string;
  url: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}): void {
  const method = exchange.method.toUpperCase();
  const path = pathOf(exchange.url);
  if (NOT_API.test(path)) return;
  const contentType = exchange.headers['content-type'];
  const problems = checkerForSnapshot()({
    method,
    path,
    status: exchange.status,
    contentType: Array.isArray(contentType) ? contentType[0] : contentType,
    body: Buffer.from(exchange.body, 'utf8'),
  });
  const tally = openApiTally();
  tally.checked += 1;
  const { unknown } = splitKnown(problems);
  if (unknown.length === 0) return;
  tally.problems += 1;
  const excerpt = exchange.body.length > 600 ? `${exchange.body.slice(0, 600)}...` : exchange.body;
  throw new OpenApiViolation(
    `${method} ${path} answered ${exchange.status}, which breaks the OpenAPI document ` +
      `(test/contract/openapi.snapshot.json):\n  - ${unknown.join('\n  - ')}\n  body: ${excerpt}`,
  );
}

// urllib's request, checked. The body is always read as text (to check it as sent); `dataType: 'json'`
// still parses it for the caller.
export async function request<T = any>(
  url: string,
  options: RequestOptions = {},
): Promise<HttpClientResponse<T>> {
  const { dataType, ...rest } = options;
  const response = await urllibRequest(url, { ...rest, dataType: 'text' });
  const text = String(response.data ?? '');
  assertConformsToOpenApi({
    method: options.method ?? 'GET',
    url,
    status: response.status,
    headers: response.headers,
    body: text,
  });
  const data = dataType === 'json' ? (text === '' ? null : JSON.parse(text)) : text;
  return { ...response, data: data as T };
}

// Connections from another local address (e.g. 127.0.0.2, also loopback on Linux): a second client
// address for the tests that tell callers apart by address. Close it when done.
export type { Dispatcher };

export function fromLocalAddress(localAddress: string): Dispatcher {
  return new Agent({ localAddress });
}

// The exact bytes given, over node:http, checked like `request`: for what urllib will not send (it drops
// the body of a GET, which some clients send, e.g. the Go client's `null` for nil options).
export async function requestAsSent(
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  const response = await new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    text: string;
  }>((resolve, reject) => {
    const outgoing = httpRequest(url, { method, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () =>
        resolve({
          status: incoming.statusCode ?? 0,
          headers: incoming.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
  assertConformsToOpenApi({
    method,
    url,
    status: response.status,
    headers: response.headers,
    body: response.text,
  });
  return response;
}
