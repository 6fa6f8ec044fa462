import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { GLOBAL_ROLE_NAMES } from '../../../../platform/auth/role-names';
import { LinkResponse } from '../../../../platform/http/pagination/link.response';
import { ReadOnlyField } from '../../../../platform/http/read-only-fields';

export class CreateGlobalApiKeyRequest {
  // Checked by the service so that a missing or empty value gets API_KEY_REQUIRES_DESCRIPTION.
  @ApiProperty({ type: String, example: 'Fleet automation key', minLength: 1, maxLength: 250 })
  @IsOptional()
  @IsString()
  @MaxLength(250)
  desc?: string | null;

  @ApiProperty({
    enum: GLOBAL_ROLE_NAMES,
    isArray: true,
    example: ['GLOBAL_READ_ONLY'],
    minItems: 1,
    maxItems: GLOBAL_ROLE_NAMES.length,
  })
  @IsArray()
  // Each role at most once.
  @ArrayMaxSize(GLOBAL_ROLE_NAMES.length, { message: `at most ${GLOBAL_ROLE_NAMES.length} roles` })
  @IsIn(GLOBAL_ROLE_NAMES, { each: true })
  roles!: string[];
}

// At least one of desc / roles; roles replace the key's global roles. Not derived from the organization
// key's update: class-validator would apply both classes' role lists to `roles`.
export class UpdateGlobalApiKeyRequest {
  @ApiPropertyOptional({ type: String, example: 'Renamed key', minLength: 1, maxLength: 250 })
  @IsOptional()
  @IsString()
  @MaxLength(250)
  desc?: string | null;

  @ApiPropertyOptional({
    enum: GLOBAL_ROLE_NAMES,
    isArray: true,
    example: ['GLOBAL_MONITORING_ADMIN'],
    minItems: 1,
    maxItems: GLOBAL_ROLE_NAMES.length,
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(GLOBAL_ROLE_NAMES.length, { message: `at most ${GLOBAL_ROLE_NAMES.length} roles` })
  @IsIn(GLOBAL_ROLE_NAMES, { each: true })
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
