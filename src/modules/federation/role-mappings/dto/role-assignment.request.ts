import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { OBJECT_ID_PATTERN } from '../../../../platform/ids/object-id';
import { EXAMPLE_ORG_ID } from '../../federation.examples';
import { ROLE_NAMES } from '../role-assignment-rules';

// A role assignment of a role mapping: exactly one of groupId (project roles) and orgId (organization roles).
export class RoleAssignmentRequest {
  @ApiProperty({
    type: String,
    nullable: true,
    required: false,
    example: null,
    description:
      "Project of a GROUP_* role: one of the connected organization's projects; null for ORG_* roles.",
  })
  @IsOptional()
  @IsString()
  @Matches(OBJECT_ID_PATTERN, { message: 'must be 24 hexadecimal digits' })
  groupId?: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    required: false,
    example: EXAMPLE_ORG_ID,
    description: 'The connected organization for an ORG_* role; null for GROUP_* roles.',
  })
  @IsOptional()
  @IsString()
  @Matches(OBJECT_ID_PATTERN, { message: 'must be 24 hexadecimal digits' })
  orgId?: string | null;

  @ApiProperty({ enum: ROLE_NAMES, example: 'ORG_MEMBER' })
  @IsDefined()
  @IsString()
  @IsIn(ROLE_NAMES)
  role!: string;
}
