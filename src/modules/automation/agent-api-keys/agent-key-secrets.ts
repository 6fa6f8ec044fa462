import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const KEY_BYTES = 16;
const TAIL_LENGTH = 4;

// 32 hex characters, as the product's agent keys (its masked form shows 28 asterisks and 4 characters).
export function generateAgentKey(): string {
  return randomBytes(KEY_BYTES).toString('hex');
}

// Keys are random, not chosen by people: a plain SHA-256 is enough to keep them unreadable at rest.
export function hashAgentKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function agentKeyTail(key: string): string {
  return key.slice(-TAIL_LENGTH);
}

export function maskAgentKey(tail: string): string {
  return `${'*'.repeat(KEY_BYTES * 2 - TAIL_LENGTH)}${tail}`;
}

// Compares the presented key with every stored hash, without stopping at the first match, so the time
// taken does not tell which key (or how much of one) matched.
export function matchesAnyHash(presentedKey: string, storedHashes: string[]): boolean {
  const presented = Buffer.from(hashAgentKey(presentedKey), 'hex');
  let matched = false;
  for (const stored of storedHashes) {
    const candidate = Buffer.from(stored, 'hex');
    if (candidate.length === presented.length && timingSafeEqual(candidate, presented)) matched = true;
  }
  return matched;
}
