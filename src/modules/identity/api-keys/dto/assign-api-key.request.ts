import { ApiProperty } from '@nestjs/swagger';
import { IsArray, IsIn } from 'class-validator';
import { PROJECT_ROLE_NAMES } from '../../../../platform/auth/role-names';

// Replaces the key's roles on this project.
export class AssignApiKeyRequest {
  @ApiProperty({ enum: PROJECT_ROLE_NAMES, isArray: true, example: ['GROUP_READ_ONLY'], minItems: 1 })
  @IsArray()
  @IsIn(PROJECT_ROLE_NAMES, { each: true })
  roles!: string[];
}
