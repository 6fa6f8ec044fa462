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
import { ApiBody, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../platform/auth/current-principal.decorator';
import type { Principal } from '../../../platform/auth/principal';
import { RequireProjectRole } from '../../../platform/auth/require-role.decorator';
import { ApiErrorResponses } from '../../../platform/http/api-error-responses.decorator';
import { CommonErrors } from '../../../platform/http/error-codes';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageQuery } from '../../../platform/http/pagination/page.query';
import { IdentityErrors } from '../identity.errors';
import { AssignProjectTeamRequest, UpdateTeamRolesRequest } from './dto/project-team.request';
import { ProjectTeamListResponse, ProjectTeamResponse } from './dto/project-team.response';
import { ProjectTeamsService } from './project-teams.service';
import { USER_NAMED_REFUSAL } from '../named-recipients.examples';

const EXAMPLE_GROUP = '5e8cc670a16506712e0b1e95';
const EXAMPLE_ORG = '5980cfc70b6d97029d82e3f6';
const EXAMPLE_TEAM = '6b610e1087d9d66b272f0c86';

@ApiTags('Teams')
@Controller('groups/:groupId/teams')
export class ProjectTeamsController {
  constructor(private readonly projectTeams: ProjectTeamsService) {}

  @Get()
  @RequireProjectRole('GROUP_READ_ONLY')
  @ApiOperation({ summary: 'Get all teams assigned to one project', description: 'Sorted by team ID.' })
  @ApiOkResponse({ type: ProjectTeamListResponse })
  list(
    @Param('groupId') groupId: string,
    @Query() page: PageQuery,
  ): Promise<ListEnvelope<ProjectTeamResponse>> {
    return this.projectTeams.list(groupId, page);
  }

  @Get(':teamId')
  @RequireProjectRole('GROUP_READ_ONLY')
  @ApiOperation({ summary: 'Get one team assigned to one project' })
  @ApiOkResponse({ type: ProjectTeamResponse })
  @ApiErrorResponses(404, 'The team is not assigned to the project.', [
    IdentityErrors.TEAM_NOT_IN_GROUP(EXAMPLE_TEAM, EXAMPLE_GROUP),
  ])
  get(@Param('groupId') groupId: string, @Param('teamId') teamId: string): Promise<ProjectTeamResponse> {
    return this.projectTeams.get(groupId, teamId);
  }

  @Post()
  @RequireProjectRole('GROUP_USER_ADMIN')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Add teams to one project',
    description:
      "Teams of the project's organization, each with project roles its members hold from their next " +
      'request (TEAM_ADDED_TO_GROUP). Only roles the caller may grant (GROUP_USER_ADMIN cannot grant ' +
      'GROUP_OWNER: 401 NOT_GROUP_USER_ADMIN); never to a team the caller belongs to (401 ' +
      'CANNOT_MODIFY_OWN_ROLES).',
  })
  @ApiBody({
    type: [AssignProjectTeamRequest],
    examples: { one: { value: [{ teamId: EXAMPLE_TEAM, roleNames: ['GROUP_READ_ONLY'] }] } },
  })
  @ApiOkResponse({ type: ProjectTeamListResponse, description: 'The teams added, with their roles.' })
  @ApiErrorResponses(400, 'A field of the body, named.', [
    CommonErrors.MISSING_ATTRIBUTE('[0].roleNames'),
    CommonErrors.INVALID_ENUM_VALUE('ORG_OWNER', '[0].roleNames[0]'),
  ])
  @ApiErrorResponses(404, "No such team in the project's organization.", [
    IdentityErrors.TEAM_NOT_FOUND(EXAMPLE_TEAM, EXAMPLE_ORG),
  ])
  @ApiErrorResponses(409, 'The team is already assigned; change its roles with PATCH.', [
    IdentityErrors.TEAM_ALREADY_IN_GROUP(EXAMPLE_TEAM, EXAMPLE_GROUP),
  ])
  assign(
    @CurrentPrincipal() principal: Principal,
    @Param('groupId') groupId: string,
    @Body() body: unknown,
  ): Promise<ListEnvelope<ProjectTeamResponse>> {
    return this.projectTeams.assign(principal, groupId, body);
  }

  @Patch(':teamId')
  @RequireProjectRole('GROUP_USER_ADMIN')
  @ApiOperation({
    summary: "Update one team's roles in one project",
    description:
      'The roles replace the old ones (TEAM_ROLES_MODIFIED); the same rule as adding applies to each role ' +
      'that comes or goes.',
  })
  @ApiBody({ type: UpdateTeamRolesRequest, examples: { owner: { value: { roleNames: ['GROUP_OWNER'] } } } })
  @ApiOkResponse({ type: ProjectTeamListResponse, description: 'The team with its new roles.' })
  @ApiErrorResponses(400, 'A field of the body, named.', [
    CommonErrors.MISSING_ATTRIBUTE('roleNames'),
    CommonErrors.INVALID_ENUM_VALUE('ORG_OWNER', 'roleNames[0]'),
  ])
  @ApiErrorResponses(404, 'The team is not assigned to the project.', [
    IdentityErrors.TEAM_NOT_FOUND(EXAMPLE_TEAM, EXAMPLE_ORG),
    IdentityErrors.TEAM_NOT_IN_GROUP(EXAMPLE_TEAM, EXAMPLE_GROUP),
  ])
  updateRoles(
    @CurrentPrincipal() principal: Principal,
    @Param('groupId') groupId: string,
    @Param('teamId') teamId: string,
    @Body() body: unknown,
  ): Promise<ListEnvelope<ProjectTeamResponse>> {
    return this.projectTeams.updateRoles(principal, groupId, teamId, body);
  }

  @Delete(':teamId')
  @RequireProjectRole('GROUP_USER_ADMIN')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary: 'Remove one team from one project',
    description:
      "Its members lose the team's roles here on their next request (TEAM_REMOVED_FROM_GROUP). Taking a " +
      'role away needs the right to grant it; never from a team the caller belongs to.',
  })
  @ApiNoContentResponse({ description: 'Removed.' })
  @ApiErrorResponses(404, 'The team is not assigned to the project.', [
    IdentityErrors.TEAM_NOT_FOUND(EXAMPLE_TEAM, EXAMPLE_ORG),
    IdentityErrors.TEAM_NOT_IN_GROUP(EXAMPLE_TEAM, EXAMPLE_GROUP),
  ])
  @ApiErrorResponses(
    409,
    'A USER notification of an alert configuration names a member who would leave the project with the team (the configurations are listed).',
    [USER_NAMED_REFUSAL],
  )
  unassign(
    @CurrentPrincipal() principal: Principal,
    @Param('groupId') groupId: string,
    @Param('teamId') teamId: string,
  ): Promise<void> {
    return this.projectTeams.unassign(principal, groupId, teamId);
  }
}
