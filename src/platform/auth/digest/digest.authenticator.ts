import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { Clock } from '../../clock/clock';
import { SecretBox } from '../../crypto/secret-box';
import { ApiError } from '../../http/api-error';
import { CommonErrors } from '../../http/error-codes';
import { findMatchingCidr, normalizeAddress } from '../../net/cidr';
import { AuthAttempt, AuthOutcome, HttpAuthenticator } from '../authenticator';
import { CredentialCache } from '../credential-cache';
import { AuthFailureThrottle, type FailureSubject } from '../failure-throttle/auth-failure-throttle';
import { CredentialDirectory, Principal } from '../principal';
import {
  buildChallenge,
  DIGEST_REALM,
  DigestAlgorithm,
  DigestCredentials,
  parseDigestAuthorization,
} from './digest-header';
import { computeHa1, constantTimeEquals, expectedResponse } from './digest-hash';
import { NonceCodec, type NonceCheck } from './nonce';
import { NonceReplayGuard } from './nonce-replay-guard';
import { loadNonceSecret } from './nonce-secret';

const PRUNE_INTERVAL_MS = 60_000;

// The refused resource named in a 429: the request target without its query string.
function pathOf(uri: string): string {
  const query = uri.indexOf('?');
  return query < 0 ? uri : uri.slice(0, query);
}

type Screened =
  | { kind: 'challenge' }
  | { kind: 'refused'; error: ApiError }
  | {
      kind: 'check';
      credentials: DigestCredentials;
      nonce: NonceCheck;
      subject: FailureSubject;
      remoteAddress: string;
    };

// Unknown user names are verified against these (one per algorithm, the length of a real HA1), so they
// take the path and the work of a wrong password: the same lookup, hashing and comparison.
const UNKNOWN_SECRET = randomBytes(16).toString('hex');
const DUMMY_HA1: Record<DigestAlgorithm, string> = {
  MD5: computeHa1('MD5', 'unknown', DIGEST_REALM, UNKNOWN_SECRET),
  'SHA-256': computeHa1('SHA-256', 'unknown', DIGEST_REALM, UNKNOWN_SECRET),
};

