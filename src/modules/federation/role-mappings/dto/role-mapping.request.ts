import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches } from 'class-validator';
import { OBJECT_ID_PATTERN } from '../../../../platform/ids/object-id';
import { EXAMPLE_ROLE_MAPPING_ID } from '../../federation.examples';
import { CreateRoleMappingRequest } from './create-role-mapping.request';

// A whole role mapping as clients send it back: the PUT body (the product's "Update One Role Mapping") and
// the items of the connected organization's roleMappings. The id is optional.
export class RoleMappingRequest extends CreateRoleMappingRequest {
  @ApiPropertyOptional({
    example: EXAMPLE_ROLE_MAPPING_ID,
    description:
      "PUT: read-only, must equal the id in the path (ATTRIBUTE_READ_ONLY otherwise). Connected organization: keeps that mapping's id.",
  })
  @IsOptional()
  @IsString()
  @Matches(OBJECT_ID_PATTERN, { message: 'must be 24 hexadecimal digits' })
  id?: string | null;
}
