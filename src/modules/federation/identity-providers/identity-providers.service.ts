import {
  assertReadOnlyUnchanged,
  sameValue,
  writableFieldsOf,
} from '../../../platform/http/read-only-fields';
import { Injectable } from '@nestjs/common';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { Principal } from '../../../platform/auth/principal';
import { Clock } from '../../../platform/clock/clock';
import type { EventDiff } from '../../../platform/events/domain-event';
import { EventPublisher } from '../../../platform/events/event-publisher';
import { CommonErrors } from '../../../platform/http/error-codes';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import type { PageQuery } from '../../../platform/http/pagination/page.query';
import { PublicBaseUrl } from '../../../platform/http/public-base-url';
import { ConnectedOrgEntity } from '../connected-orgs/connected-org.entity';
import { ConnectedOrgViews } from '../connected-orgs/connected-org.views';
import { normalizeDomains } from '../domains';
import { FederationAccess } from '../federation-access';
import { FederationErrors } from '../federation.errors';
import { FederationEventTypes } from '../federation.events';
import type { CreateIdentityProviderRequest } from './dto/create-identity-provider.request';
import type { IdentityProviderResponse } from './dto/identity-provider.response';
import type { PemFileInfoRequest } from './dto/pem-file-info.request';
import type { UpdateIdentityProviderRequest } from './dto/update-identity-provider.request';
import { isIdentityProviderId, newIdentityProviderId } from './identity-provider-id';
import { IdentityProviderEntity } from './identity-provider.entity';
import { toIdentityProviderResponse } from './identity-provider.mapper';
import { parsePemCertificate, type StoredCertificate } from './pem-certificate';
import { lockIssuer } from '../federation.locks';

const AUDITED_FIELDS = [
  'displayName',
  'issuerUri',
  'ssoUrl',
  'associatedDomains',
  'requestBinding',
  'responseSignatureAlgorithm',
  'ssoDebugEnabled',
  'pemFileName',
  'certificates',
] as const;

