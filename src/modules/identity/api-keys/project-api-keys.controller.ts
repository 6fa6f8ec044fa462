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
  ApiBadRequestResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../platform/auth/current-principal.decorator';
import type { Principal } from '../../../platform/auth/principal';
import { RequireProjectRole } from '../../../platform/auth/require-role.decorator';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageQuery } from '../../../platform/http/pagination/page.query';
import { AssignApiKeyRequest } from './dto/assign-api-key.request';
import { ApiKeyListResponse, ApiKeyResponse } from './dto/api-key.response';
import { CreateProjectApiKeyRequest } from './dto/create-project-api-key.request';
import { ProjectApiKeysService } from './project-api-keys.service';

@ApiTags('Project API keys')
@Controller('groups/:groupId/apiKeys')
export class ProjectApiKeysController {
  constructor(private readonly keys: ProjectApiKeysService) {}

  @Get()
  @RequireProjectRole('GROUP_READ_ONLY')
  @ApiOperation({ summary: 'Get all organization API keys assigned to one project' })
  @ApiOkResponse({ type: ApiKeyListResponse })
  @ApiNotFoundResponse({ description: 'GROUP_NOT_FOUND (global callers only).' })
  list(@Param('groupId') groupId: string, @Query() query: PageQuery): Promise<ListEnvelope<ApiKeyResponse>> {
    return this.keys.list(groupId, query);
  }

  @Post()
  @RequireProjectRole('GROUP_USER_ADMIN', 'GROUP_OWNER')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Create one organization API key and assign it to one project',
    description:
      'The key holds only the given project roles. The full private key is shown this once. A caller with an ' +
      'access list gives the new key a copy of it.',
  })
  @ApiOkResponse({ type: ApiKeyResponse })
  @ApiBadRequestResponse({
    description:
      'API_KEY_REQUIRES_DESCRIPTION, MISSING_ATTRIBUTE (roles), INVALID_ENUM_VALUE, API_KEY_LIMIT_EXCEEDED.',
  })
  create(
    @CurrentPrincipal() principal: Principal,
    @Param('groupId') groupId: string,
    @Body() body: CreateProjectApiKeyRequest,
  ): Promise<ApiKeyResponse> {
    return this.keys.create(principal, groupId, body);
  }

  @Patch(':apiKeyId')
  @RequireProjectRole('GROUP_USER_ADMIN', 'GROUP_OWNER')
  @ApiOperation({
    summary: 'Assign one organization API key to one project',
    description:
      "Sets the key's roles on this project (replacing earlier ones); the key must belong to the project's organization.",
  })
  @ApiOkResponse({ type: ApiKeyResponse })
  @ApiBadRequestResponse({
    description:
      "API_KEY_NOT_FOUND (not a key of the project's organization), MISSING_ATTRIBUTE, INVALID_ENUM_VALUE.",
  })
  assign(
    @CurrentPrincipal() principal: Principal,
    @Param('groupId') groupId: string,
    @Param('apiKeyId') apiKeyId: string,
    @Body() body: AssignApiKeyRequest,
  ): Promise<ApiKeyResponse> {
    return this.keys.assign(principal, groupId, apiKeyId, body);
  }

  @Delete(':apiKeyId')
  @RequireProjectRole('GROUP_USER_ADMIN', 'GROUP_OWNER')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Unassign one organization API key from one project' })
  @ApiNoContentResponse({ description: 'The key keeps its other roles.' })
  @ApiBadRequestResponse({ description: 'API_KEY_NOT_FOUND: the key is not assigned to this project.' })
  unassign(
    @CurrentPrincipal() principal: Principal,
    @Param('groupId') groupId: string,
    @Param('apiKeyId') apiKeyId: string,
  ): Promise<void> {
    return this.keys.unassign(principal, groupId, apiKeyId);
  }
}
