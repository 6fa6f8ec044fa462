import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsEmail,
  IsNotEmpty,
  IsString,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { ReadOnlyField } from '../../../../platform/http/read-only-fields';

export const MAX_INVITATION_ROLES = 10;
export const MAX_INVITATION_TEAMS = 100;
const MAX_USERNAME_LENGTH = 255;

// The fields organization and project invitations share, worded for each.
function InvitedRoles(example: string, description: string): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ example: [example], description, minItems: 1, maxItems: MAX_INVITATION_ROLES }),
    IsArray(),
    ArrayMinSize(1),
    ArrayMaxSize(MAX_INVITATION_ROLES),
    IsString({ each: true }),
  );
}

function InvitedUsername(): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ example: 'sam.lee@example.com', maxLength: MAX_USERNAME_LENGTH }),
    IsString(),
    IsNotEmpty(),
    MaxLength(MAX_USERNAME_LENGTH),
    IsEmail(),
  );
}

export class ProjectInvitationRolesRequest {
  @InvitedRoles(
    'GROUP_READ_ONLY',
    'Project roles (GROUP_*) granted on acceptance; only roles the caller may grant.',
  )
  roles!: string[];
}

// PATCH /groups/{groupId}/invites names the invitation by `username`.
export class ProjectInvitationRequest extends ProjectInvitationRolesRequest {
  @InvitedUsername()
  username!: string;
}

export class OrgInvitationRolesRequest {
  @InvitedRoles(
    'ORG_MEMBER',
    'Organization roles (ORG_*) granted on acceptance; only roles the caller may grant.',
  )
  roles!: string[];

  @ApiPropertyOptional({
    example: ['6b610e1087d9d66b272f0c86'],
    description:
      "Teams of the organization joined on acceptance; the caller must be able to grant each team's roles.",
    maxItems: MAX_INVITATION_TEAMS,
  })
  // Absent, not null: a null list is refused rather than read as empty.
  @ValidateIf((_request, value) => value !== undefined)
  @IsArray()
  @ArrayMaxSize(MAX_INVITATION_TEAMS)
  @IsString({ each: true })
  teamIds?: string[];
}

// PATCH /orgs/{orgId}/invites names the invitation by `username`.
export class OrgInvitationRequest extends OrgInvitationRolesRequest {
  @InvitedUsername()
  username!: string;
}

// What GET prints may come back with a PATCH (clients write back what they read), unchanged.
export class OrgInvitationUpdateRequest extends OrgInvitationRolesRequest {
  @ReadOnlyField({ type: String }) id?: unknown;
  @ReadOnlyField({ type: String }) username?: unknown;
  @ReadOnlyField({ type: String }) orgId?: unknown;
  @ReadOnlyField({ type: String }) orgName?: unknown;
  @ReadOnlyField({ type: String }) inviterUsername?: unknown;
  @ReadOnlyField({ type: String }) createdAt?: unknown;
  @ReadOnlyField({ type: String }) expiresAt?: unknown;
}

export class OrgInvitationByNameRequest extends OrgInvitationRequest {
  @ReadOnlyField({ type: String }) id?: unknown;
  @ReadOnlyField({ type: String }) orgId?: unknown;
  @ReadOnlyField({ type: String }) orgName?: unknown;
  @ReadOnlyField({ type: String }) inviterUsername?: unknown;
  @ReadOnlyField({ type: String }) createdAt?: unknown;
  @ReadOnlyField({ type: String }) expiresAt?: unknown;
}

export class ProjectInvitationUpdateRequest extends ProjectInvitationRolesRequest {
  @ReadOnlyField({ type: String }) id?: unknown;
  @ReadOnlyField({ type: String }) username?: unknown;
  @ReadOnlyField({ type: String }) groupId?: unknown;
  @ReadOnlyField({ type: String }) groupName?: unknown;
  @ReadOnlyField({ type: String }) inviterUsername?: unknown;
  @ReadOnlyField({ type: String }) createdAt?: unknown;
  @ReadOnlyField({ type: String }) expiresAt?: unknown;
  @ReadOnlyField({ type: [String] }) teamIds?: unknown;
}

export class ProjectInvitationByNameRequest extends ProjectInvitationRequest {
  @ReadOnlyField({ type: String }) id?: unknown;
  @ReadOnlyField({ type: String }) groupId?: unknown;
  @ReadOnlyField({ type: String }) groupName?: unknown;
  @ReadOnlyField({ type: String }) inviterUsername?: unknown;
  @ReadOnlyField({ type: String }) createdAt?: unknown;
  @ReadOnlyField({ type: String }) expiresAt?: unknown;
  @ReadOnlyField({ type: [String] }) teamIds?: unknown;
}
