// Parsing and building of the Digest headers (RFC 7616). Pure functions, unit-tested.

export const DIGEST_REALM = 'MMS Public API';

export type DigestAlgorithm = 'MD5' | 'SHA-256';

export interface DigestCredentials {
  username: string;
  realm: string;
  nonce: string;
  uri: string;
  response: string;
  algorithm: DigestAlgorithm;
  qop?: string;
  nc?: string;
  cnonce?: string;
  opaque?: string;
}

// Splits `k=v, k="v, with comma"` pairs; values may be quoted (with \" escapes) or bare tokens.
export function parseAuthParams(input: string): Map<string, string> {
  const params = new Map<string, string>();
  const pattern = /\s*([A-Za-z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]*))\s*(?:,|$)/gy;
  let match: RegExpExecArray | null;
  while (pattern.lastIndex < input.length && (match = pattern.exec(input)) !== null) {
    const value = match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : (match[3] ?? '');
    params.set(match[1].toLowerCase(), value);
    if (match[0].length === 0) break;
  }
  return params;
}

export function parseDigestAuthorization(header: string | undefined): DigestCredentials | null {
  if (!header) return null;
  const space = header.indexOf(' ');
  if (space < 0 || header.slice(0, space).toLowerCase() !== 'digest') return null;
  const params = parseAuthParams(header.slice(space + 1));
  const username = params.get('username');
  const realm = params.get('realm');
  const nonce = params.get('nonce');
  const uri = params.get('uri');
  const response = params.get('response');
  if (!username || realm === undefined || !nonce || uri === undefined || !response) return null;
  const algorithmParam = (params.get('algorithm') ?? 'MD5').toUpperCase();
  if (algorithmParam !== 'MD5' && algorithmParam !== 'SHA-256') return null;
  return {
    username,
    realm,
    nonce,
    uri,
    response: response.toLowerCase(),
    algorithm: algorithmParam,
    qop: params.get('qop'),
    nc: params.get('nc'),
    cnonce: params.get('cnonce'),
    opaque: params.get('opaque'),
  };
}

// Exactly `", "` between parameters and `qop` (not the docs' `op` typo): the Go client's transport
// splits on ", " and rejects any key it does not know.
export function buildChallenge(nonce: string, algorithm: DigestAlgorithm, stale: boolean): string {
  return `Digest realm="${DIGEST_REALM}", domain="", nonce="${nonce}", algorithm=${algorithm}, qop="auth", stale=${stale}`;
}
