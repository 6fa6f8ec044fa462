import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { RequireProjectRole } from '../../../platform/auth/require-role.decorator';
import { ApiErrorResponses } from '../../../platform/http/api-error-responses.decorator';
import { CommonErrors } from '../../../platform/http/error-codes';
import { AutomationConfigService } from './automation-config.service';
import { AutomationConfigResponse } from './dto/automation-config.response';
import { ReplaceAutomationConfigRequest } from './dto/replace-automation-config.request';

const GROUP = '5e8cc670a16506712e0b1e95';
const groupIdParam = ApiParam({ name: 'groupId', description: 'Project (group) id.', example: GROUP });
const notFound = ApiErrorResponses(404, 'Unknown project (global callers only).', [
  CommonErrors.GROUP_NOT_FOUND(GROUP),
]);

@ApiTags('Automation')
@Controller('groups/:groupId/automationConfig')
export class AutomationConfigController {
  constructor(private readonly configs: AutomationConfigService) {}

  @Get()
  @RequireProjectRole('GROUP_AUTOMATION_ADMIN')
  @ApiOperation({
    summary: 'Get the automation configuration of one project',
    description:
      'The last published document with its goal `version`; before the first publication, an empty ' +
      'configuration with version 0. It may hold credentials: needs GROUP_AUTOMATION_ADMIN (or GROUP_OWNER).',
  })
  @groupIdParam
  @ApiOkResponse({ type: AutomationConfigResponse })
  @notFound
  get(@Param('groupId') groupId: string): Promise<AutomationConfigResponse> {
    return this.configs.get(groupId);
  }

  @Put()
  @RequireProjectRole('GROUP_AUTOMATION_ADMIN')
  @ApiOperation({
    summary: 'Replace the automation configuration of one project',
    description:
      'Publishes the whole document: the goal version becomes one more than the current one (a `version` in ' +
      'the body is ignored; of concurrent replaces the later wins, each with its own version) and ' +
      'AUTOMATION_CONFIG_PUBLISHED_AUDIT is recorded. Unknown top-level sections are refused. Needs ' +
      'GROUP_AUTOMATION_ADMIN (or GROUP_OWNER).',
  })
  @groupIdParam
  @ApiOkResponse({ type: AutomationConfigResponse })
  @ApiErrorResponses(400, 'Unknown section, or a section of the wrong JSON type.', [
    CommonErrors.INVALID_ATTRIBUTE('colour'),
    CommonErrors.INVALID_JSON_ATTRIBUTE('processes'),
  ])
  @notFound
  replace(
    @Param('groupId') groupId: string,
    @Body() body: ReplaceAutomationConfigRequest,
  ): Promise<AutomationConfigResponse> {
    return this.configs.replace(groupId, body);
  }
}
