import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';
import { OutboundRequestError } from './outbound-request-error';

// What one attempt sends and where, decided before any socket is opened.
export interface OutboundPlan {
  url: URL;
  port: number;
  // The host when it is an IP address literal (an IPv6 one without its brackets): net.connect skips
  // `lookup` for a literal, so the policy must check it before connecting.
  addressLiteral: string | undefined;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

export function planOutboundRequest(
  urlText: string,
  headers: Record<string, string> | undefined,
  body: string | undefined,
): OutboundPlan {
  const url = parseUrl(urlText);
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const bytes = body === undefined ? undefined : Buffer.from(body, 'utf8');
  const sent: Record<string, string> = { ...headers };
  if (bytes) sent['Content-Length'] = String(bytes.length);
  return {
    url,
    port,
    addressLiteral: isIP(literal) !== 0 ? literal : undefined,
    headers: sent,
    body: bytes,
  };
}

// The part of `chunk` that still fits when `keptBytes` are kept already, and whether some was cut.
export function keepWithin(
  chunk: Buffer,
  keptBytes: number,
  maxBytes: number,
): { kept: Buffer; overflow: boolean } {
  const room = maxBytes - keptBytes;
  return { kept: chunk.subarray(0, room), overflow: chunk.length > room };
}

// Lowercase names as node gives them; repeated headers joined with ", ".
export function flattenHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function parseUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundRequestError('INVALID_REQUEST', 'the URL is not an absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundRequestError('INVALID_REQUEST', `the URL scheme ${url.protocol} is not http or https`);
  }
  return url;
}