// SAML identity providers of a federation. Every route needs Organization Owner in at least one
// connected organization; changes are recorded in each connected organization's events.
@Injectable()
export class IdentityProvidersService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly access: FederationAccess,
    private readonly views: ConnectedOrgViews,
    private readonly events: EventPublisher,
    private readonly links: PageLinks,
    private readonly publicBaseUrl: PublicBaseUrl,
    private readonly clock: Clock,
  ) {}

  async list(
    principal: Principal,
    federationSettingsId: string,
    page: PageQuery,
  ): Promise<ListEnvelope<IdentityProviderResponse>> {
    const { federation } = await this.access.authorize(principal, federationSettingsId);
    const [providers, total] = await this.repository().findAndCount({
      where: { federationSettingsId: federation.id },
      order: { created: 'ASC', id: 'ASC' },
      skip: page.offset,
      take: page.itemsPerPage,
    });
    const results: IdentityProviderResponse[] = [];
    for (const provider of providers) results.push(await this.render(provider));
    return this.links.list(page, results, total);
  }

  async get(
    principal: Principal,
    federationSettingsId: string,
    identityProviderId: string,
  ): Promise<IdentityProviderResponse> {
    const { federation } = await this.access.authorize(principal, federationSettingsId);
    return this.render(await this.find(federation.id, identityProviderId));
  }

  // The entity id and ACS URL name this service as the provider's service provider; they are fixed at
  // creation from PUBLIC_BASE_URL, never from the Host header a caller chooses, since they are stored
  // and the provider keeps them.
  @Transactional()
  async create(
    principal: Principal,
    federationSettingsId: string,
    request: CreateIdentityProviderRequest,
  ): Promise<IdentityProviderResponse> {
    const { federation, orgIds } = await this.access.authorize(principal, federationSettingsId);
    await this.ensureIssuerAvailable(federation.id, request.issuerUri);
    const now = this.clock.now();
    const id = newIdentityProviderId();
    const origin = this.publicBaseUrl.get();
    const provider: IdentityProviderEntity = {
      id,
      federationSettingsId: federation.id,
      displayName: request.displayName,
      issuerUri: request.issuerUri,
      ssoUrl: request.ssoUrl,
      acsUrl: `${origin}/sso/saml2/${id}`,
      audienceUri: `${origin}/saml2/service-provider/${id}`,
      requestBinding: request.requestBinding ?? 'HTTP-POST',
      responseSignatureAlgorithm: request.responseSignatureAlgorithm ?? 'SHA-256',
      ssoDebugEnabled: request.ssoDebugEnabled ?? false,
      status: request.status ?? 'INACTIVE',
      associatedDomains: normalizeDomains(request.associatedDomains ?? []),
      pemFileName: request.pemFileInfo.fileName ?? null,
      certificates: certificatesOf(request.pemFileInfo),
      created: now,
      updated: now,
    };
    await this.repository().insert(provider);
    await this.publish(
      FederationEventTypes.IDENTITY_PROVIDER_CREATED,
      orgIds,
      provider,
      diffOf(undefined, provider),
    );
    return this.render(provider);
  }

  @Transactional()
  async update(
    principal: Principal,
    federationSettingsId: string,
    identityProviderId: string,
    request: UpdateIdentityProviderRequest,
  ): Promise<IdentityProviderResponse> {
    const given = Object.entries(writableFieldsOf(request)).filter(([, value]) => value !== undefined);
    const { federation, orgIds } = await this.access.authorize(principal, federationSettingsId);
    const provider = await this.find(federation.id, identityProviderId, true);
    const current = await this.render(provider);
    assertReadOnlyUnchanged(request, current);
    const pemFileInfo = pemFileInfoToApply(request.pemFileInfo, current.pemFileInfo);
    if (given.length === 0) {
      throw CommonErrors.MISSING_ONE_OF_ATTRIBUTES(
        'displayName, issuerUri, ssoUrl, pemFileInfo, associatedDomains, requestBinding, ' +
          'responseSignatureAlgorithm, ssoDebugEnabled, status',
      );
    }
    if (request.issuerUri !== undefined && request.issuerUri !== provider.issuerUri) {
      await this.ensureIssuerAvailable(federation.id, request.issuerUri);
    }
    const before: IdentityProviderEntity = { ...provider };
    Object.assign(provider, {
      displayName: request.displayName ?? provider.displayName,
      issuerUri: request.issuerUri ?? provider.issuerUri,
      ssoUrl: request.ssoUrl ?? provider.ssoUrl,
      associatedDomains:
        request.associatedDomains !== undefined
          ? normalizeDomains(request.associatedDomains)
          : provider.associatedDomains,
      requestBinding: request.requestBinding ?? provider.requestBinding,
      responseSignatureAlgorithm: request.responseSignatureAlgorithm ?? provider.responseSignatureAlgorithm,
      ssoDebugEnabled: request.ssoDebugEnabled ?? provider.ssoDebugEnabled,
      status: request.status ?? provider.status,
      ...(pemFileInfo !== undefined
        ? {
            pemFileName: pemFileInfo.fileName ?? null,
            certificates: certificatesOf(pemFileInfo),
          }
        : {}),
      updated: this.clock.now(),
    });
    await this.repository().save(provider);
    const diff = diffOf(before, provider);
    if (diff.params?.length) {
      await this.publish(FederationEventTypes.IDENTITY_PROVIDER_UPDATED, orgIds, provider, diff);
    }
    if (before.status !== provider.status) {
      const type =
        provider.status === 'ACTIVE'
          ? FederationEventTypes.IDENTITY_PROVIDER_ACTIVATED
          : FederationEventTypes.IDENTITY_PROVIDER_DEACTIVATED;
      await this.publish(type, orgIds, provider, {
        ...diff,
        params: [{ param: 'status', old: before.status, new: provider.status }],
      });
    }
    return this.render(provider);
  }

  // Refused while an organization still signs in through the provider: disconnecting it is explicit.
  // The federation lock orders this after any connect that names the provider (PATCH
  // /federationSettings/{id}/connectedOrgConfigs/{orgId} takes it too).
  @Transactional()
  async delete(
    principal: Principal,
    federationSettingsId: string,
    identityProviderId: string,
  ): Promise<void> {
    const { federation, orgIds } = await this.access.authorize(principal, federationSettingsId, true);
    const provider = await this.find(federation.id, identityProviderId, true);
    const users = await this.txHost.tx
      .getRepository(ConnectedOrgEntity)
      .find({ select: { orgId: true }, where: { identityProviderId: provider.id }, order: { orgId: 'ASC' } });
    if (users.length > 0) {
      throw FederationErrors.IDENTITY_PROVIDER_HAS_CONNECTED_ORGS(
        provider.id,
        users.map((u) => u.orgId).join(', '),
      );
    }
    await this.repository().delete({ id: provider.id });
    await this.publish(
      FederationEventTypes.IDENTITY_PROVIDER_DELETED,
      orgIds,
      provider,
      diffOf(provider, undefined),
    );
  }

  async find(
    federationSettingsId: string,
    identityProviderId: string,
    lock = false,
  ): Promise<IdentityProviderEntity> {
    const provider = isIdentityProviderId(identityProviderId)
      ? await this.repository().findOne({
          where: { id: identityProviderId, federationSettingsId },
          ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
        })
      : null;
    if (!provider)
      throw FederationErrors.IDENTITY_PROVIDER_NOT_FOUND(identityProviderId, federationSettingsId);
    return provider;
  }

  // An issuer names one provider everywhere. The advisory lock makes the check and the insert one step
  // against a concurrent create or rename to the same issuer.
  private async ensureIssuerAvailable(federationSettingsId: string, issuerUri: string): Promise<void> {
    await lockIssuer(this.txHost.tx, issuerUri);
    const holder = await this.repository().findOne({
      select: { federationSettingsId: true },
      where: { issuerUri },
    });
    if (!holder) return;
    if (holder.federationSettingsId !== federationSettingsId) {
      throw FederationErrors.IDENTITY_PROVIDER_ALREADY_ASSOCIATED_WITH_FEDERATION(issuerUri);
    }
    throw FederationErrors.IDENTITY_PROVIDER_ISSUER_URI_ALREADY_EXISTS(issuerUri);
  }

  private async render(provider: IdentityProviderEntity): Promise<IdentityProviderResponse> {
    const associated = await this.txHost.tx.getRepository(ConnectedOrgEntity).find({
      where: { identityProviderId: provider.id },
      order: { connected: 'ASC', orgId: 'ASC' },
    });
    return toIdentityProviderResponse(provider, await this.views.render(associated));
  }

  private async publish(
    eventTypeName: string,
    orgIds: readonly string[],
    provider: IdentityProviderEntity,
    diff: EventDiff,
  ): Promise<void> {
    for (const orgId of orgIds) {
      await this.events.publish({
        eventTypeName,
        orgId,
        diffs: [diff],
        raw: { federationSettingsId: provider.federationSettingsId, identityProviderId: provider.id },
      });
    }
  }

  private repository() {
    return this.txHost.tx.getRepository(IdentityProviderEntity);
  }
}

