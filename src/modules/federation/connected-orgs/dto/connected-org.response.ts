import { ApiProperty } from '@nestjs/swagger';
import { ListEnvelopeResponse } from '../../../../platform/http/pagination/list-envelope';
import { EXAMPLE_FEDERATION_ID, EXAMPLE_IDP_ID, EXAMPLE_ORG_ID } from '../../federation.examples';
import { RoleMappingResponse } from '../../role-mappings/dto/role-mapping.response';
import { ORG_ROLE_NAMES } from '../../../../platform/auth/role-names';

// GO-ATLAS UserConflicts.
export class UserConflictResponse {
  @ApiProperty({ example: 'bob@other.example.org' })
  emailAddress!: string;

  @ApiProperty({ example: EXAMPLE_FEDERATION_ID })
  federationSettingsId!: string;

  @ApiProperty({ example: 'Bob' })
  firstName!: string;

  @ApiProperty({ example: 'Smith' })
  lastName!: string;

  @ApiProperty({ example: '5f1e0a4b8c2d3e4f5a6b7c8d' })
  userId!: string;
}

// The product's connected organization configuration, as its documentation prints it.
export class ConnectedOrgConfigResponse {
  @ApiProperty({ type: [String], example: [] })
  domainAllowList!: string[];

  @ApiProperty({ example: false })
  domainRestrictionEnabled!: boolean;

  @ApiProperty({ type: String, nullable: true, example: EXAMPLE_IDP_ID })
  identityProviderId!: string | null;

  @ApiProperty({ example: EXAMPLE_ORG_ID })
  orgId!: string;

  @ApiProperty({ enum: ORG_ROLE_NAMES, isArray: true, example: ['ORG_OWNER'] })
  postAuthRoleGrants!: string[];

  @ApiProperty({ type: [RoleMappingResponse] })
  roleMappings!: RoleMappingResponse[];

  @ApiProperty({
    type: [UserConflictResponse],
    nullable: true,
    example: null,
    description:
      'Users of the organization outside domainAllowList; null when domainRestrictionEnabled is false.',
  })
  userConflicts!: UserConflictResponse[] | null;
}

export class ConnectedOrgConfigListResponse extends ListEnvelopeResponse {
  @ApiProperty({ type: [ConnectedOrgConfigResponse] })
  results!: ConnectedOrgConfigResponse[];
}
