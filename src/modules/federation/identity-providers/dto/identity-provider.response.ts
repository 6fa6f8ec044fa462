import { ApiProperty } from '@nestjs/swagger';
import { ListEnvelopeResponse } from '../../../../platform/http/pagination/list-envelope';
import { ConnectedOrgConfigResponse } from '../../connected-orgs/dto/connected-org.response';
import { EXAMPLE_IDP_ID, EXAMPLE_ISSUER_URI, EXAMPLE_SSO_URL } from '../../federation.examples';
import {
  IDENTITY_PROVIDER_STATUSES,
  REQUEST_BINDINGS,
  SIGNATURE_ALGORITHMS,
} from '../identity-provider.entity';

export class CertificateInfoResponse {
  @ApiProperty({ example: '2029-01-15T10:30:00Z' })
  notAfter!: string;

  @ApiProperty({ example: '2024-01-15T10:30:00Z' })
  notBefore!: string;
}

export class PemFileInfoResponse {
  @ApiProperty({ type: [CertificateInfoResponse] })
  certificates!: CertificateInfoResponse[];

  @ApiProperty({ type: String, nullable: true, example: 'okta.cert' })
  fileName!: string | null;
}

// As the product's "Return One Identity Provider" prints it. The certificates themselves are not
// returned, only their validity, as in the product.
export class IdentityProviderResponse {
  @ApiProperty({
    example: `https://dms.example.com/sso/saml2/${EXAMPLE_IDP_ID}`,
    description: 'Assertion consumer service URL of this service for the provider (in the metadata).',
  })
  acsUrl!: string;

  @ApiProperty({ type: [String], example: ['example.com'] })
  associatedDomains!: string[];

  @ApiProperty({
    type: [ConnectedOrgConfigResponse],
    description: 'Connected organizations that use this provider.',
  })
  associatedOrgs!: ConnectedOrgConfigResponse[];

  @ApiProperty({
    example: `https://dms.example.com/saml2/service-provider/${EXAMPLE_IDP_ID}`,
    description: "Entity id of this service as the provider's service provider (the metadata's entityID).",
  })
  audienceUri!: string;

  @ApiProperty({ example: 'Okta' })
  displayName!: string;

  @ApiProperty({ example: EXAMPLE_ISSUER_URI })
  issuerUri!: string;

  @ApiProperty({ example: EXAMPLE_IDP_ID, description: 'The identityProviderId: 20 hexadecimal digits.' })
  oktaIdpId!: string;

  @ApiProperty({ type: PemFileInfoResponse })
  pemFileInfo!: PemFileInfoResponse;

  @ApiProperty({ enum: REQUEST_BINDINGS, example: 'HTTP-POST' })
  requestBinding!: string;

  @ApiProperty({ enum: SIGNATURE_ALGORITHMS, example: 'SHA-256' })
  responseSignatureAlgorithm!: string;

  @ApiProperty({ example: false })
  ssoDebugEnabled!: boolean;

  @ApiProperty({ example: EXAMPLE_SSO_URL })
  ssoUrl!: string;

  @ApiProperty({ enum: IDENTITY_PROVIDER_STATUSES, example: 'ACTIVE' })
  status!: string;
}

export class IdentityProviderListResponse extends ListEnvelopeResponse {
  @ApiProperty({ type: [IdentityProviderResponse] })
  results!: IdentityProviderResponse[];
}
