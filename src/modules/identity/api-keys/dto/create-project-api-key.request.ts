import { ApiProperty } from '@nestjs/swagger';
import { IsArray, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { PROJECT_ROLES } from '../../roles/role-names';

export class CreateProjectApiKeyRequest {
  @ApiProperty({ type: String, example: 'Monitoring scraper', minLength: 1, maxLength: 250 })
  @IsOptional()
  @IsString()
  @MaxLength(250)
  desc?: string | null;

  @ApiProperty({ enum: PROJECT_ROLES, isArray: true, example: ['GROUP_READ_ONLY'], minItems: 1 })
  @IsArray()
  @IsIn(PROJECT_ROLES, { each: true })
  roles!: string[];
}
