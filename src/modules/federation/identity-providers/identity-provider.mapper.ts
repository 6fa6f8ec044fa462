import { toIsoSeconds } from '../../../platform/http/timestamps';
import type { ConnectedOrgConfigResponse } from '../connected-orgs/dto/connected-org.response';
import type { IdentityProviderResponse } from './dto/identity-provider.response';
import type { IdentityProviderEntity } from './identity-provider.entity';

export function toIdentityProviderResponse(
  provider: IdentityProviderEntity,
  associatedOrgs: ConnectedOrgConfigResponse[],
): IdentityProviderResponse {
  return {
    acsUrl: provider.acsUrl,
    associatedDomains: provider.associatedDomains,
    associatedOrgs,
    audienceUri: provider.audienceUri,
    displayName: provider.displayName,
    issuerUri: provider.issuerUri,
    oktaIdpId: provider.id,
    pemFileInfo: {
      certificates: provider.certificates.map((certificate) => ({
        notAfter: toIsoSeconds(new Date(certificate.notAfter)),
        notBefore: toIsoSeconds(new Date(certificate.notBefore)),
      })),
      fileName: provider.pemFileName,
    },
    requestBinding: provider.requestBinding,
    responseSignatureAlgorithm: provider.responseSignatureAlgorithm,
    ssoDebugEnabled: provider.ssoDebugEnabled,
    ssoUrl: provider.ssoUrl,
    status: provider.status,
  };
}
