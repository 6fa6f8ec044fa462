import { Controller, Delete, Get, HttpCode, HttpStatus, Param, Query } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../platform/auth/current-principal.decorator';
import type { Principal } from '../../../platform/auth/principal';
import { RequireOrgRole } from '../../../platform/auth/require-role.decorator';
import { ApiErrorResponses } from '../../../platform/http/api-error-responses.decorator';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageQuery } from '../../../platform/http/pagination/page.query';
import { IdentityErrors } from '../identity.errors';
import type { UserResponse } from '../users/dto/user.response';
import { UserListResponse } from './dto/user-list.response';
import { MembershipService } from './membership.service';
import { USER_NAMED_REFUSAL } from '../named-recipients.examples';

const EXAMPLE_ORG = '5980cfc70b6d97029d82e3f6';
const EXAMPLE_USER = '5e8cc670a16506712e0b1e90';

@ApiTags('Organizations')
@Controller('orgs/:orgId/users')
export class OrgUsersController {
  constructor(private readonly membership: MembershipService) {}

  @Get()
  @RequireOrgRole('ORG_MEMBER')
  @ApiOperation({
    summary: 'Get all users in one organization',
    description:
      'Users holding a role in the organization or one of its projects, or belonging to one of its teams; ' +
      'each with its roles there.',
  })
  @ApiOkResponse({ type: UserListResponse })
  list(@Param('orgId') orgId: string, @Query() page: PageQuery): Promise<ListEnvelope<UserResponse>> {
    return this.membership.listOrgUsers(orgId, page);
  }

  @Delete(':userId')
  @RequireOrgRole('ORG_OWNER')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary: 'Remove one user from one organization',
    description:
      'ORG_OWNER (or GLOBAL_OWNER). Removes the organization roles, the roles in its projects and ' +
      "the memberships of its teams; effective on the user's next request.",
  })
  @ApiNoContentResponse({ description: 'Removed.' })
  @ApiErrorResponses(400, 'The last owner of the organization.', [
    IdentityErrors.CANNOT_REMOVE_LAST_ORG_OWNER(EXAMPLE_ORG),
  ])
  @ApiErrorResponses(404, 'No such user, or not in the organization.', [
    IdentityErrors.USER_NOT_FOUND(EXAMPLE_USER),
    IdentityErrors.USER_NOT_IN_ORG(EXAMPLE_USER, EXAMPLE_ORG),
  ])
  @ApiErrorResponses(
    409,
    'A USER notification of an alert configuration names the user, who would leave its project (the configurations are listed).',
    [USER_NAMED_REFUSAL],
  )
  remove(
    @CurrentPrincipal() principal: Principal,
    @Param('orgId') orgId: string,
    @Param('userId') userId: string,
  ): Promise<void> {
    return this.membership.removeFromOrg(principal, orgId, userId);
  }
}
