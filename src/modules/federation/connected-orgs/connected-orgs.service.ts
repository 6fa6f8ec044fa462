import { Injectable } from '@nestjs/common';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { Principal } from '../../../platform/auth/principal';
import { Clock } from '../../../platform/clock/clock';
import type { EventDiff } from '../../../platform/events/domain-event';
import { EventPublisher } from '../../../platform/events/event-publisher';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import type { PageQuery } from '../../../platform/http/pagination/page.query';
import { assertReadOnlyUnchanged } from '../../../platform/http/read-only-fields';
import { normalizeDomains } from '../domains';
import { FederationAccess } from '../federation-access';
import { FederationErrors } from '../federation.errors';
import { FederationEventTypes } from '../federation.events';
import { IdentityProviderEntity } from '../identity-providers/identity-provider.entity';
import { RoleMappingsService } from '../role-mappings/role-mappings.service';
import { ConnectedOrgEntity } from './connected-org.entity';
import { ConnectedOrgViews } from './connected-org.views';
import type { ConnectedOrgConfigResponse } from './dto/connected-org.response';
import type { UpdateConnectedOrgRequest } from './dto/update-connected-org.request';

type ConfigFields = Pick<
  ConnectedOrgEntity,
  'identityProviderId' | 'domainRestrictionEnabled' | 'domainAllowList' | 'postAuthRoleGrants'
>;

const CONFIG_FIELDS = [
  'identityProviderId',
  'domainRestrictionEnabled',
  'domainAllowList',
  'postAuthRoleGrants',
] as const;

