import { Body, Controller, HttpCode, HttpStatus, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { PublicRoute } from '../../../platform/auth/require-role.decorator';
import { CreateFirstUserRequest } from './dto/create-first-user.request';
import { FirstUserQuery } from './dto/first-user.query';
import { FirstUserResponse } from './dto/user.response';
import { UsersService } from './users.service';

@ApiTags('Users')
@Controller('unauth/users')
export class FirstUserController {
  constructor(private readonly users: UsersService) {}

  @Post()
  @PublicRoute()
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({
    summary: 'Create the first user',
    description:
      'Unauthenticated; only while no user exists. Creates a GLOBAL_OWNER user and a global API key whose ' +
      'private key is returned in full this once. Afterwards: 403 INVITATION_ONLY_MODE_OR_LDAP.',
    security: [],
  })
  @ApiCreatedResponse({ type: FirstUserResponse })
  @ApiBadRequestResponse({
    description: 'WEAK_PASSWORD, INVALID_USERNAME, or a missing / invalid attribute.',
  })
  @ApiForbiddenResponse({ description: 'INVITATION_ONLY_MODE_OR_LDAP: a user already exists.' })
  create(@Body() body: CreateFirstUserRequest, @Query() query: FirstUserQuery): Promise<FirstUserResponse> {
    return this.users.createFirstUser(body, [...(query.accessList ?? []), ...(query.whitelist ?? [])]);
  }
}
