import { request } from '../../support/checked-request';
import type { Credentials } from '../../support/digest-client';
import type { HostileBody } from './hostile';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

// One request exactly as built (path already encoded): Digest through urllib, or Basic for the agent API.
export async function send(
  baseUrl: string,
  method: string,
  pathAndQuery: string,
  body: HostileBody,
  auth: { digest?: Credentials; basic?: string },
): Promise<RawResponse> {
  const headers: Record<string, string> = {};
  let content: string | undefined;
  if (body.kind === 'json') {
    headers['content-type'] = 'application/json';
    content = JSON.stringify(body.value) ?? 'null';
  } else if (body.kind === 'raw') {
    if (body.contentType !== '') headers['content-type'] = body.contentType;
    content = body.text;
  }
  if (auth.basic) headers.authorization = auth.basic;
  const response = await request(`${baseUrl}${pathAndQuery}`, {
    method: method as 'GET',
    headers,
    content,
    digestAuth: auth.digest ? `${auth.digest.publicKey}:${auth.digest.privateKey}` : undefined,
    dataType: 'text',
    timeout: 30000,
  });
  return { status: response.status, headers: response.headers, text: String(response.data ?? '') };
}

const STACK_TRACE =
  /\n\s+at .+:\d+:\d+|node_modules|\/src\/|\.ts:\d+|QueryFailedError|TypeError|SyntaxError: /;

// The product's error body; only the bare 401 challenge lacks errorCode.
export function errorBodyProblem(response: RawResponse): string | undefined {
  if (STACK_TRACE.test(response.text)) return 'stack trace or internal detail in body';
  const contentType = String(response.headers['content-type'] ?? '');
  // Every 401 carries the product's challenge content type (application/json;charset=ISO-8859-1).
  const expected = response.status === 401 ? 'application/json;charset=ISO-8859-1' : 'application/json';
  if (contentType !== expected) return `content-type ${contentType}`;
  let body: any;
  try {
    body = JSON.parse(response.text);
  } catch {
    return 'body is not JSON';
  }
  if (typeof body !== 'object' || body === null) return 'body is not an object';
  if (typeof body.detail !== 'string') return 'no detail';
  if (body.error !== response.status) return `error ${body.error} != status ${response.status}`;
  if (typeof body.reason !== 'string') return 'no reason';
  if (typeof body.errorCode !== 'string' && response.status !== 401) return 'no errorCode';
  return undefined;
}
