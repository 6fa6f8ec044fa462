import { DataSource } from 'typeorm';
import { NonceClaimsStore } from './nonce-claims.store';

export type NonceAdmission = 'ok' | 'replay' | 'foreign';

interface Seen {
  maxNc: number;
  expiresAt: number;
}

const MAX_LOCAL_NONCES = 200_000;

// A nonce is claimed in Postgres by the first instance that sees it used; that instance then tracks
// the highest nc in memory, so clients reusing a nonce (requests, digest-fetch) cost no database trip
// and any (nonce, nc) replay is refused. A claimed nonce used elsewhere is answered with stale=true,
// which makes the client fetch a fresh nonce from the instance it is talking to.
export class NonceReplayGuard {
  private readonly seen = new Map<string, Seen>();
  private readonly claims: NonceClaimsStore;

  constructor(
    dataSource: DataSource,
    private readonly instanceId: string,
  ) {
    this.claims = new NonceClaimsStore(dataSource);
  }

  // When this nonce was admitted here and expires: it was checked against the nonce secret then, so a
  // later use needs no new HMAC to know it is authentic (undefined: not known here, check it).
  knownExpiry(nonce: string): number | undefined {
    return this.seen.get(nonce)?.expiresAt;
  }

  async admit(nonce: string, nc: number, expiresAt: number, now: number): Promise<NonceAdmission> {
    const local = this.seen.get(nonce);
    if (local) {
      if (nc <= local.maxNc) return 'replay';
      local.maxNc = nc;
      return 'ok';
    }
    const claimed = await this.claims.claim(nonce, this.instanceId, new Date(expiresAt));
    if (!claimed) return 'foreign';
    if (this.seen.size >= MAX_LOCAL_NONCES) this.evict(now);
    this.seen.set(nonce, { maxNc: nc, expiresAt });
    return 'ok';
  }

  async prune(now: number): Promise<void> {
    this.evict(now);
    await this.claims.deleteExpired(new Date(now));
  }

  // Forgetting a live nonce is safe: its next use finds the claim in the database and gets stale=true.
  private evict(now: number): void {
    for (const [nonce, entry] of this.seen) {
      if (entry.expiresAt < now || this.seen.size >= MAX_LOCAL_NONCES) this.seen.delete(nonce);
      if (this.seen.size < MAX_LOCAL_NONCES / 2 && entry.expiresAt >= now) break;
    }
  }
}
