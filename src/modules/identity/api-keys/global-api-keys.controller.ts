import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequireGlobalRole } from '../../../platform/auth/require-role.decorator';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageQuery } from '../../../platform/http/pagination/page.query';
import { GLOBAL_ROLES } from '../roles/role-names';
import { ApiKeyListResponse, ApiKeyResponse } from './dto/api-key.response';
import { GlobalApiKeysService } from './global-api-keys.service';

@ApiTags('Global API keys')
@Controller('admin/apiKeys')
export class GlobalApiKeysController {
  constructor(private readonly keys: GlobalApiKeysService) {}

  @Get()
  @RequireGlobalRole('GLOBAL_READ_ONLY')
  @ApiOperation({ summary: 'Get all global API keys', description: 'Private keys masked.' })
  @ApiOkResponse({ type: ApiKeyListResponse })
  list(@Query() query: PageQuery): Promise<ListEnvelope<ApiKeyResponse>> {
    return this.keys.list(query);
  }

  // Declared before `:apiKeyId` so that `roles` is never read as a key id.
  @Get('roles')
  @RequireGlobalRole('GLOBAL_READ_ONLY')
  @ApiOperation({ summary: 'Get all roles a global API key may hold' })
  @ApiOkResponse({ schema: { type: 'array', items: { type: 'string', enum: [...GLOBAL_ROLES] } } })
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
}
