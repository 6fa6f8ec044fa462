import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiBody, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../platform/auth/current-principal.decorator';
import type { Principal } from '../../../platform/auth/principal';
import { RequireProjectRole } from '../../../platform/auth/require-role.decorator';
import { ApiErrorResponses } from '../../../platform/http/api-error-responses.decorator';
import { CommonErrors } from '../../../platform/http/error-codes';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { IdentityErrors } from '../identity.errors';
import type { UserResponse } from '../users/dto/user.response';
import { AddProjectUserRequest } from './dto/add-project-user.request';
import { ProjectUsersQuery } from './dto/project-users.query';
import { UserListResponse } from './dto/user-list.response';
import { MembershipService } from './membership.service';
import { USER_NAMED_REFUSAL } from '../named-recipients.examples';

const EXAMPLE_GROUP = '5e8cc670a16506712e0b1e95';
const EXAMPLE_USER = '5e8cc670a16506712e0b1e90';

@ApiTags('Projects')
@Controller('groups/:groupId/users')
export class ProjectUsersController {
  constructor(private readonly membership: MembershipService) {}

  @Get()
  @RequireProjectRole('GROUP_READ_ONLY')
  @ApiOperation({
    summary: 'Get all users in one project',
    description:
      'Users with a project role; flattenTeams adds the members of assigned teams, includeOrgUsers the ' +
      'users reaching the project through ORG_OWNER or ORG_READ_ONLY.',
  })
  @ApiOkResponse({ type: UserListResponse })
  list(
    @Param('groupId') groupId: string,
    @Query() query: ProjectUsersQuery,
  ): Promise<ListEnvelope<UserResponse>> {
    return this.membership.listProjectUsers(groupId, query);
  }

  @Post()
  @RequireProjectRole('GROUP_USER_ADMIN')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Add existing users to one project',
    description:
      'Adds the given project roles to each user at once (no invitation); their other roles stay. Only ' +
      'roles the caller may grant (GROUP_USER_ADMIN cannot grant GROUP_OWNER); never to oneself.',
  })
  @ApiBody({
    type: [AddProjectUserRequest],
    examples: { one: { value: [{ id: EXAMPLE_USER, roles: [{ roleName: 'GROUP_READ_ONLY' }] }] } },
  })
  @ApiOkResponse({ type: UserListResponse, description: 'The users, each with its roles in this project.' })
  @ApiErrorResponses(400, 'A field of the body, named.', [
    CommonErrors.INVALID_ATTRIBUTE('[0].id'),
    CommonErrors.INVALID_ENUM_VALUE('GROUP_GOD', '[0].roles[0].roleName'),
  ])
  add(
    @CurrentPrincipal() principal: Principal,
    @Param('groupId') groupId: string,
    @Body() body: unknown,
  ): Promise<ListEnvelope<UserResponse>> {
    return this.membership.addToProject(principal, groupId, body);
  }

  @Delete(':userId')
  @RequireProjectRole('GROUP_USER_ADMIN')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary: 'Remove one user from one project',
    description: "Removes the user's own roles in the project (roles through a team stay with the team).",
  })
  @ApiNoContentResponse({ description: 'Removed.' })
  @ApiErrorResponses(404, 'No such user, or not in the project.', [
    IdentityErrors.USER_NOT_FOUND(EXAMPLE_USER),
    IdentityErrors.USER_NOT_IN_GROUP(EXAMPLE_USER, EXAMPLE_GROUP),
  ])
  @ApiErrorResponses(
    409,
    'A USER notification of an alert configuration names the user, who would leave its project (the configurations are listed).',
    [USER_NAMED_REFUSAL],
  )
  remove(
    @CurrentPrincipal() principal: Principal,
    @Param('groupId') groupId: string,
    @Param('userId') userId: string,
  ): Promise<void> {
    return this.membership.removeFromProject(principal, groupId, userId);
  }
}
