import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { PROJECT_ROLE_NAMES } from '../../../../platform/auth/role-names';

export class CreateProjectApiKeyRequest {
  @ApiProperty({ type: String, example: 'Monitoring scraper', minLength: 1, maxLength: 250 })
  @IsOptional()
  @IsString()
  @MaxLength(250)
  desc?: string | null;

  @ApiProperty({
    enum: PROJECT_ROLE_NAMES,
    isArray: true,
    example: ['GROUP_READ_ONLY'],
    minItems: 1,
    maxItems: PROJECT_ROLE_NAMES.length,
  })
  @IsArray()
  // Each role at most once.
  @ArrayMaxSize(PROJECT_ROLE_NAMES.length, { message: `at most ${PROJECT_ROLE_NAMES.length} roles` })
  @IsIn(PROJECT_ROLE_NAMES, { each: true })
  roles!: string[];
}
