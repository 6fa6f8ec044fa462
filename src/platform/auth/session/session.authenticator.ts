import { Injectable } from '@nestjs/common';
import { Clock } from '../../clock/clock';
import type { ApiError } from '../../http/api-error';
import { CommonErrors } from '../../http/error-codes';
import { findMatchingCidr, normalizeAddress } from '../../net/cidr';
import { AuthAttempt, AuthOutcome, HttpAuthenticator } from '../authenticator';
import { CredentialCache } from '../credential-cache';
import { DigestAuthenticator } from '../digest/digest.authenticator';
import { CredentialDirectory, type Principal } from '../principal';
import { BrowserSessions } from './browser-sessions';

// A request with an Authorization header is Digest's, exactly as before. One without it but with a live
// browser session cookie is the session's user, with the roles and access list Digest would give that
// user (the same credential record), so Swagger UI's "Try it out" is checked like any other caller and
// counted by the same rate limits. Anything else (no cookie, an unknown or expired session) gets Digest's
// challenge.
@Injectable()
export class SessionOrDigestAuthenticator extends HttpAuthenticator {
  constructor(
    private readonly digest: DigestAuthenticator,
    private readonly sessions: BrowserSessions,
    private readonly cache: CredentialCache,
    private readonly directory: CredentialDirectory,
    private readonly clock: Clock,
  ) {
    super();
  }

  // Only a request that authenticate hands to Digest at once: a session cookie is looked up first.
  refusalAtOnce(attempt: AuthAttempt): ApiError | undefined {
    if (attempt.authorization === undefined) return undefined;
    return this.digest.refusalAtOnce(attempt);
  }

  async authenticate(attempt: AuthAttempt): Promise<AuthOutcome> {
    if (attempt.authorization !== undefined || attempt.cookie === undefined) {
      return this.digest.authenticate(attempt);
    }
    const found = await this.sessions.lookup(attempt.cookie, attempt.csrfToken, attempt.method);
    if (found.kind === 'none') return this.digest.authenticate(attempt);
    if (found.kind === 'csrf-mismatch') return { ok: false, error: CommonErrors.CSRF_TOKEN_MISMATCH() };
    const credential = await this.cache.get(found.username, this.clock.now().getTime());
    // The user was deleted (or the name is now an API key's) since the sign-in: the session is worth nothing.
    if (!credential || credential.principal.kind !== 'USER') return this.digest.authenticate(attempt);
    const remoteAddress = normalizeAddress(attempt.remoteAddress) ?? attempt.remoteAddress;
    const principal: Principal = {
      ...credential.principal,
      remoteAddress,
      accessList: credential.accessList,
    };
    if (credential.accessList.length > 0) {
      const matched = findMatchingCidr(remoteAddress, credential.accessList);
      if (!matched) return { ok: false, error: CommonErrors.IP_ADDRESS_NOT_ON_ACCESS_LIST(remoteAddress) };
      await this.directory.recordAccess(principal, matched);
    }
    return { ok: true, principal };
  }
}
