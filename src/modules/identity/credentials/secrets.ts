import { randomInt, randomUUID } from 'node:crypto';
import { computeHa1 } from '../../../platform/auth/digest/digest-hash';
import { DIGEST_REALM } from '../../../platform/auth/digest/digest-header';
import { SecretBox } from '../../../platform/crypto/secret-box';

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

export interface DigestHashes {
  ha1Md5: string;
  ha1Sha256: string;
}

// Only what Digest verification needs: HA1 per algorithm, never the secret itself.
export function digestHashes(name: string, secret: string): DigestHashes {
  return {
    ha1Md5: computeHa1('MD5', name, DIGEST_REALM, secret),
    ha1Sha256: computeHa1('SHA-256', name, DIGEST_REALM, secret),
  };
}

// What is stored: an HA1 signs requests as well as the secret does, so a database dump must not hold
// one in clear. Each is sealed with the SecretBox, whose key lives outside the database.
export function sealedDigestHashes(box: SecretBox, name: string, secret: string): DigestHashes {
  const { ha1Md5, ha1Sha256 } = digestHashes(name, secret);
  return { ha1Md5: box.seal(ha1Md5), ha1Sha256: box.seal(ha1Sha256) };
}

// Rows written before HA1 values were sealed (or by an older instance during an upgrade) hold the bare
// hex digest; they are sealed at the next start (credential-sealing.ts) and read as they are until then.
export function openDigestHash(box: SecretBox, stored: string): string {
  return SecretBox.isSealed(stored) ? box.open(stored) : stored;
}

export function privateKeyTail(privateKey: string): string {
  return privateKey.slice(-PRIVATE_KEY_TAIL_LENGTH);
}

// The product's masked display: `********-****-****-db2c132ca78d`.
export function maskPrivateKey(tail: string): string {
  return `${MASK_PREFIX}${tail}`;
}
