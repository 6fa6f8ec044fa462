import { createHash, randomBytes } from 'node:crypto';
import { request, requestAsSent } from './checked-request';

// Hand-built Digest headers, for the cases a well-behaved client never produces (replays, stale or
// forged nonces, wrong realm or uri). Written from RFC 7616, independently of the service's code.
export interface Challenge {
  realm: string;
  nonce: string;
  algorithm: string;
  qop: string;
  stale: string;
  raw: string;
}

export function parseChallenge(header: string): Challenge {
  const get = (key: string): string => {
    const match = new RegExp(`${key}="?([^",]*)"?`).exec(header);
    return match ? match[1] : '';
  };
  return {
    realm: get('realm'),
    nonce: get('nonce'),
    algorithm: get('algorithm'),
    qop: get('qop'),
    stale: get('stale'),
    raw: header,
  };
}

export function challengesOf(headers: Record<string, string | string[] | undefined>): string[] {
  const value = headers['www-authenticate'];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

const h = (algorithm: string, text: string): string =>
  createHash(algorithm === 'SHA-256' ? 'sha256' : 'md5')
    .update(text)
    .digest('hex');

export function authorization(options: {
  username: string;
  password: string;
  method: string;
  uri: string;
  nonce: string;
  nc: number;
  realm?: string;
  algorithm?: 'MD5' | 'SHA-256';
  cnonce?: string;
}): string {
  const realm = options.realm ?? 'MMS Public API';
  const algorithm = options.algorithm ?? 'MD5';
  const cnonce = options.cnonce ?? randomBytes(8).toString('hex');
  const nc = options.nc.toString(16).padStart(8, '0');
  const ha1 = h(algorithm, `${options.username}:${realm}:${options.password}`);
  const ha2 = h(algorithm, `${options.method}:${options.uri}`);
  const response = h(algorithm, `${ha1}:${options.nonce}:${nc}:${cnonce}:auth:${ha2}`);
  return (
    `Digest username="${options.username}", realm="${realm}", nonce="${options.nonce}", uri="${options.uri}", ` +
    `response="${response}", algorithm="${algorithm}", qop=auth, nc=${nc}, cnonce="${cnonce}"`
  );
}

export async function rawRequest(
  method: string,
  url: string,
  headers: Record<string, string> = {},
  content?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  const response = await request(url, { method: method as 'GET', headers, content, dataType: 'text' });
  return { status: response.status, headers: response.headers, text: String(response.data ?? '') };
}

export async function freshNonce(url: string): Promise<string> {
  const response = await rawRequest('GET', url);
  return parseChallenge(challengesOf(response.headers)[0]).nonce;
}

// One Digest-signed request carrying exactly `body` (when given) with exactly `headers`: the nonce from a
// first unsigned call, the signature over the path as sent.
export async function digestAsSent(
  method: string,
  url: string,
  credentials: { publicKey: string; privateKey: string },
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  const { pathname, search } = new URL(url);
  const header = authorization({
    username: credentials.publicKey,
    password: credentials.privateKey,
    method,
    uri: `${pathname}${search}`,
    nonce: await freshNonce(url),
    nc: 1,
  });
  const length: Record<string, string> =
    body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
  return requestAsSent(method, url, { ...headers, ...length, authorization: header }, body);
}
