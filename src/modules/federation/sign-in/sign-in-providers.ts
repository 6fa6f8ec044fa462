import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { ArrayContains } from 'typeorm';
import { ConnectedOrgEntity } from '../connected-orgs/connected-org.entity';
import { FederationSettingsEntity } from '../federation-settings/federation-settings.entity';
import { isIdentityProviderId } from '../identity-providers/identity-provider-id';
import { IdentityProviderEntity } from '../identity-providers/identity-provider.entity';
import { RoleMappingEntity } from '../role-mappings/role-mapping.entity';
import type { ConnectedOrgGrants } from './federated-grants';

export interface SignInProvider {
  provider: IdentityProviderEntity;
  federation: FederationSettingsEntity;
  // The organizations connected to the federation that sign in with this provider.
  connectedOrgs: ConnectedOrgEntity[];
}

// What a sign-in reads of the federation: the provider, its federation and the organizations using it.
@Injectable()
export class SignInProviders {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async byId(identityProviderId: string): Promise<SignInProvider | null> {
    if (!isIdentityProviderId(identityProviderId)) return null;
    const provider = await this.txHost.tx
      .getRepository(IdentityProviderEntity)
      .findOneBy({ id: identityProviderId });
    return provider ? this.withFederation(provider) : null;
  }

  // An active provider used by a connected organization, among whose associated domains the domain is.
  async byDomain(domain: string): Promise<SignInProvider | null> {
    const providers = await this.txHost.tx.getRepository(IdentityProviderEntity).find({
      where: { associatedDomains: ArrayContains([domain]), status: 'ACTIVE' },
      order: { id: 'ASC' },
    });
    for (const provider of providers) {
      const found = await this.withFederation(provider);
      if (found.connectedOrgs.length > 0) return found;
    }
    return null;
  }

  async grantsOf(connectedOrgs: readonly ConnectedOrgEntity[]): Promise<ConnectedOrgGrants[]> {
    const mappings = this.txHost.tx.getRepository(RoleMappingEntity);
    const grants: ConnectedOrgGrants[] = [];
    for (const org of connectedOrgs) {
      grants.push({
        orgId: org.orgId,
        postAuthRoleGrants: org.postAuthRoleGrants,
        domainRestrictionEnabled: org.domainRestrictionEnabled,
        domainAllowList: org.domainAllowList,
        mappings: await mappings.find({ where: { orgId: org.orgId } }),
      });
    }
    return grants;
  }

  private async withFederation(provider: IdentityProviderEntity): Promise<SignInProvider> {
    const federation = await this.txHost.tx
      .getRepository(FederationSettingsEntity)
      .findOneByOrFail({ id: provider.federationSettingsId });
    const connectedOrgs = await this.txHost.tx.getRepository(ConnectedOrgEntity).find({
      where: { federationSettingsId: federation.id, identityProviderId: provider.id },
      order: { orgId: 'ASC' },
    });
    return { provider, federation, connectedOrgs };
  }
}
