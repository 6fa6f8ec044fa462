import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiBody, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../platform/auth/current-principal.decorator';
import type { Principal } from '../../../platform/auth/principal';
import { RequireOrgRole } from '../../../platform/auth/require-role.decorator';
import { ApiErrorResponses } from '../../../platform/http/api-error-responses.decorator';
import { CommonErrors } from '../../../platform/http/error-codes';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageQuery } from '../../../platform/http/pagination/page.query';
import { IdentityErrors } from '../identity.errors';
import { UserListResponse } from '../membership/dto/user-list.response';
import type { UserResponse } from '../users/dto/user.response';
import { AddTeamUserRequest } from './dto/team-user.request';
import { TeamsService } from './teams.service';
import { USER_NAMED_REFUSAL } from '../named-recipients.examples';

const EXAMPLE_ORG = '5980cfc70b6d97029d82e3f6';
const EXAMPLE_TEAM = '6b610e1087d9d66b272f0c86';
const EXAMPLE_USER = '5e8cc670a16506712e0b1e90';

@ApiTags('Teams')
@Controller('orgs/:orgId/teams/:teamId/users')
export class TeamUsersController {
  constructor(private readonly teams: TeamsService) {}

  @Get()
  @RequireOrgRole('ORG_MEMBER')
  @ApiOperation({
    summary: 'Get all users of one team',
    description: 'Each with its roles in the organization and its projects (own and through teams).',
  })
  @ApiOkResponse({ type: UserListResponse })
  @ApiErrorResponses(404, 'No such team in the organization.', [
    IdentityErrors.TEAM_NOT_FOUND(EXAMPLE_TEAM, EXAMPLE_ORG),
  ])
  list(
    @Param('orgId') orgId: string,
    @Param('teamId') teamId: string,
    @Query() page: PageQuery,
  ): Promise<ListEnvelope<UserResponse>> {
    return this.teams.listMembers(orgId, teamId, page);
  }

  @Post()
  @RequireOrgRole('ORG_OWNER')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Add users to one team',
    description:
      "ORG_OWNER. Users of the organization only; they hold the team's project roles from their next " +
      'request (JOINED_TEAM each). Users already in the team stay. Nobody adds themselves to a team ' +
      'that holds roles.',
  })
  @ApiBody({ type: [AddTeamUserRequest], examples: { one: { value: [{ id: EXAMPLE_USER }] } } })
  @ApiOkResponse({ type: UserListResponse, description: 'The users of the body.' })
  @ApiErrorResponses(400, 'A field of the body, named.', [
    CommonErrors.MISSING_ATTRIBUTE('[0].id'),
    CommonErrors.INVALID_ATTRIBUTE('[0].id'),
  ])
  @ApiErrorResponses(404, 'No such team, no such user, or a user outside the organization.', [
    IdentityErrors.TEAM_NOT_FOUND(EXAMPLE_TEAM, EXAMPLE_ORG),
    IdentityErrors.USER_NOT_FOUND(EXAMPLE_USER),
    IdentityErrors.USER_NOT_IN_ORG(EXAMPLE_USER, EXAMPLE_ORG),
  ])
  add(
    @CurrentPrincipal() principal: Principal,
    @Param('orgId') orgId: string,
    @Param('teamId') teamId: string,
    @Body() body: unknown,
  ): Promise<ListEnvelope<UserResponse>> {
    return this.teams.addMembers(principal, orgId, teamId, body);
  }

  @Delete(':userId')
  @RequireOrgRole('ORG_OWNER')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary: 'Remove one user from one team',
    description: "ORG_OWNER. The user loses the team's roles on its next request (REMOVED_FROM_TEAM).",
  })
  @ApiNoContentResponse({ description: 'Removed.' })
  @ApiErrorResponses(404, 'No such team or user, or the user is not in the team.', [
    IdentityErrors.TEAM_NOT_FOUND(EXAMPLE_TEAM, EXAMPLE_ORG),
    IdentityErrors.USER_NOT_FOUND(EXAMPLE_USER),
    IdentityErrors.USER_NOT_IN_TEAM(EXAMPLE_USER, EXAMPLE_TEAM),
  ])
  @ApiErrorResponses(
    409,
    'A USER notification of an alert configuration names the user, who would leave its project (the configurations are listed).',
    [USER_NAMED_REFUSAL],
  )
  remove(
    @CurrentPrincipal() principal: Principal,
    @Param('orgId') orgId: string,
    @Param('teamId') teamId: string,
    @Param('userId') userId: string,
  ): Promise<void> {
    return this.teams.removeMember(principal, orgId, teamId, userId);
  }
}
