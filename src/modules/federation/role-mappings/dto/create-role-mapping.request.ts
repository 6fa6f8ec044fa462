import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsString,
  MaxLength,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { EXAMPLE_ROLE_ASSIGNMENTS } from '../../federation.examples';
import { RoleAssignmentRequest } from './role-assignment.request';

export const MAX_EXTERNAL_GROUP_NAME_LENGTH = 200;
export const MAX_ROLE_ASSIGNMENTS = 100;

// The body of the product's "Create One Role Mapping": externalGroupName and roleAssignments.
export class CreateRoleMappingRequest {
  @ApiProperty({
    example: 'dms-admins',
    maxLength: MAX_EXTERNAL_GROUP_NAME_LENGTH,
    description: 'Group name the identity provider sends; unique within the connected organization.',
  })
  @IsDefined()
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_EXTERNAL_GROUP_NAME_LENGTH)
  externalGroupName!: string;

  @ApiProperty({ type: [RoleAssignmentRequest], example: EXAMPLE_ROLE_ASSIGNMENTS, minItems: 1 })
  @IsDefined()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_ROLE_ASSIGNMENTS)
  @ValidateNested({ each: true })
  @Type(() => RoleAssignmentRequest)
  roleAssignments!: RoleAssignmentRequest[];
}
