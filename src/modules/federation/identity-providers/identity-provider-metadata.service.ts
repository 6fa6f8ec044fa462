import { Injectable } from '@nestjs/common';
import type { Principal } from '../../../platform/auth/principal';
import { RequestContext } from '../../../platform/http/request-context';
import { FederationAccess } from '../federation-access';
import { FederationErrors } from '../federation.errors';
import { spMetadataXml } from '../saml/sp-metadata.xml';
import { negotiateXml, type XmlMediaType } from '../saml/xml-media-type';
import { IdentityProvidersService } from './identity-providers.service';

export const SERVICE_PROVIDER_NAME = 'Deployment Management Service';

export interface MetadataDocument {
  contentType: XmlMediaType;
  xml: string;
}

// GET /federationSettings/{id}/identityProviders/{idpId}/metadata.xml: the SAML metadata to load into the
// identity provider. Order of answers: 401 for callers
// who own no connected organization, 404 for unknown ids, then 406 when the client accepts no XML.
@Injectable()
export class IdentityProviderMetadataService {
  constructor(
    private readonly access: FederationAccess,
    private readonly providers: IdentityProvidersService,
    private readonly context: RequestContext,
  ) {}

  async metadata(
    principal: Principal,
    federationSettingsId: string,
    identityProviderId: string,
    accept: string | undefined,
  ): Promise<MetadataDocument> {
    const { federation } = await this.access.authorize(principal, federationSettingsId);
    const provider = await this.providers.find(federation.id, identityProviderId);
    const contentType = negotiateXml(accept);
    if (contentType === undefined) throw FederationErrors.NOT_ACCEPTABLE(accept ?? '');
    const xml = spMetadataXml({
      entityId: provider.audienceUri,
      acsUrl: provider.acsUrl,
      certificatePem: federation.spCertificate,
      organizationName: SERVICE_PROVIDER_NAME,
      organizationUrl: this.context.origin(),
    });
    return { contentType, xml };
  }
}
