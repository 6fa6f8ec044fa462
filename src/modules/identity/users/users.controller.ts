import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { FenceErrors } from '../../../platform/auth/access-fence';
import { CurrentPrincipal } from '../../../platform/auth/current-principal.decorator';
import type { Principal } from '../../../platform/auth/principal';
import { RequireAuthenticated } from '../../../platform/auth/require-role.decorator';
import { RoleGrantErrors } from '../../../platform/auth/role-grants';
import { ApiErrorResponses } from '../../../platform/http/api-error-responses.decorator';
import { CommonErrors } from '../../../platform/http/error-codes';
import { IdentityErrors } from '../identity.errors';
import { CreateUserRequest } from './dto/create-user.request';
import { UpdateUserRequest } from './dto/update-user.request';
import { UserResponse } from './dto/user.response';
import { UserAdminService } from './user-admin.service';
import { UsersService } from './users.service';
import { USER_NAMED_REFUSAL } from '../named-recipients.examples';

@ApiTags('Users')
@Controller('users')
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly admin: UserAdminService,
  ) {}

  @Post()
  @RequireAuthenticated()
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({
    summary: 'Create one user',
    description:
      'Adds the user directly with its roles (no invitation). A global user admin may create anyone; an ' +
      'ORG_OWNER or project user admin a user with roles it may grant. The user signs in with Digest at once. ' +
      'A caller with an access list gives the new user a copy of it.',
  })
  @ApiCreatedResponse({ type: UserResponse })
  @ApiErrorResponses(400, 'A weak password, a bad username, or a bad role (the field is named).', [
    IdentityErrors.WEAK_PASSWORD(),
    IdentityErrors.ROLE_NEEDS_GROUP_ID('GROUP_READ_ONLY', 'roles[0]'),
    CommonErrors.INVALID_ATTRIBUTE('roles[0].groupId'),
  ])
  @ApiErrorResponses(403, 'A global role the caller may not grant.', [
    RoleGrantErrors.CANNOT_ADD_GLOBAL_ROLE('GLOBAL_OWNER'),
  ])
  @ApiErrorResponses(409, 'The username is taken.', [
    IdentityErrors.USER_ALREADY_EXISTS('sam.lee@example.com'),
  ])
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreateUserRequest): Promise<UserResponse> {
    return this.admin.create(principal, body);
  }

  @Patch(':userId')
  @RequireAuthenticated()
  @ApiOperation({
    summary: 'Update one user',
    description:
      'Names, e-mail, mobile number and password: the user itself, or a global user admin who could grant every ' +
      "role the user holds (own and teams'). A password set by another caller with an access list needs the " +
      "user's list to lie within it. `roles` replaces the roles the caller may grant (the user's other roles " +
      'stay); nobody changes their own roles.',
  })
  @ApiOkResponse({ type: UserResponse })
  @ApiErrorResponses(400, 'A weak password, a bad role, or the last owner removed.', [
    IdentityErrors.WEAK_PASSWORD(),
    IdentityErrors.CANNOT_REMOVE_LAST_ORG_OWNER('5980cfc70b6d97029d82e3f6'),
    IdentityErrors.CANNOT_REMOVE_LAST_GLOBAL_OWNER(),
  ])
  @ApiErrorResponses(
    403,
    "The user holds a role the caller could not grant, or is fenced less than the caller; or the caller's " +
      'address is not on its access list.',
    [
      IdentityErrors.USER_OUTRANKS_CALLER('jane.doe@example.com', 'GLOBAL_OWNER'),
      FenceErrors.WIDER_THAN_CALLER_ACCESS_LIST('set the password of sam.lee@example.com', '192.0.2.0/24'),
      CommonErrors.IP_ADDRESS_NOT_ON_ACCESS_LIST('203.0.113.7'),
    ],
  )
  @ApiErrorResponses(404, 'No such user (global user admins only).', [
    IdentityErrors.USER_NOT_FOUND('5e8cc670a16506712e0b1e90'),
  ])
  update(
    @CurrentPrincipal() principal: Principal,
    @Param('userId') userId: string,
    @Body() body: UpdateUserRequest,
  ): Promise<UserResponse> {
    return this.admin.update(principal, userId, body);
  }

  @Delete(':userId')
  @RequireAuthenticated()
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary: 'Delete one user',
    description:
      'Global user admins who could grant every role the user holds (a GLOBAL_OWNER only by a global owner); ' +
      'never oneself, never the last owner. The user gets 401 on its next request.',
  })
  @ApiNoContentResponse({
    description:
      'Deleted, with its roles, team memberships, access list and its own keys (the first user: the global key ' +
      'made with it); organization keys it created belong to their organization and stay.',
  })
  @ApiErrorResponses(400, 'The last owner.', [
    IdentityErrors.CANNOT_REMOVE_LAST_ORG_OWNER('5980cfc70b6d97029d82e3f6'),
  ])
  @ApiErrorResponses(
    403,
    "The user holds a role the caller could not grant; or the caller's address is not on its access list.",
    [
      IdentityErrors.USER_OUTRANKS_CALLER('jane.doe@example.com', 'GLOBAL_OWNER'),
      CommonErrors.IP_ADDRESS_NOT_ON_ACCESS_LIST('203.0.113.7'),
    ],
  )
  @ApiErrorResponses(404, 'No such user (global user admins only).', [
    IdentityErrors.USER_NOT_FOUND('5e8cc670a16506712e0b1e90'),
  ])
  @ApiErrorResponses(
    409,
    'A USER notification of an alert configuration names the user (the configurations are listed).',
    [USER_NAMED_REFUSAL],
  )
  delete(@CurrentPrincipal() principal: Principal, @Param('userId') userId: string): Promise<void> {
    return this.admin.delete(principal, userId);
  }

  @Get('byName/:userName')
  @RequireAuthenticated()
  @ApiOperation({
    summary: 'Get one user by name',
    description: 'Yourself, or anyone with a global role or as owner of their organization.',
  })
  @ApiOkResponse({ type: UserResponse })
  @ApiNotFoundResponse({
    description: 'USERNAME_NOT_FOUND (global callers only; others get 401 USER_UNAUTHORIZED).',
  })
  getByName(
    @CurrentPrincipal() principal: Principal,
    @Param('userName') userName: string,
  ): Promise<UserResponse> {
    return this.users.getByName(principal, userName);
  }

  @Get(':userId')
  @RequireAuthenticated()
  @ApiOperation({
    summary: 'Get one user',
    description: 'Yourself, or anyone with a global role or as owner of their organization.',
  })
  @ApiOkResponse({ type: UserResponse })
  @ApiNotFoundResponse({
    description: 'USER_NOT_FOUND (global callers only; others get 401 USER_UNAUTHORIZED).',
  })
  getById(@CurrentPrincipal() principal: Principal, @Param('userId') userId: string): Promise<UserResponse> {
    return this.users.getById(principal, userId);
  }
}
