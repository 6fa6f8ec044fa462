import { Controller, Get, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../platform/auth/current-principal.decorator';
import type { Principal } from '../../../platform/auth/principal';
import { RequireAuthenticated } from '../../../platform/auth/require-role.decorator';
import { UserResponse } from './dto/user.response';
import { UsersService } from './users.service';

@ApiTags('Users')
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

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
