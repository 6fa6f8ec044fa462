import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../platform/auth/current-principal.decorator';
import type { Principal } from '../../../platform/auth/principal';
import { RequireProjectRole } from '../../../platform/auth/require-role.decorator';
import { ApiErrorResponses } from '../../../platform/http/api-error-responses.decorator';
import { CommonErrors } from '../../../platform/http/error-codes';
import { AutomationErrors } from '../automation.errors';
import { AgentApiKeysService } from './agent-api-keys.service';
import { AgentApiKeyResponse } from './dto/agent-api-key.response';
import { CreateAgentApiKeyRequest } from './dto/create-agent-api-key.request';

const GROUP = '5e8cc670a16506712e0b1e95';
const KEY = '5e8cc670a16506712e0b1e97';
const groupIdParam = ApiParam({ name: 'groupId', description: 'Project (group) id.', example: GROUP });

@ApiTags('Agent API keys')
@Controller('groups/:groupId/agentapikeys')
export class AgentApiKeysController {
  constructor(private readonly keys: AgentApiKeysService) {}

  @Get()
  @RequireProjectRole('GROUP_READ_ONLY')
  @ApiOperation({
    summary: 'Get all agent API keys of one project',
    description:
      'A JSON array (not a paginated list), oldest first; keys show only their last four characters.',
  })
  @groupIdParam
  @ApiOkResponse({ type: [AgentApiKeyResponse] })
  @ApiErrorResponses(404, 'Unknown project (global callers only).', [CommonErrors.GROUP_NOT_FOUND(GROUP)])
  list(@Param('groupId') groupId: string): Promise<AgentApiKeyResponse[]> {
    return this.keys.list(groupId);
  }

  @Post()
  @RequireProjectRole('GROUP_OWNER')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Create one agent API key',
    description:
      "The whole key is in this response only; it is stored hashed. Agents send it as the password of the agent API's " +
      'HTTP Basic authentication, with the project id as user name. Needs GROUP_OWNER.',
  })
  @groupIdParam
  @ApiOkResponse({ type: AgentApiKeyResponse })
  @ApiErrorResponses(400, 'Missing or invalid description.', [
    CommonErrors.MISSING_ATTRIBUTE('desc'),
    CommonErrors.VALIDATION_ERROR('desc', 'desc must be longer than or equal to 1 characters'),
  ])
  create(
    @CurrentPrincipal() principal: Principal,
    @Param('groupId') groupId: string,
    @Body() body: CreateAgentApiKeyRequest,
  ): Promise<AgentApiKeyResponse> {
    return this.keys.create(groupId, body, principal);
  }

  @Delete(':agentApiKeyId')
  @RequireProjectRole('GROUP_OWNER')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary: 'Delete one agent API key',
    description: 'Agents using it are refused from the next report on. Needs GROUP_OWNER.',
  })
  @groupIdParam
  @ApiParam({ name: 'agentApiKeyId', description: 'Agent API key id.', example: KEY })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiErrorResponses(404, 'Unknown key or project.', [
    AutomationErrors.AGENT_API_KEY_NOT_FOUND(KEY, GROUP),
    CommonErrors.GROUP_NOT_FOUND(GROUP),
  ])
  delete(@Param('groupId') groupId: string, @Param('agentApiKeyId') agentApiKeyId: string): Promise<void> {
    return this.keys.delete(groupId, agentApiKeyId);
  }
}
