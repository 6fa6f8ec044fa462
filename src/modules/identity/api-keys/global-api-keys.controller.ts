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
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../platform/auth/current-principal.decorator';
import type { Principal } from '../../../platform/auth/principal';
import { RequireGlobalRole } from '../../../platform/auth/require-role.decorator';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageQuery } from '../../../platform/http/pagination/page.query';
import { GLOBAL_ROLE_NAMES } from '../../../platform/auth/role-names';
import { ApiKeyListResponse, ApiKeyResponse } from './dto/api-key.response';
import { CreateGlobalApiKeyRequest, UpdateGlobalApiKeyRequest } from './dto/global-api-key.request';
import { GlobalApiKeysService } from './global-api-keys.service';

@ApiTags('Global API keys')
@Controller('admin/apiKeys')
export class GlobalApiKeysController {
  constructor(private readonly keys: GlobalApiKeysService) {}

  @Post()
  @RequireGlobalRole('GLOBAL_OWNER')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Create one global API key',
    description:
      'Global Owner. The response carries the full private key; it is never shown again. A caller with an ' +
      'access list gives the new key a copy of it.',
  })
  @ApiOkResponse({ type: ApiKeyResponse })
  @ApiBadRequestResponse({
    description:
      'API_KEY_REQUIRES_DESCRIPTION, MISSING_ATTRIBUTE (roles), INVALID_ENUM_VALUE, ' +
      'GLOBAL_API_KEY_LIMIT_EXCEEDED (500 keys).',
  })
  create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateGlobalApiKeyRequest,
  ): Promise<ApiKeyResponse> {
    return this.keys.create(principal, body);
  }

  @Get()
  @RequireGlobalRole('GLOBAL_READ_ONLY')
  @ApiOperation({ summary: 'Get all global API keys', description: 'Any global role; private keys masked.' })
  @ApiOkResponse({ type: ApiKeyListResponse })
  list(@Query() query: PageQuery): Promise<ListEnvelope<ApiKeyResponse>> {
    return this.keys.list(query);
  }

  // Declared before `:apiKeyId` so that `roles` is never read as a key id.
  @Get('roles')
  @RequireGlobalRole('GLOBAL_READ_ONLY')
  @ApiOperation({ summary: 'Get all roles a global API key may hold' })
  @ApiOkResponse({
    schema: { type: 'array', items: { type: 'string', enum: [...GLOBAL_ROLE_NAMES].sort() } },
  })
  roles(): string[] {
    return this.keys.roles();
  }

  @Get(':apiKeyId')
  @RequireGlobalRole('GLOBAL_READ_ONLY')
  @ApiOperation({ summary: 'Get one global API key' })
  @ApiOkResponse({ type: ApiKeyResponse })
  @ApiBadRequestResponse({ description: 'API_KEY_NOT_FOUND: no global key with this id.' })
  get(@Param('apiKeyId') apiKeyId: string): Promise<ApiKeyResponse> {
    return this.keys.get(apiKeyId);
  }

  @Patch(':apiKeyId')
  @RequireGlobalRole('GLOBAL_OWNER')
  @ApiOperation({
    summary: 'Update one global API key',
    description:
      "Global Owner. desc and/or roles; roles replace the key's global roles. No key changes its own roles.",
  })
  @ApiOkResponse({ type: ApiKeyResponse })
  @ApiBadRequestResponse({
    description:
      'API_KEY_NOT_FOUND, MISSING_ONE_OF_ATTRIBUTES, API_KEY_REQUIRES_DESCRIPTION, INVALID_ENUM_VALUE.',
  })
  update(
    @CurrentPrincipal() principal: Principal,
    @Param('apiKeyId') apiKeyId: string,
    @Body() body: UpdateGlobalApiKeyRequest,
  ): Promise<ApiKeyResponse> {
    return this.keys.update(principal, apiKeyId, body);
  }

  @Delete(':apiKeyId')
  @RequireGlobalRole('GLOBAL_OWNER')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Delete one global API key', description: 'Global Owner.' })
  @ApiNoContentResponse({ description: 'Deleted, with its access list.' })
  @ApiBadRequestResponse({ description: 'API_KEY_NOT_FOUND: no global key with this id.' })
  delete(@Param('apiKeyId') apiKeyId: string): Promise<void> {
    return this.keys.delete(apiKeyId);
  }
}
