import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { RequireProjectRole } from '../../../platform/auth/require-role.decorator';
import { ApiErrorResponses } from '../../../platform/http/api-error-responses.decorator';
import { CommonErrors } from '../../../platform/http/error-codes';
import { AutomationErrors } from '../automation.errors';
import { MeasurementsQuery } from './dto/measurements.query';
import { MeasurementsResponse } from './dto/measurements.response';
import { MeasurementsService } from './measurements.service';

const GROUP = '5e8cc670a16506712e0b1e95';
const HOST = '5e8cc670a16506712e0b1e98';

@ApiTags('Measurements')
@Controller('groups/:groupId/hosts/:hostId/measurements')
export class MeasurementsController {
  constructor(private readonly measurements: MeasurementsService) {}

  @Get()
  @RequireProjectRole('GROUP_READ_ONLY')
  @ApiOperation({
    summary: 'Get the measurements of one host',
    description:
      'Data points reported by the agents, averaged per `granularity` (PT1M, PT5M, PT1H or P1D; buckets aligned ' +
      'on UTC midnight, empty buckets left out) over `period` (ending now) or `start`..`end`. At most ' +
      '10,080 points per measurement. Raw points are kept MEASUREMENT_RETENTION_DAYS days (default 14), or MEASUREMENT_RETENTION_HOURS hours. ' +
      'Needs a project read role.',
  })
  @ApiParam({ name: 'groupId', description: 'Project (group) id.', example: GROUP })
  @ApiParam({ name: 'hostId', description: 'Host id.', example: HOST })
  @ApiOkResponse({ type: MeasurementsResponse })
  @ApiErrorResponses(400, 'Missing, invalid or conflicting window parameters.', [
    CommonErrors.MISSING_QUERY_PARAMETER('granularity'),
    CommonErrors.INVALID_QUERY_PARAMETER('period'),
    AutomationErrors.MUTUALLY_EXCLUSIVE_QUERY_PARAMETERS('period', 'start'),
  ])
  @ApiErrorResponses(404, 'Unknown host or project.', [
    AutomationErrors.HOST_NOT_FOUND(HOST, GROUP),
    CommonErrors.GROUP_NOT_FOUND(GROUP),
  ])
  get(
    @Param('groupId') groupId: string,
    @Param('hostId') hostId: string,
    @Query() query: MeasurementsQuery,
  ): Promise<MeasurementsResponse> {
    return this.measurements.get(groupId, hostId, query);
  }
}
