import { createHash, timingSafeEqual } from 'node:crypto';
import type { DigestAlgorithm, DigestCredentials } from './digest-header';

function hash(algorithm: DigestAlgorithm, input: string): string {
  return createHash(algorithm === 'MD5' ? 'md5' : 'sha256')
    .update(input, 'utf8')
    .digest('hex');
}

export function computeHa1(
  algorithm: DigestAlgorithm,
  username: string,
  realm: string,
  secret: string,
): string {
  return hash(algorithm, `${username}:${realm}:${secret}`);
}

// response = H(HA1:nonce:nc:cnonce:qop:HA2), HA2 = H(method:uri) (qop=auth only).
export function expectedResponse(ha1: string, method: string, credentials: DigestCredentials): string {
  const ha2 = hash(credentials.algorithm, `${method}:${credentials.uri}`);
  return hash(
    credentials.algorithm,
    `${ha1}:${credentials.nonce}:${credentials.nc ?? ''}:${credentials.cnonce ?? ''}:${credentials.qop ?? ''}:${ha2}`,
  );
}

export function constantTimeEquals(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  if (left.length !== right.length) {
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}
