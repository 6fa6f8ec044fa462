import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import { DataSource } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import { SecretBox } from '../../../platform/crypto/secret-box';
import type { FederationSettingsEntity } from '../federation-settings/federation-settings.entity';
import type { IdentityProviderEntity } from '../identity-providers/identity-provider.entity';
import { AssertionUsesStore } from './assertion-uses.store';
import { AUTHN_REQUEST_LIFETIME_MS, AuthnRequestCache } from './authn-request-cache';
import { AuthnRequestsStore } from './authn-requests.store';

// Clocks of this service and of identity providers may differ by this much (NotBefore, NotOnOrAfter).
export const CLOCK_SKEW_MS = 30_000;
const PRUNE_INTERVAL_MS = 60_000;

// The certificates of the provider valid now (pemFileInfo): a response signed with an expired or
// replaced certificate is refused. Exported for the unit test.
export function currentCertificates(provider: IdentityProviderEntity, now: Date): string[] {
  return provider.certificates
    .filter((certificate) => new Date(certificate.notBefore) <= now && now < new Date(certificate.notAfter))
    .map((certificate) => certificate.pem);
}

// node-saml configured as the service provider of one identity provider: entity id and audience are the
// provider's audienceUri, the ACS its acsUrl; AuthnRequests are signed with the federation's key using the
// provider's signature algorithm and sent with its request binding; responses must carry a signed
// assertion (xml-crypto checks it, node-saml refuses wrapped or multiple assertions), by the provider's
// issuer, for our audience, in time (CLOCK_SKEW_MS), answering a request we sent (Postgres-backed cache).
@Injectable()
export class SamlServiceProviders implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('SamlServiceProviders');
  private pruneTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly secrets: SecretBox,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.pruneTimer = setInterval(() => {
      const now = this.clock.now();
      Promise.all([
        this.requests().deleteIssuedBefore(new Date(now.getTime() - AUTHN_REQUEST_LIFETIME_MS)),
        this.assertionUses().deleteExpired(now),
      ]).catch((error: unknown) =>
        this.logger.warn({ msg: 'SAML bookkeeping pruning failed', err: String(error) }),
      );
    }, PRUNE_INTERVAL_MS);
    this.pruneTimer.unref();
  }

  onApplicationShutdown(): void {
    if (this.pruneTimer) clearInterval(this.pruneTimer);
  }

  // The replay record is written outside the sign-in's transaction on purpose: an assertion that failed
  // later (say, a role rule) was still seen, and is not accepted a second time.
  assertionUses(): AssertionUsesStore {
    return new AssertionUsesStore(this.dataSource.manager);
  }

  // `certificates`: currentCertificates of the provider, checked non-empty by the caller.
  for(provider: IdentityProviderEntity, federation: FederationSettingsEntity, certificates: string[]): SAML {
    return new SAML({
      entryPoint: provider.ssoUrl,
      callbackUrl: provider.acsUrl,
      issuer: provider.audienceUri,
      audience: provider.audienceUri,
      idpIssuer: provider.issuerUri,
      idpCert: certificates,
      privateKey: this.secrets.open(federation.spPrivateKey),
      signatureAlgorithm: provider.responseSignatureAlgorithm === 'SHA-1' ? 'sha1' : 'sha256',
      digestAlgorithm: provider.responseSignatureAlgorithm === 'SHA-1' ? 'sha1' : 'sha256',
      authnRequestBinding: provider.requestBinding === 'HTTP-POST' ? 'HTTP-POST' : 'HTTP-Redirect',
      identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
      disableRequestedAuthnContext: true,
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: false,
      acceptedClockSkewMs: CLOCK_SKEW_MS,
      validateInResponseTo: ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: AUTHN_REQUEST_LIFETIME_MS,
      cacheProvider: new AuthnRequestCache(this.requests(), provider.id, this.clock),
    });
  }

  private requests(): AuthnRequestsStore {
    return new AuthnRequestsStore(this.dataSource.manager);
  }
}
