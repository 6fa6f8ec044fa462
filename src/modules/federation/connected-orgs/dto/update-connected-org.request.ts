import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  ValidateNested,
} from 'class-validator';
import { ReadOnlyField } from '../../../../platform/http/read-only-fields';
import { OBJECT_ID_PATTERN } from '../../../../platform/ids/object-id';
import { DOMAIN_PATTERN } from '../../domains';
import {
  EXAMPLE_IDP_ID,
  EXAMPLE_ORG_ID,
  EXAMPLE_ROLE_ASSIGNMENTS,
  EXAMPLE_ROLE_MAPPING_ID,
} from '../../federation.examples';
import { IDENTITY_PROVIDER_ID_PATTERN } from '../../identity-providers/identity-provider-id';
import { RoleMappingRequest } from '../../role-mappings/dto/role-mapping.request';
import { ORG_ROLE_NAMES } from '../../../../platform/auth/role-names';

export const MAX_DOMAINS = 100;
export const MAX_ROLE_MAPPINGS = 100;

// PATCH /federationSettings/{id}/connectedOrgConfigs/{orgId}. The optional lists replace the stored ones
// when given.
export class UpdateConnectedOrgRequest {
  @ApiPropertyOptional({
    type: [String],
    example: ['example.com'],
    description: 'Replaces the approved login domains when given.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_DOMAINS)
  @IsString({ each: true })
  @Matches(DOMAIN_PATTERN, { each: true, message: 'each value must be a domain name such as example.com' })
  domainAllowList?: string[] | null;

  @ApiProperty({
    example: false,
    description: 'Required. When true, userConflicts lists the users outside domainAllowList.',
  })
  @IsDefined()
  @IsBoolean()
  domainRestrictionEnabled!: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    required: false,
    example: EXAMPLE_IDP_ID,
    description:
      '20 hexadecimal digits, an identity provider of this federation; omitted or null disconnects.',
  })
  @IsOptional()
  @IsString()
  @Matches(IDENTITY_PROVIDER_ID_PATTERN, { message: 'must be 20 hexadecimal digits' })
  identityProviderId?: string | null;

  @ApiProperty({ example: EXAMPLE_ORG_ID, description: 'Required; must equal the organization in the path.' })
  @IsDefined()
  @IsString()
  @Matches(OBJECT_ID_PATTERN, { message: 'must be 24 hexadecimal digits' })
  orgId!: string;

  @ApiPropertyOptional({
    enum: ORG_ROLE_NAMES,
    isArray: true,
    example: ['ORG_MEMBER'],
    description: 'Replaces the roles granted on login when given.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(ORG_ROLE_NAMES.length)
  @IsString({ each: true })
  @IsIn(ORG_ROLE_NAMES, { each: true })
  postAuthRoleGrants?: string[] | null;

  @ApiPropertyOptional({
    type: [RoleMappingRequest],
    example: [
      {
        externalGroupName: 'example',
        id: EXAMPLE_ROLE_MAPPING_ID,
        roleAssignments: EXAMPLE_ROLE_ASSIGNMENTS,
      },
    ],
    description:
      'Replaces the role mappings when given. An item keeps the mapping with its id, else the one with its ' +
      'externalGroupName; mappings left out are deleted.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_ROLE_MAPPINGS)
  @ValidateNested({ each: true })
  @Type(() => RoleMappingRequest)
  roleMappings?: RoleMappingRequest[] | null;

  // Clients send back what they read (the Go client re-sends a non-null userConflicts); it is computed.
  @ReadOnlyField({ type: [Object], example: [] })
  userConflicts?: unknown;
}
