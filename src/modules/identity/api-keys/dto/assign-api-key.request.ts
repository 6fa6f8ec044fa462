import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn } from 'class-validator';
import { PROJECT_ROLE_NAMES } from '../../../../platform/auth/role-names';
import { LinkResponse } from '../../../../platform/http/pagination/link.response';
import { ReadOnlyField } from '../../../../platform/http/read-only-fields';

// Replaces the key's roles on this project. The rest of the key as the project's list prints it may come
// along unchanged; its description changes only through the organization's route.
export class AssignApiKeyRequest {
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

  @ReadOnlyField({ type: String })
  desc?: unknown;

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
