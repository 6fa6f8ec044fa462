import { ApiProperty } from '@nestjs/swagger';
import { IsArray, IsIn } from 'class-validator';
import { PROJECT_ROLES } from '../../roles/role-names';

// Replaces the key's roles on this project.
export class AssignApiKeyRequest {
  @ApiProperty({ enum: PROJECT_ROLES, isArray: true, example: ['GROUP_READ_ONLY'], minItems: 1 })
  @IsArray()
  @IsIn(PROJECT_ROLES, { each: true })
  roles!: string[];
}
