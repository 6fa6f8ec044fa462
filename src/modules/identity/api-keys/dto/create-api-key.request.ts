import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { API_KEY_ORG_ROLE_NAMES } from '../../../../platform/auth/role-names';

export class CreateApiKeyRequest {
  // Checked by the service so that a missing or empty value gets API_KEY_REQUIRES_DESCRIPTION.
  @ApiProperty({ type: String, example: 'CI deployment key', minLength: 1, maxLength: 250 })
  @IsOptional()
  @IsString()
  @MaxLength(250)
  desc?: string | null;

  @ApiProperty({
    enum: API_KEY_ORG_ROLE_NAMES,
    isArray: true,
    example: ['ORG_MEMBER'],
    minItems: 1,
    maxItems: API_KEY_ORG_ROLE_NAMES.length,
  })
  @IsArray()
  // Each role at most once.
  @ArrayMaxSize(API_KEY_ORG_ROLE_NAMES.length, { message: `at most ${API_KEY_ORG_ROLE_NAMES.length} roles` })
  @IsIn(API_KEY_ORG_ROLE_NAMES, { each: true })
  roles!: string[];
}
