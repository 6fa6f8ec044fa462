import { Injectable, Logger } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import type { Profile, SAML } from '@node-saml/node-saml';
import { BrowserSessions } from '../../../platform/auth/session/browser-sessions';
import { Clock } from '../../../platform/clock/clock';
import { EventPublisher } from '../../../platform/events/event-publisher';
import { CommonErrors } from '../../../platform/http/error-codes';
import { FederatedUsers } from '../../identity';
import { emailDomain } from '../domains';
import { FederationErrors } from '../federation.errors';
import { FederationEventTypes } from '../federation.events';
import { claimsOf, type AssertionClaims } from './assertion-claims';
import { federatedGrants } from './federated-grants';
import { responseDestination } from './response-destination';
import { currentCertificates, SamlServiceProviders } from './saml-service-providers';
import { SignInProviders, type SignInProvider } from './sign-in-providers';

export type LoginAnswer = { kind: 'redirect'; url: string } | { kind: 'form'; html: string };

// node-saml's refusals by the check that made them (its messages are stable across its 5.x releases).
const REASONS: Array<[RegExp, string]> = [
  [/signature|Cannot obtain assertion|multiple assertions|No response found/i, 'signature'],
  [/audience/i, 'audience'],
  // A bearer confirmation is skipped when out of its time bounds; none left is this message.
  [/expired|not yet valid|No valid subject confirmation/i, 'time'],
  [/InResponseTo/i, 'in-response-to'],
  [/issuer/i, 'issuer'],
  [/status code/i, 'status'],
];

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return REASONS.find(([pattern]) => pattern.test(message))?.[1] ?? 'invalid';
}

// SP-initiated federated sign-in: the login redirect with an AuthnRequest, and the assertion consumer
// service, which checks the response, brings the user and its roles up to date and opens a session.
@Injectable()
export class SignInService {
  private readonly logger = new Logger('FederatedSignIn');

  constructor(
    private readonly providers: SignInProviders,
    private readonly saml: SamlServiceProviders,
    private readonly users: FederatedUsers,
    private readonly sessions: BrowserSessions,
    private readonly events: EventPublisher,
    private readonly clock: Clock,
  ) {}

  async login(email: string | undefined, identityProviderId: string | undefined): Promise<LoginAnswer> {
    const found = await this.providerFor(email, identityProviderId);
    const saml = this.serviceProvider(found, () =>
      FederationErrors.IDENTITY_PROVIDER_NOT_ACTIVE(found.provider.id),
    );
    if (found.provider.requestBinding === 'HTTP-POST') {
      return { kind: 'form', html: await saml.getAuthorizeFormAsync('', undefined, {}) };
    }
    return { kind: 'redirect', url: await saml.getAuthorizeUrlAsync('', undefined, {}) };
  }

  // Every check, then the user, its roles and the session in one transaction; returns the Set-Cookie values.
  async consume(
    identityProviderId: string,
    samlResponse: string,
    remoteAddress: string,
    secure: boolean,
  ): Promise<string[]> {
    const found = await this.providers.byId(identityProviderId);
    if (!found) throw CommonErrors.RESOURCE_NOT_FOUND(`/sso/saml2/${identityProviderId}`);
    const saml = this.serviceProvider(found, () =>
      FederationErrors.SAML_RESPONSE_REJECTED('inactive-provider'),
    );
    // SAML bindings: a Destination on the Response must be where it was received.
    const destination = responseDestination(samlResponse);
    if (destination !== undefined && destination !== found.provider.acsUrl)
      throw FederationErrors.SAML_RESPONSE_REJECTED('destination');
    let profile: Profile | null;
    try {
      ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse }));
    } catch (error) {
      this.logger.warn({ msg: 'SAML response rejected', identityProviderId, err: String(error) });
      throw FederationErrors.SAML_RESPONSE_REJECTED(reasonOf(error));
    }
    if (!profile) throw FederationErrors.SAML_RESPONSE_REJECTED('invalid');
    const outcome = claimsOf(profile);
    if (!outcome.ok) throw FederationErrors.SAML_RESPONSE_REJECTED(outcome.reason);
    const claims = outcome.claims;
    if (claims.recipient !== found.provider.acsUrl)
      throw FederationErrors.SAML_RESPONSE_REJECTED('recipient');
    if (!found.provider.associatedDomains.includes(claims.domain)) {
      throw FederationErrors.SAML_RESPONSE_REJECTED('domain');
    }
    const expiresAt = claims.notOnOrAfter ?? new Date(this.clock.now().getTime() + 3_600_000);
    if (!(await this.saml.assertionUses().claim(claims.issuer, claims.assertionId, expiresAt))) {
      throw FederationErrors.SAML_RESPONSE_REJECTED('replayed');
    }
    return this.signIn(found, claims, remoteAddress, secure);
  }

  async logout(
    cookieHeader: string | undefined,
    csrfHeader: string | undefined,
    secure: boolean,
  ): Promise<string[]> {
    const found = await this.sessions.lookup(cookieHeader, csrfHeader, 'POST');
    if (found.kind === 'csrf-mismatch') throw CommonErrors.CSRF_TOKEN_MISMATCH();
    return this.sessions.close(cookieHeader, secure);
  }

  @Transactional()
  private async signIn(
    found: SignInProvider,
    claims: AssertionClaims,
    remoteAddress: string,
    secure: boolean,
  ): Promise<string[]> {
    const grants = federatedGrants(
      await this.providers.grantsOf(found.connectedOrgs),
      claims.domain,
      claims.groups,
    );
    const orgIds = found.connectedOrgs.map((org) => org.orgId);
    const { userId, username } = await this.users.signIn(
      {
        username: claims.email,
        firstName: claims.firstName,
        lastName: claims.lastName,
        emailAddress: claims.email,
      },
      orgIds,
      grants,
    );
    for (const orgId of orgIds) {
      await this.events.publish({
        eventTypeName: FederationEventTypes.FEDERATED_SIGN_IN,
        orgId,
        subject: { targetUsername: username },
        actor: { userId, username, remoteAddress },
        raw: { identityProviderId: found.provider.id, groups: claims.groups },
      });
    }
    return this.sessions.open(username, secure);
  }

  private async providerFor(
    email: string | undefined,
    identityProviderId: string | undefined,
  ): Promise<SignInProvider> {
    if (identityProviderId !== undefined) {
      const found = await this.providers.byId(identityProviderId);
      if (!found) throw CommonErrors.RESOURCE_NOT_FOUND(`identity provider ${identityProviderId}`);
      return found;
    }
    if (email === undefined) throw CommonErrors.MISSING_QUERY_PARAMETER('email');
    const domain = emailDomain(email);
    if (domain === undefined) throw CommonErrors.INVALID_QUERY_PARAMETER('email');
    const found = await this.providers.byDomain(domain);
    if (!found) throw FederationErrors.NO_IDENTITY_PROVIDER_FOR_DOMAIN(domain);
    return found;
  }

  // Only an active provider with a connected organization and a current certificate signs anyone in.
  private serviceProvider(found: SignInProvider, inactive: () => Error): SAML {
    if (found.provider.status !== 'ACTIVE' || found.connectedOrgs.length === 0) throw inactive();
    const certificates = currentCertificates(found.provider, this.clock.now());
    if (certificates.length === 0) throw FederationErrors.SAML_RESPONSE_REJECTED('no-current-certificate');
    return this.saml.for(found.provider, found.federation, certificates);
  }
}
