import { LinkResponse } from '../../../../platform/http/pagination/link.response';
import { ReadOnlyField } from '../../../../platform/http/read-only-fields';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { API_KEY_ORG_ROLE_NAMES } from '../../../../platform/auth/role-names';

// At least one of desc / roles; roles replace the key's organization roles only.
export class UpdateApiKeyRequest {
  @ApiPropertyOptional({ type: String, example: 'Renamed key', minLength: 1, maxLength: 250 })
  @IsOptional()
  @IsString()
  @MaxLength(250)
  desc?: string | null;

  @ApiPropertyOptional({
    enum: API_KEY_ORG_ROLE_NAMES,
    isArray: true,
    example: ['ORG_OWNER'],
    minItems: 1,
    maxItems: API_KEY_ORG_ROLE_NAMES.length,
  })
  @IsOptional()
  @IsArray()
  // Each role at most once.
  @ArrayMaxSize(API_KEY_ORG_ROLE_NAMES.length, { message: `at most ${API_KEY_ORG_ROLE_NAMES.length} roles` })
  @IsIn(API_KEY_ORG_ROLE_NAMES, { each: true })
  roles?: string[];

  @ReadOnlyField({ type: String })
  id?: unknown;

  @ReadOnlyField({ type: String })
  publicKey?: unknown;

  @ReadOnlyField({
    type: String,
    description: 'Read-only: accepted when equal to the masked value GET prints.',
  })
  privateKey?: unknown;

  @ReadOnlyField({ type: [LinkResponse] })
  links?: unknown;
}