// HTTP Digest (RFC 7616) as the product's clients speak it: qop=auth, MD5 by
// default and SHA-256 offered second, `uri` equal to the raw request target, stateless nonces.
@Injectable()
export class DigestAuthenticator extends HttpAuthenticator implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('DigestAuthenticator');
  private codec!: NonceCodec;
  private replayGuard!: NonceReplayGuard;
  private pruneTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: CredentialCache,
    private readonly directory: CredentialDirectory,
    private readonly clock: Clock,
    private readonly throttle: AuthFailureThrottle,
    private readonly secrets: SecretBox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  async onModuleInit(): Promise<void> {
    const secret = await loadNonceSecret(this.dataSource, this.config.nonceSecret, this.secrets);
    this.codec = new NonceCodec(secret, this.config.nonceLifetimeSeconds * 1000);
    this.replayGuard = new NonceReplayGuard(this.dataSource, randomBytes(8).toString('hex'));
    this.pruneTimer = setInterval(() => {
      this.replayGuard.prune(this.clock.now().getTime()).catch((error: unknown) => {
        this.logger.warn({ msg: 'nonce claim pruning failed', err: String(error) });
      });
    }, PRUNE_INTERVAL_MS);
    this.pruneTimer.unref();
  }

  onApplicationShutdown(): void {
    if (this.pruneTimer) clearInterval(this.pruneTimer);
  }

  // The 429 that authenticate would answer at once, before anything is awaited, to a caller whose
  // (name, address) or address is blocked here; undefined when authenticate would go on or answer
  // otherwise. Synchronous and without I/O, so the HTTP pipeline can ask it before any of its other work.
  // It only ever refuses, exactly as authenticate would: a check is never granted nor reserved here.
  refusalAtOnce(attempt: AuthAttempt): ApiError | undefined {
    const now = this.clock.now().getTime();
    if (!this.throttle.blockingAt(now)) return undefined;
    const screened = this.screen(attempt, now);
    return screened.kind === 'refused' ? screened.error : undefined;
  }

  async authenticate(attempt: AuthAttempt): Promise<AuthOutcome> {
    const now = this.clock.now().getTime();
    const screened = this.screen(attempt, now);
    if (screened.kind === 'challenge') return this.challenge(now, false);
    if (screened.kind === 'refused') return { ok: false, error: screened.error };
    const { credentials, nonce, subject, remoteAddress } = screened;
    const credential = await this.cache.get(credentials.username, now);

    // Asked again after the lookup, and from there to the failure's reservation nothing is awaited: answers
    // arriving together are checked one after the other, each counting the failures in flight before it,
    // so past the free failures the rest wait, the right answer among them.
    const wait = this.throttle.retryAfterSeconds(subject, now);
    if (wait > 0) return { ok: false, error: this.throttle.refusal(pathOf(attempt.uri), wait) };
    const ha1 = credential
      ? credentials.algorithm === 'MD5'
        ? credential.ha1Md5
        : credential.ha1Sha256
      : DUMMY_HA1[credentials.algorithm];
    const matches = constantTimeEquals(
      expectedResponse(ha1, attempt.method, credentials),
      credentials.response,
    );
    if (!credential || !matches) {
      this.throttle.reserve(subject, now);
      const blockedFor = await this.throttle.recordFailure(subject, now);
      if (blockedFor > 0) return { ok: false, error: this.throttle.refusal(pathOf(attempt.uri), blockedFor) };
      return this.challenge(now, false);
    }
    if (!nonce.valid) return this.challenge(now, true);

    const admission = await this.replayGuard.admit(
      credentials.nonce,
      parseInt(credentials.nc ?? '', 16),
      nonce.issuedAt + this.config.nonceLifetimeSeconds * 1000,
      now,
    );
    if (admission !== 'ok') return this.challenge(now, admission === 'foreign');
    await this.throttle.recordSuccess(subject);

    const principal: Principal = {
      ...credential.principal,
      remoteAddress,
      accessList: credential.accessList,
    };
    // A global key passes both its own list and the global one; refused by either, it is refused alike.
    const globalList = credential.globalAccessList ?? [];
    if (globalList.length > 0 && !findMatchingCidr(remoteAddress, globalList)) {
      return { ok: false, error: CommonErrors.IP_ADDRESS_NOT_ON_ACCESS_LIST(remoteAddress) };
    }
    if (credential.accessList.length > 0) {
      const matched = findMatchingCidr(remoteAddress, credential.accessList);
      if (!matched) return { ok: false, error: CommonErrors.IP_ADDRESS_NOT_ON_ACCESS_LIST(remoteAddress) };
      await this.directory.recordAccess(principal, matched);
    }
    return { ok: true, principal };
  }

  // What is decided before anything is awaited: a malformed header or a nonce this service never signed
  // gets the challenge; a blocked guesser gets the 429 and its answer is not even checked (right or wrong,
  // it waits, and costs no lookup); anyone else goes on to the check.
  private screen(attempt: AuthAttempt, now: number): Screened {
    const credentials = parseDigestAuthorization(attempt.authorization);
    if (!credentials || !this.wellFormed(credentials, attempt)) return { kind: 'challenge' };
    // An expired nonce is refused only after the response is checked: stale=true tells the client to
    // retry with a fresh nonce without asking for the password again, so it is said only of a response
    // that was right (RFC 7616 section 3.3).
    const nonce = this.checkNonce(credentials.nonce, now);
    if (!nonce.valid && !nonce.stale) return { kind: 'challenge' };
    const remoteAddress = normalizeAddress(attempt.remoteAddress) ?? attempt.remoteAddress;
    const subject: FailureSubject = { scope: 'digest', name: credentials.username, address: remoteAddress };
    const blocked = this.throttle.retryAfterSeconds(subject, now);
    if (blocked > 0) return { kind: 'refused', error: this.throttle.refusal(pathOf(attempt.uri), blocked) };
    return { kind: 'check', credentials, nonce, subject, remoteAddress };
  }

  // A nonce this instance admitted before passed the codec's check then (its MAC and format); the
  // nonce-reusing clients send the same one for every request, so its HMAC is not computed again. Its
  // expiry is the one the codec would find (issued + lifetime); past it, it is stale as the codec says.
  private checkNonce(nonce: string, now: number): NonceCheck {
    const expiresAt = this.replayGuard.knownExpiry(nonce);
    if (expiresAt === undefined) return this.codec.check(nonce, now);
    const lifetimeMs = this.config.nonceLifetimeSeconds * 1000;
    const issuedAt = expiresAt - lifetimeMs;
    return issuedAt > now + 5_000 || now - issuedAt > lifetimeMs
      ? { valid: false, stale: true }
      : { valid: true, issuedAt };
  }

  private wellFormed(credentials: DigestCredentials, attempt: AuthAttempt): boolean {
    return (
      credentials.realm === DIGEST_REALM &&
      credentials.uri === attempt.uri &&
      credentials.qop === 'auth' &&
      credentials.cnonce !== undefined &&
      credentials.cnonce.length > 0 &&
      /^[0-9a-fA-F]{1,8}$/.test(credentials.nc ?? '') &&
      parseInt(credentials.nc ?? '0', 16) > 0
    );
  }

  private challenge(now: number, stale: boolean): AuthOutcome {
    const nonce = this.codec.issue(now);
    const error = new ApiError(401, undefined, 'You are not authorized for this resource.', [], {
      'WWW-Authenticate': [buildChallenge(nonce, 'MD5', stale), buildChallenge(nonce, 'SHA-256', stale)],
    });
    return { ok: false, error };
  }
}
