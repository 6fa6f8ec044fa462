import { ApiProperty } from '@nestjs/swagger';
import { ListEnvelopeResponse } from '../../../../platform/http/pagination/list-envelope';
import { EXAMPLE_ORG_ID, EXAMPLE_ROLE_MAPPING_ID } from '../../federation.examples';
import { ROLE_NAMES } from '../role-assignment-rules';

export class RoleAssignmentResponse {
  @ApiProperty({ type: String, nullable: true, example: null })
  groupId!: string | null;

  @ApiProperty({ type: String, nullable: true, example: EXAMPLE_ORG_ID })
  orgId!: string | null;

  @ApiProperty({ enum: ROLE_NAMES, example: 'ORG_OWNER' })
  role!: string;
}

// As the product's documentation prints role mappings.
export class RoleMappingResponse {
  @ApiProperty({ example: 'example' })
  externalGroupName!: string;

  @ApiProperty({ example: EXAMPLE_ROLE_MAPPING_ID })
  id!: string;

  @ApiProperty({ type: [RoleAssignmentResponse] })
  roleAssignments!: RoleAssignmentResponse[];
}

export class RoleMappingListResponse extends ListEnvelopeResponse {
  @ApiProperty({ type: [RoleMappingResponse] })
  results!: RoleMappingResponse[];
}
