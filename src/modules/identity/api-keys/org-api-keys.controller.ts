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
import { RequireOrgRole } from '../../../platform/auth/require-role.decorator';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageQuery } from '../../../platform/http/pagination/page.query';
import { ApiKeyListResponse, ApiKeyResponse } from './dto/api-key.response';
import { CreateApiKeyRequest } from './dto/create-api-key.request';
import { UpdateApiKeyRequest } from './dto/update-api-key.request';
import { OrgApiKeysService } from './org-api-keys.service';

@ApiTags('Organization API keys')
@Controller('orgs/:orgId/apiKeys')
export class OrgApiKeysController {
  constructor(private readonly keys: OrgApiKeysService) {}

  @Post()
  @RequireOrgRole('ORG_OWNER')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Create one organization API key',
    description:
      'The response carries the full private key; it is never shown again. A caller with an access list gives ' +
      'the new key a copy of it.',
  })
  @ApiOkResponse({ type: ApiKeyResponse })
  @ApiBadRequestResponse({
    description:
      'API_KEY_REQUIRES_DESCRIPTION, MISSING_ATTRIBUTE (roles), INVALID_ENUM_VALUE, API_KEY_LIMIT_EXCEEDED (500 keys).',
  })
  create(
    @CurrentPrincipal() principal: Principal,
    @Param('orgId') orgId: string,
    @Body() body: CreateApiKeyRequest,
  ): Promise<ApiKeyResponse> {
    return this.keys.create(principal, orgId, body);
  }

  @Get()
  @RequireOrgRole('ORG_MEMBER')
  @ApiOperation({
    summary: 'Get all organization API keys',
    description: 'Any role in the organization; private keys masked.',
  })
  @ApiOkResponse({ type: ApiKeyListResponse })
  @ApiNotFoundResponse({ description: 'ORG_NOT_FOUND (global callers only).' })
  list(@Param('orgId') orgId: string, @Query() query: PageQuery): Promise<ListEnvelope<ApiKeyResponse>> {
    return this.keys.list(orgId, query);
  }

  @Get(':apiKeyId')
  @RequireOrgRole('ORG_MEMBER')
  @ApiOperation({ summary: 'Get one organization API key' })
  @ApiOkResponse({ type: ApiKeyResponse })
  @ApiBadRequestResponse({ description: 'API_KEY_NOT_FOUND: no such key in this organization.' })
  get(@Param('orgId') orgId: string, @Param('apiKeyId') apiKeyId: string): Promise<ApiKeyResponse> {
    return this.keys.get(orgId, apiKeyId);
  }

  @Patch(':apiKeyId')
  @RequireOrgRole('ORG_OWNER')
  @ApiOperation({
    summary: 'Update one organization API key',
    description: "desc and/or roles; roles replace the key's organization roles, its project roles stay.",
  })
  @ApiOkResponse({ type: ApiKeyResponse })
  @ApiBadRequestResponse({
    description:
      'API_KEY_NOT_FOUND, MISSING_ONE_OF_ATTRIBUTES, API_KEY_REQUIRES_DESCRIPTION, INVALID_ENUM_VALUE.',
  })
  update(
    @CurrentPrincipal() principal: Principal,
    @Param('orgId') orgId: string,
    @Param('apiKeyId') apiKeyId: string,
    @Body() body: UpdateApiKeyRequest,
  ): Promise<ApiKeyResponse> {
    return this.keys.update(principal, orgId, apiKeyId, body);
  }

  @Delete(':apiKeyId')
  @RequireOrgRole('ORG_OWNER')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Delete one organization API key' })
  @ApiNoContentResponse({ description: 'Deleted, with its access list.' })
  @ApiBadRequestResponse({ description: 'API_KEY_NOT_FOUND: no such key in this organization.' })
  delete(@Param('orgId') orgId: string, @Param('apiKeyId') apiKeyId: string): Promise<void> {
    return this.keys.delete(orgId, apiKeyId);
  }
}
