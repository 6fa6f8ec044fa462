import type { CacheItem, CacheProvider } from '@node-saml/node-saml';
import type { Clock } from '../../../platform/clock/clock';
import type { AuthnRequestsStore } from './authn-requests.store';

// An answer must come within this long of its AuthnRequest.
export const AUTHN_REQUEST_LIFETIME_MS = 10 * 60 * 1000;

// node-saml's record of the requests it sent (InResponseTo), kept in Postgres for one identity provider,
// so a response is accepted on any instance, only for a request sent to that provider, and only once.
export class AuthnRequestCache implements CacheProvider {
  constructor(
    private readonly store: AuthnRequestsStore,
    private readonly identityProviderId: string,
    private readonly clock: Clock,
  ) {}

  async saveAsync(key: string, value: string): Promise<CacheItem | null> {
    const now = this.clock.now();
    await this.store.insert(key, this.identityProviderId, now);
    return { value, createdAt: now.getTime() };
  }

  async getAsync(key: string): Promise<string | null> {
    const issuedAfter = new Date(this.clock.now().getTime() - AUTHN_REQUEST_LIFETIME_MS);
    const issuedAt = await this.store.find(key, this.identityProviderId, issuedAfter);
    return issuedAt === null ? null : issuedAt.toISOString();
  }

  async removeAsync(key: string | null): Promise<string | null> {
    if (key === null) return null;
    return (await this.store.take(key, this.identityProviderId)) ? key : null;
  }
}