// The DTO validated every certificate already; parsing again reads their validity.
// pemFileInfo sent back as GET printed it (every certificate by its dates, no content) keeps the stored
// certificates when it equals them and is refused as read-only otherwise; certificates with content
// replace them (their dates are read from the content, any dates sent beside it are ignored).
function pemFileInfoToApply(
  sent: PemFileInfoRequest | undefined,
  stored: object,
): PemFileInfoRequest | undefined {
  if (sent === undefined) return undefined;
  const withoutContent = sent.certificates.findIndex((certificate) => certificate.content === undefined);
  if (withoutContent < 0) return sent;
  if (sent.certificates.some((certificate) => certificate.content !== undefined)) {
    throw CommonErrors.MISSING_ATTRIBUTE(`pemFileInfo.certificates[${withoutContent}].content`);
  }
  if (!sameValue(sent, stored)) throw CommonErrors.ATTRIBUTE_READ_ONLY('pemFileInfo.certificates');
  return undefined;
}

function certificatesOf(pemFileInfo: PemFileInfoRequest): StoredCertificate[] {
  return pemFileInfo.certificates.map((certificate, index) => {
    const parsed = parsePemCertificate(certificate.content);
    if (!parsed) {
      throw CommonErrors.VALIDATION_ERROR(
        `pemFileInfo.certificates[${index}].content`,
        'must be one PEM-encoded X.509 certificate',
      );
    }
    return parsed;
  });
}

// Certificates are audited by their validity, never by their text.
function diffOf(
  before: IdentityProviderEntity | undefined,
  after: IdentityProviderEntity | undefined,
): EventDiff {
  const subject = (after ?? before) as IdentityProviderEntity;
  const show = (
    provider: IdentityProviderEntity | undefined,
    field: (typeof AUDITED_FIELDS)[number],
  ): unknown =>
    field === 'certificates'
      ? provider?.certificates.map(({ notBefore, notAfter }) => ({ notBefore, notAfter }))
      : provider?.[field];
  const params = AUDITED_FIELDS.filter(
    (field) => JSON.stringify(show(before, field)) !== JSON.stringify(show(after, field)),
  ).map((field) => ({ param: field, old: show(before, field), new: show(after, field) }));
  return {
    id: subject.id,
    name: subject.displayName,
    type: 'IDENTITY_PROVIDER',
    status: before === undefined ? 'NEW' : after === undefined ? 'REMOVED' : 'MODIFIED',
    params,
  };
}
