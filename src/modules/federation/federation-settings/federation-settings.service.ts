import { Injectable } from '@nestjs/common';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In } from 'typeorm';
import type { Principal } from '../../../platform/auth/principal';
import { Clock } from '../../../platform/clock/clock';
import { SecretBox } from '../../../platform/crypto/secret-box';
import { EventPublisher } from '../../../platform/events/event-publisher';
import { newObjectId } from '../../../platform/ids/object-id';
import { ConnectedOrgEntity } from '../connected-orgs/connected-org.entity';
import { FederationAccess } from '../federation-access';
import { FederationErrors } from '../federation.errors';
import { FederationEventTypes } from '../federation.events';
import { IdentityProviderEntity } from '../identity-providers/identity-provider.entity';
import { RoleMappingEntity } from '../role-mappings/role-mapping.entity';
import { selfSignedCertificate } from '../saml/self-signed-certificate';
import type { FederationSettingsResponse } from './dto/federation-settings.response';
import { FederationSettingsEntity } from './federation-settings.entity';
import { toFederationSettingsResponse } from './federation-settings.mapper';

const SP_CERTIFICATE_YEARS = 10;

export interface FederationSettingsOutcome {
  created: boolean;
  settings: FederationSettingsResponse;
}

// Federations as seen from one organization, their creation (our addition: the product
// creates them in its web interface) and deletion.
@Injectable()
export class FederationSettingsService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly access: FederationAccess,
    private readonly secrets: SecretBox,
    private readonly events: EventPublisher,
    private readonly clock: Clock,
  ) {}

  // Idempotent: an organization already connected gets its federation back (created: false).
  @Transactional()
  async create(orgId: string): Promise<FederationSettingsOutcome> {
    await this.access.lockOrg(orgId);
    const existing = await this.connected().findOneBy({ orgId });
    if (existing) return { created: false, settings: await this.settingsOf(existing) };
    const now = this.clock.now();
    const id = newObjectId(now);
    const notAfter = new Date(now);
    notAfter.setUTCFullYear(notAfter.getUTCFullYear() + SP_CERTIFICATE_YEARS);
    const keys = selfSignedCertificate(`Federation ${id}`, now, notAfter);
    await this.txHost.tx.getRepository(FederationSettingsEntity).insert({
      id,
      spCertificate: keys.certificatePem,
      spPrivateKey: this.secrets.seal(keys.privateKeyPem),
      created: now,
      updated: now,
    });
    const config: ConnectedOrgEntity = {
      orgId,
      federationSettingsId: id,
      identityProviderId: null,
      domainRestrictionEnabled: false,
      domainAllowList: [],
      postAuthRoleGrants: [],
      connected: now,
      updated: now,
    };
    await this.connected().insert(config);
    await this.events.publish({
      eventTypeName: FederationEventTypes.FEDERATION_SETTINGS_CREATED,
      orgId,
      diffs: [{ id, type: 'FEDERATION_SETTINGS', status: 'NEW', params: [] }],
      raw: { federationSettingsId: id },
    });
    return { created: true, settings: await this.settingsOf(config) };
  }

  // The guard already required Organization Owner of the organization.
  async get(orgId: string): Promise<FederationSettingsResponse> {
    const config = await this.connected().findOneBy({ orgId });
    if (!config) throw FederationErrors.ORG_FEDERATION_SETTINGS_NOT_FOUND(orgId);
    return this.settingsOf(config);
  }

  // DELETE /federationSettings/{id}: only with a single connected organization, whose owner the
  // caller must be; removes the identity providers, the connection and its role mappings with it.
  @Transactional()
  async delete(principal: Principal, federationSettingsId: string): Promise<void> {
    const { federation, orgIds } = await this.access.authorize(principal, federationSettingsId, true);
    if (orgIds.length > 1) {
      throw FederationErrors.FEDERATION_HAS_MULTIPLE_CONNECTED_ORGS(federation.id, orgIds.length);
    }
    const providers = await this.txHost.tx
      .getRepository(IdentityProviderEntity)
      .find({ select: { id: true }, where: { federationSettingsId: federation.id } });
    if (orgIds.length > 0)
      await this.txHost.tx.getRepository(RoleMappingEntity).delete({ orgId: In(orgIds) });
    await this.connected().delete({ federationSettingsId: federation.id });
    await this.txHost.tx
      .getRepository(IdentityProviderEntity)
      .delete({ federationSettingsId: federation.id });
    await this.txHost.tx.getRepository(FederationSettingsEntity).delete({ id: federation.id });
    for (const orgId of orgIds) {
      await this.events.publish({
        eventTypeName: FederationEventTypes.FEDERATION_SETTINGS_DELETED,
        orgId,
        diffs: [{ id: federation.id, type: 'FEDERATION_SETTINGS', status: 'REMOVED', params: [] }],
        raw: { federationSettingsId: federation.id, identityProviderIds: providers.map((p) => p.id) },
      });
    }
  }

  private async settingsOf(config: ConnectedOrgEntity): Promise<FederationSettingsResponse> {
    const provider =
      config.identityProviderId !== null
        ? await this.txHost.tx
            .getRepository(IdentityProviderEntity)
            .findOneBy({ id: config.identityProviderId })
        : null;
    const hasRoleMappings = await this.txHost.tx
      .getRepository(RoleMappingEntity)
      .existsBy({ orgId: config.orgId });
    return toFederationSettingsResponse(config.federationSettingsId, provider, hasRoleMappings);
  }

  private connected() {
    return this.txHost.tx.getRepository(ConnectedOrgEntity);
  }
}
