import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsNotEmpty, IsString, MaxLength, ValidateIf } from 'class-validator';
import { LinkResponse } from '../../../../platform/http/pagination/link.response';
import { ReadOnlyField } from '../../../../platform/http/read-only-fields';

export const MAX_TEAM_NAME_LENGTH = 64;
export const MAX_USERS_PER_CALL = 100;

export class RenameTeamRequest {
  @ApiProperty({ example: 'Payments on call', maxLength: MAX_TEAM_NAME_LENGTH })
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_TEAM_NAME_LENGTH)
  name!: string;
}

export class CreateTeamRequest extends RenameTeamRequest {
  @ApiPropertyOptional({
    example: ['jane.doe@example.com'],
    description: 'Users to put in the team, by username; each must already be a member of the organization.',
    maxItems: MAX_USERS_PER_CALL,
  })
  // Absent, not null: a null list is refused rather than read as empty.
  @ValidateIf((_request, value) => value !== undefined)
  @IsArray()
  @ArrayMaxSize(MAX_USERS_PER_CALL)
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  usernames?: string[];
}

// PATCH /orgs/{orgId}/teams/{teamId} renames; the rest of the team as GET prints it may come along
// unchanged.
export class UpdateTeamRequest extends RenameTeamRequest {
  @ReadOnlyField({ type: String })
  id?: unknown;

  @ReadOnlyField({ type: [LinkResponse] })
  links?: unknown;
}