// Organizations connected to a federation (the product's connected organization configuration).
@Injectable()
export class ConnectedOrgsService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly access: FederationAccess,
    private readonly views: ConnectedOrgViews,
    private readonly roleMappings: RoleMappingsService,
    private readonly events: EventPublisher,
    private readonly links: PageLinks,
    private readonly clock: Clock,
  ) {}

  // Organization Owner of at least one connected organization (federation-configuration).
  async list(
    principal: Principal,
    federationSettingsId: string,
    page: PageQuery,
  ): Promise<ListEnvelope<ConnectedOrgConfigResponse>> {
    const { federation } = await this.access.authorize(principal, federationSettingsId);
    const [configs, total] = await this.repository().findAndCount({
      where: { federationSettingsId: federation.id },
      order: { connected: 'ASC', orgId: 'ASC' },
      skip: page.offset,
      take: page.itemsPerPage,
    });
    return this.links.list(page, await this.views.render(configs), total);
  }

  async get(
    principal: Principal,
    federationSettingsId: string,
    orgId: string,
  ): Promise<ConnectedOrgConfigResponse> {
    return this.views.renderOne(await this.access.connectedOrg(principal, federationSettingsId, orgId));
  }

  // PATCH /federationSettings/{id}/connectedOrgConfigs/{orgId}. On an organization not yet connected it
  // connects it: the guard made sure the caller owns
  // that organization, and authorize() that it also owns one already in the federation, so nobody can
  // join a federation they do not administer.
  @Transactional()
  async update(
    principal: Principal,
    federationSettingsId: string,
    orgId: string,
    request: UpdateConnectedOrgRequest,
  ): Promise<ConnectedOrgConfigResponse> {
    if (request.orgId !== orgId) throw FederationErrors.ORG_MISMATCH(request.orgId, orgId);
    const { federation } = await this.access.authorize(principal, federationSettingsId, true);
    await this.access.lockOrg(orgId);
    const existing = await this.repository().findOne({
      where: { orgId },
      lock: { mode: 'pessimistic_write' },
    });
    if (existing && existing.federationSettingsId !== federation.id) {
      throw FederationErrors.ORG_ALREADY_ASSOCIATED_WITH_FEDERATION(orgId);
    }
    // A new connection has no conflicts to send back yet.
    assertReadOnlyUnchanged(
      request,
      existing ? await this.views.renderOne(existing) : { userConflicts: null },
    );
    const identityProviderId = request.identityProviderId ?? null;
    if (identityProviderId !== null) {
      const inFederation = await this.txHost.tx
        .getRepository(IdentityProviderEntity)
        .existsBy({ id: identityProviderId, federationSettingsId: federation.id });
      if (!inFederation) {
        throw FederationErrors.CONNECTED_ORG_CONFIG_IDP_NOT_IN_FEDERATION(identityProviderId, federation.id);
      }
    }
    const now = this.clock.now();
    const before = existing ? snapshot(existing) : undefined;
    const after: ConfigFields = {
      identityProviderId,
      domainRestrictionEnabled: request.domainRestrictionEnabled,
      domainAllowList:
        request.domainAllowList != null
          ? normalizeDomains(request.domainAllowList)
          : (existing?.domainAllowList ?? []),
      postAuthRoleGrants:
        request.postAuthRoleGrants != null
          ? [...new Set(request.postAuthRoleGrants)]
          : (existing?.postAuthRoleGrants ?? []),
    };
    const config: ConnectedOrgEntity = existing
      ? Object.assign(existing, after, { updated: now })
      : { orgId, federationSettingsId: federation.id, ...after, connected: now, updated: now };
    await this.repository().save(config);
    if (request.roleMappings != null) await this.roleMappings.replaceAll(config, request.roleMappings);
    await this.events.publish({
      eventTypeName: FederationEventTypes.FEDERATION_SETTINGS_UPDATED,
      orgId,
      diffs: [diffOf(before, after, orgId)],
      raw: { federationSettingsId: federation.id, connectedOrgId: orgId, connected: !existing },
    });
    return this.views.renderOne(config);
  }

  // Removes the organization's connection with its role mappings; never the last one (as the
  // product's "Remove One Org Mapping"): the federation itself is deleted with DELETE /federationSettings/{id}.
  @Transactional()
  async disconnect(principal: Principal, federationSettingsId: string, orgId: string): Promise<void> {
    await this.access.connectedOrg(principal, federationSettingsId, orgId);
    const { federation, orgIds } = await this.access.authorize(principal, federationSettingsId, true);
    const config = await this.repository().findOneBy({ orgId, federationSettingsId: federation.id });
    if (!config) throw FederationErrors.CONNECTED_ORG_CONFIG_NOT_FOUND(orgId, federation.id);
    if (orgIds.length <= 1) throw FederationErrors.CANNOT_DISCONNECT_LAST_ORG(orgId, federation.id);
    await this.repository().delete({ orgId });
    await this.events.publish({
      eventTypeName: FederationEventTypes.FEDERATION_SETTINGS_UPDATED,
      orgId,
      diffs: [diffOf(snapshot(config), undefined, orgId)],
      raw: { federationSettingsId: federation.id, connectedOrgId: orgId, disconnected: true },
    });
  }

  private repository() {
    return this.txHost.tx.getRepository(ConnectedOrgEntity);
  }
}

// The entity is updated in place, so "before" must be copied out first.
function snapshot(config: ConnectedOrgEntity): ConfigFields {
  return {
    identityProviderId: config.identityProviderId,
    domainRestrictionEnabled: config.domainRestrictionEnabled,
    domainAllowList: [...config.domainAllowList],
    postAuthRoleGrants: [...config.postAuthRoleGrants],
  };
}

function diffOf(before: ConfigFields | undefined, after: ConfigFields | undefined, orgId: string): EventDiff {
  const params = CONFIG_FIELDS.filter(
    (field) => JSON.stringify(before?.[field]) !== JSON.stringify(after?.[field]),
  ).map((field) => ({ param: field, old: before?.[field], new: after?.[field] }));
  return {
    id: orgId,
    type: 'CONNECTED_ORG_CONFIG',
    status: before === undefined ? 'NEW' : after === undefined ? 'REMOVED' : 'MODIFIED',
    params,
  };
}
