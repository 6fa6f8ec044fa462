import type { IdentityProviderEntity } from '../identity-providers/identity-provider.entity';
import type { FederationSettingsResponse } from './dto/federation-settings.response';

export function toFederationSettingsResponse(
  federationSettingsId: string,
  provider: IdentityProviderEntity | null,
  hasRoleMappings: boolean,
): FederationSettingsResponse {
  return {
    federatedDomains: provider?.associatedDomains ?? [],
    hasRoleMappings,
    id: federationSettingsId,
    identityProviderId: provider?.id ?? null,
    identityProviderStatus: provider?.status ?? null,
  };
}
