import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Patch,
  Post,
  Query,
} from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../platform/auth/current-principal.decorator';
import type { Principal } from '../../../platform/auth/principal';
import { RequireOrgRole } from '../../../platform/auth/require-role.decorator';
import { ApiErrorResponses } from '../../../platform/http/api-error-responses.decorator';
import { CommonErrors } from '../../../platform/http/error-codes';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageQuery } from '../../../platform/http/pagination/page.query';
import { IdentityErrors } from '../identity.errors';
import { CreateTeamRequest, UpdateTeamRequest } from './dto/create-team.request';
import { CreatedTeamResponse, TeamListResponse, TeamResponse } from './dto/team.response';
import { TeamsService } from './teams.service';
import { TEAM_NAMED_REFUSAL, USER_NAMED_REFUSAL } from '../named-recipients.examples';

const EXAMPLE_ORG = '5980cfc70b6d97029d82e3f6';
const EXAMPLE_TEAM = '6b610e1087d9d66b272f0c86';
const EXAMPLE_USER = '5e8cc670a16506712e0b1e90';

@ApiTags('Teams')
@Controller('orgs/:orgId/teams')
export class OrgTeamsController {
  constructor(private readonly teams: TeamsService) {}

  @Get()
  @RequireOrgRole('ORG_MEMBER')
  @ApiOperation({ summary: 'Get all teams of one organization', description: 'Sorted by name.' })
  @ApiOkResponse({ type: TeamListResponse })
  list(@Param('orgId') orgId: string, @Query() page: PageQuery): Promise<ListEnvelope<TeamResponse>> {
    return this.teams.list(orgId, page);
  }

  @Post()
  @RequireOrgRole('ORG_OWNER')
  @ApiOperation({
    summary: 'Create one team',
    description:
      'ORG_OWNER. `usernames` must be users of the organization (a role in it or one of its projects). ' +
      'Records TEAM_CREATED and JOINED_TEAM for each member.',
  })
  @ApiCreatedResponse({ type: CreatedTeamResponse })
  @ApiErrorResponses(400, 'A field of the body, named.', [CommonErrors.MISSING_ATTRIBUTE('name')])
  @ApiErrorResponses(404, 'A username that is no user, or a user outside the organization.', [
    IdentityErrors.USERNAME_NOT_FOUND('jane.doe@example.com'),
    IdentityErrors.USER_NOT_IN_ORG(EXAMPLE_USER, EXAMPLE_ORG),
  ])
  @ApiErrorResponses(409, 'The organization has a team of that name.', [
    IdentityErrors.DUPLICATE_TEAM_NAME('Payments on call', EXAMPLE_ORG),
  ])
  create(@Param('orgId') orgId: string, @Body() body: CreateTeamRequest): Promise<CreatedTeamResponse> {
    return this.teams.create(orgId, body);
  }

  @Get('byName/:teamName')
  @RequireOrgRole('ORG_MEMBER')
  @ApiOperation({ summary: 'Get one team by name' })
  @ApiOkResponse({ type: TeamResponse })
  @ApiErrorResponses(404, 'No team of that name in the organization.', [
    IdentityErrors.TEAM_NAME_NOT_FOUND('Payments on call', EXAMPLE_ORG),
  ])
  getByName(@Param('orgId') orgId: string, @Param('teamName') teamName: string): Promise<TeamResponse> {
    return this.teams.getByName(orgId, teamName);
  }

  @Get(':teamId')
  @RequireOrgRole('ORG_MEMBER')
  @ApiOperation({ summary: 'Get one team by ID' })
  @ApiOkResponse({ type: TeamResponse })
  @ApiErrorResponses(404, 'No such team in the organization.', [
    IdentityErrors.TEAM_NOT_FOUND(EXAMPLE_TEAM, EXAMPLE_ORG),
  ])
  get(@Param('orgId') orgId: string, @Param('teamId') teamId: string): Promise<TeamResponse> {
    return this.teams.get(orgId, teamId);
  }

  @Patch(':teamId')
  @RequireOrgRole('ORG_OWNER')
  @ApiOperation({ summary: 'Rename one team', description: 'ORG_OWNER; records TEAM_NAME_CHANGED.' })
  @ApiOkResponse({ type: TeamResponse })
  @ApiErrorResponses(404, 'No such team in the organization.', [
    IdentityErrors.TEAM_NOT_FOUND(EXAMPLE_TEAM, EXAMPLE_ORG),
  ])
  @ApiErrorResponses(409, 'The organization has a team of that name.', [
    IdentityErrors.DUPLICATE_TEAM_NAME('Payments on call', EXAMPLE_ORG),
  ])
  rename(
    @Param('orgId') orgId: string,
    @Param('teamId') teamId: string,
    @Body() body: UpdateTeamRequest,
  ): Promise<TeamResponse> {
    return this.teams.rename(orgId, teamId, body);
  }

  @Delete(':teamId')
  @RequireOrgRole('ORG_OWNER')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary: 'Delete one team',
    description:
      'ORG_OWNER. The team leaves its projects (TEAM_REMOVED_FROM_GROUP each) and its members lose its ' +
      'roles on their next request. Refused to a member of the team it would take roles from.',
  })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiErrorResponses(404, 'No such team in the organization.', [
    IdentityErrors.TEAM_NOT_FOUND(EXAMPLE_TEAM, EXAMPLE_ORG),
  ])
  @ApiErrorResponses(
    409,
    'A TEAM notification of an alert configuration names the team, or a USER notification a member who would leave a project with it (the configurations are listed).',
    [TEAM_NAMED_REFUSAL, USER_NAMED_REFUSAL],
  )
  delete(
    @CurrentPrincipal() principal: Principal,
    @Param('orgId') orgId: string,
    @Param('teamId') teamId: string,
  ): Promise<void> {
    return this.teams.delete(principal, orgId, teamId);
  }
}
