import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsNotEmpty, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { LinkResponse } from '../../../../platform/http/pagination/link.response';
import { ReadOnlyField } from '../../../../platform/http/read-only-fields';
import { HostCountsResponse, LdapGroupMappingResponse } from './project.response';

export const MAX_PROJECT_TAGS = 10;
export const PROJECT_TAG_PATTERN = /^[A-Za-z0-9._-]{1,32}$/;

// PATCH /groups/{groupId}: at least one of name / tags; what GET printed may be sent back with them.
export class UpdateProjectRequest {
  @ApiPropertyOptional({ example: 'Production', maxLength: 64 })
  // Absent, not null: null would reach the NOT NULL column.
  @ValidateIf((_request, value) => value !== undefined)
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  name?: string;

  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_PROJECT_TAGS,
    example: ['production', 'team-a'],
    description:
      'Replaces the tags (GLOBAL_OWNER only). Up to 10, each 1 to 32 of A-Z, a-z, 0-9, ".", "_", "-", ' +
      'case-sensitive. Printed only to callers with a global role.',
  })
  @ValidateIf((_request, value) => value !== undefined)
  @IsArray()
  @ArrayMaxSize(MAX_PROJECT_TAGS)
  @IsString({ each: true })
  @Matches(PROJECT_TAG_PATTERN, {
    each: true,
    message: 'tags must be 1 to 32 characters of A-Z, a-z, 0-9, ".", "_" or "-"',
  })
  tags?: string[];

  @ReadOnlyField({ type: String })
  id?: unknown;

  @ReadOnlyField({ type: String })
  orgId?: unknown;

  @ReadOnlyField({ type: [LinkResponse] })
  links?: unknown;

  @ReadOnlyField({ type: Number })
  activeAgentCount?: unknown;

  @ReadOnlyField({ type: HostCountsResponse })
  hostCounts?: unknown;

  @ReadOnlyField({ type: Boolean })
  publicApiEnabled?: unknown;

  @ReadOnlyField({ type: Number })
  replicaSetCount?: unknown;

  @ReadOnlyField({ type: Number })
  shardCount?: unknown;

  @ReadOnlyField({ type: String })
  created?: unknown;

  @ReadOnlyField({ type: String })
  lastActiveAgent?: unknown;

  @ReadOnlyField({ type: [LdapGroupMappingResponse] })
  ldapGroupMappings?: unknown;
}
