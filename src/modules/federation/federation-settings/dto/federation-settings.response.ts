import { ApiProperty } from '@nestjs/swagger';
import { EXAMPLE_FEDERATION_ID, EXAMPLE_IDP_ID } from '../../federation.examples';
import { IDENTITY_PROVIDER_STATUSES } from '../../identity-providers/identity-provider.entity';

// The product's federation settings of one organization, as its documentation prints them.
export class FederationSettingsResponse {
  @ApiProperty({
    type: [String],
    example: ['example.com'],
    description: "The associated domains of the organization's identity provider; empty without one.",
  })
  federatedDomains!: string[];

  @ApiProperty({ example: false, description: 'Whether the organization has role mappings.' })
  hasRoleMappings!: boolean;

  @ApiProperty({ example: EXAMPLE_FEDERATION_ID })
  id!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    example: EXAMPLE_IDP_ID,
    description: "The organization's identity provider (20 hexadecimal digits); null when it has none.",
  })
  identityProviderId!: string | null;

  @ApiProperty({ enum: IDENTITY_PROVIDER_STATUSES, nullable: true, example: 'INACTIVE' })
  identityProviderStatus!: string | null;
}
