import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { Principal } from '../../platform/auth/principal';
import { hasGlobalRole, hasOrgRole } from '../../platform/auth/role-hierarchy';
import { CommonErrors } from '../../platform/http/error-codes';
import { isObjectId } from '../../platform/ids/object-id';
import { ConnectedOrgEntity } from './connected-orgs/connected-org.entity';
import { FederationSettingsEntity } from './federation-settings/federation-settings.entity';
import { FederationErrors } from './federation.errors';
import { lockFederationOrg } from './federation.locks';

export interface AuthorizedFederation {
  federation: FederationSettingsEntity;
  // Connected organizations, oldest connection first.
  orgIds: string[];
}

// Who may touch a federation named only by its id (the product's rule): an Organization Owner
// of at least one connected organization, or a global owner. The role check comes before the existence
// check, so an outsider gets 401 USER_UNAUTHORIZED whether or not the federation exists.
@Injectable()
export class FederationAccess {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  // `lock` holds the federation row until commit: every change of its set of connected organizations
  // takes this lock, so "the last organization" and "more than one" are decided on a stable set.
  async authorize(
    principal: Principal,
    federationSettingsId: string,
    lock = false,
  ): Promise<AuthorizedFederation> {
    const orgIds = isObjectId(federationSettingsId) ? await this.connectedOrgIds(federationSettingsId) : [];
    if (!this.ownsAny(principal, orgIds)) throw CommonErrors.USER_UNAUTHORIZED();
    const federation = isObjectId(federationSettingsId)
      ? await this.txHost.tx.getRepository(FederationSettingsEntity).findOne({
          where: { id: federationSettingsId },
          ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
        })
      : null;
    if (!federation) throw FederationErrors.FEDERATION_SETTINGS_NOT_FOUND(federationSettingsId);
    // Re-read under the lock: a concurrent connect or disconnect may have committed meanwhile.
    return { federation, orgIds: lock ? await this.connectedOrgIds(federation.id) : orgIds };
  }

  // Whether the caller may see that a federation exists (org-scoped routes use it to choose between
  // "not connected to this federation" and "no such federation").
  async isVisible(principal: Principal, federationSettingsId: string): Promise<boolean> {
    if (!isObjectId(federationSettingsId)) return false;
    const orgIds = await this.connectedOrgIds(federationSettingsId);
    return orgIds.length > 0 && this.ownsAny(principal, orgIds);
  }

  // For org-scoped routes, where the guard already checked ORG_OWNER of `orgId`. `lock` holds the row.
  async connectedOrg(
    principal: Principal,
    federationSettingsId: string,
    orgId: string,
    lock = false,
  ): Promise<ConnectedOrgEntity> {
    const config = isObjectId(federationSettingsId)
      ? await this.txHost.tx.getRepository(ConnectedOrgEntity).findOne({
          where: { orgId, federationSettingsId },
          ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
        })
      : null;
    if (config) return config;
    if (await this.isVisible(principal, federationSettingsId)) {
      throw FederationErrors.CONNECTED_ORG_CONFIG_NOT_FOUND(orgId, federationSettingsId);
    }
    throw FederationErrors.FEDERATION_SETTINGS_NOT_FOUND(federationSettingsId);
  }

  // Serializes everything that connects `orgId` to a federation (an organization joins at most one).
  async lockOrg(orgId: string): Promise<void> {
    await lockFederationOrg(this.txHost.tx, orgId);
  }

  ownsAny(principal: Principal, orgIds: readonly string[]): boolean {
    return (
      hasGlobalRole(principal.roles, ['GLOBAL_OWNER']) ||
      orgIds.some((orgId) => hasOrgRole(principal.roles, orgId, ['ORG_OWNER']))
    );
  }

  async connectedOrgIds(federationSettingsId: string): Promise<string[]> {
    const rows = await this.txHost.tx.getRepository(ConnectedOrgEntity).find({
      select: { orgId: true },
      where: { federationSettingsId },
      order: { connected: 'ASC', orgId: 'ASC' },
    });
    return rows.map((row) => row.orgId);
  }
}
