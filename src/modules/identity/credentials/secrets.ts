import { randomInt, randomUUID } from 'node:crypto';
import { computeHa1 } from '../../../platform/auth/digest/digest-hash';
import { DIGEST_REALM } from '../../../platform/auth/digest/digest-header';

const PUBLIC_KEY_LENGTH = 8;
const PRIVATE_KEY_TAIL_LENGTH = 12;
const MASK_PREFIX = '********-****-****-';

// Public key: 8 random lowercase letters, as the product's keys look (e.g. "ewmaqvdo").
export function generatePublicKey(): string {
  let key = '';
  for (let i = 0; i < PUBLIC_KEY_LENGTH; i++) key += String.fromCharCode(97 + randomInt(26));
  return key;
}

// Private key: a random UUID v4, the product's format.
export function generatePrivateKey(): string {
  return randomUUID();
}

// Only what Digest verification needs is stored: HA1 per algorithm, never the secret itself.
export function digestHashes(name: string, secret: string): { ha1Md5: string; ha1Sha256: string } {
  return {
    ha1Md5: computeHa1('MD5', name, DIGEST_REALM, secret),
    ha1Sha256: computeHa1('SHA-256', name, DIGEST_REALM, secret),
  };
}

export function privateKeyTail(privateKey: string): string {
  return privateKey.slice(-PRIVATE_KEY_TAIL_LENGTH);
}

// The product's masked display: `********-****-****-db2c132ca78d`.
export function maskPrivateKey(tail: string): string {
  return `${MASK_PREFIX}${tail}`;
}
