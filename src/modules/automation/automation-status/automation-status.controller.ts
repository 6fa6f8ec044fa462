import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { RequireProjectRole } from '../../../platform/auth/require-role.decorator';
import { ApiErrorResponses } from '../../../platform/http/api-error-responses.decorator';
import { CommonErrors } from '../../../platform/http/error-codes';
import { AutomationStatusService } from './automation-status.service';
import { AutomationStatusResponse } from './dto/automation-status.response';

const GROUP = '5e8cc670a16506712e0b1e95';

@ApiTags('Automation')
@Controller('groups/:groupId/automationStatus')
export class AutomationStatusController {
  constructor(private readonly status: AutomationStatusService) {}

  @Get()
  @RequireProjectRole('GROUP_READ_ONLY')
  @ApiOperation({
    summary: 'Get the automation status of one project',
    description:
      'The goal version (the last published automation configuration) and, per process, what its automation ' +
      'agent last reported through the agent API. A process whose lastGoalVersionAchieved differs from ' +
      'goalVersion is not yet deployed as configured. Needs a project read role.',
  })
  @ApiParam({ name: 'groupId', description: 'Project (group) id.', example: GROUP })
  @ApiOkResponse({ type: AutomationStatusResponse })
  @ApiErrorResponses(404, 'Unknown project (global callers only).', [CommonErrors.GROUP_NOT_FOUND(GROUP)])
  get(@Param('groupId') groupId: string): Promise<AutomationStatusResponse> {
    return this.status.get(groupId);
  }
}
