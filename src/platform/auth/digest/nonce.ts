import { createHmac, randomBytes } from 'node:crypto';
import { constantTimeEquals } from './digest-hash';

export type NonceCheck = { valid: true; issuedAt: number } | { valid: false; stale: boolean };

const BODY_BYTES = 16;
const MAC_BYTES = 16;

// Stateless nonces: issue time + randomness, signed with a secret shared by every instance, so a
// nonce survives restarts and is accepted by any instance, and expiry needs no storage.
export class NonceCodec {
  constructor(
    private readonly secret: Buffer,
    private readonly lifetimeMs: number,
  ) {}

  issue(now: number): string {
    const body = Buffer.alloc(BODY_BYTES);
    body.writeBigUInt64BE(BigInt(now), 0);
    randomBytes(8).copy(body, 8);
    return Buffer.concat([body, this.mac(body)]).toString('base64url');
  }

  check(nonce: string, now: number): NonceCheck {
    if (!/^[A-Za-z0-9_-]{43}$/.test(nonce)) return { valid: false, stale: false };
    const raw = Buffer.from(nonce, 'base64url');
    if (raw.length !== BODY_BYTES + MAC_BYTES) return { valid: false, stale: false };
    const body = raw.subarray(0, BODY_BYTES);
    const mac = raw.subarray(BODY_BYTES);
    if (!constantTimeEquals(mac.toString('hex'), this.mac(body).toString('hex')))
      return { valid: false, stale: false };
    const issuedAt = Number(body.readBigUInt64BE(0));
    if (issuedAt > now + 5_000 || now - issuedAt > this.lifetimeMs) return { valid: false, stale: true };
    return { valid: true, issuedAt };
  }

  private mac(body: Buffer): Buffer {
    return createHmac('sha256', this.secret).update(body).digest().subarray(0, MAC_BYTES);
  }
}
