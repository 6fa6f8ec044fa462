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
  ApiBody,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { RequireProjectRole } from '../../../platform/auth/require-role.decorator';
import { ApiErrorResponses } from '../../../platform/http/api-error-responses.decorator';
import { CommonErrors } from '../../../platform/http/error-codes';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageQuery } from '../../../platform/http/pagination/page.query';
import { AlertingErrors } from '../alerting.errors';
import { CreateMaintenanceWindowRequest } from './dto/create-maintenance-window.request';
import { MaintenanceWindowListResponse, MaintenanceWindowResponse } from './dto/maintenance-window.response';
import { UpdateMaintenanceWindowRequest } from './dto/update-maintenance-window.request';
import { MaintenanceWindowsService } from './maintenance-windows.service';

const GROUP = '5e8cc670a16506712e0b1e95';
const WINDOW = '56294bdfd4c643eef5176b73';
const WRITE_ROLES =
  'Needs GROUP_OWNER or GROUP_MONITORING_ADMIN (or ORG_OWNER, GLOBAL_OWNER, GLOBAL_MONITORING_ADMIN).';

const groupIdParam = ApiParam({ name: 'groupId', description: 'Project (group) id.', example: GROUP });
const windowIdParam = ApiParam({ name: 'windowId', description: 'Maintenance window id.', example: WINDOW });
const notFound = ApiErrorResponses(
  404,
  'Malformed or unknown window id, a window that has ended, or an unknown project.',
  [
    AlertingErrors.INVALID_WINDOW_ID('not-an-id'),
    AlertingErrors.MAINTENANCE_WINDOW_NOT_FOUND(WINDOW, GROUP),
    CommonErrors.GROUP_NOT_FOUND(GROUP),
  ],
);
const dateErrors = [
  AlertingErrors.MAINTENANCE_WINDOW_START_DATE_AFTER_END_DATE(),
  CommonErrors.VALIDATION_ERROR('endDate', 'the window must end in the future'),
  CommonErrors.INVALID_JSON_ATTRIBUTE('startDate'),
  CommonErrors.INVALID_ENUM_VALUE('DISK', 'alertTypeNames'),
  CommonErrors.INVALID_ENUM_VALUE('CLUSTER_NAME', 'matchers[0].fieldName'),
  CommonErrors.VALIDATION_ERROR('matchers', 'alert types AGENT cannot be narrowed by matchers'),
  CommonErrors.MISSING_ATTRIBUTE('recurrence.timeZone'),
  CommonErrors.INVALID_ENUM_VALUE('MON', 'recurrence.daysOfWeek'),
  CommonErrors.VALIDATION_ERROR('recurrence.startTime', 'a local time HH:MM from 00:00 to 23:59'),
  CommonErrors.VALIDATION_ERROR(
    'recurrence.timeZone',
    'Europe/Atlantis is not an IANA time zone name such as Europe/Berlin',
  ),
  CommonErrors.VALIDATION_ERROR('recurrence', 'no occurrence falls before endDate'),
  CommonErrors.VALIDATION_ERROR(
    'alertConfigIds[0]',
    'no alert configuration 5efda6aea3f2ed2e7dd6ce05 in this project',
  ),
];

@ApiTags('Maintenance windows')
@Controller('groups/:groupId/maintenanceWindows')
export class MaintenanceWindowsController {
  constructor(private readonly windows: MaintenanceWindowsService) {}

  @Post()
  @HttpCode(HttpStatus.OK)
  @RequireProjectRole('GROUP_OWNER', 'GROUP_MONITORING_ADMIN')
  @ApiOperation({
    summary: 'Create one maintenance window',
    description:
      `Answers 200, as the product's page shows. Beyond the product, a window may recur (recurrence: days ` +
      `of the week and a local time range in an IANA time zone, between startDate and an optional endDate) ` +
      `and may name the alert configurations whose alerts it silences (alertConfigIds). ${WRITE_ROLES}`,
  })
  @groupIdParam
  @ApiBody({
    type: CreateMaintenanceWindowRequest,
    examples: {
      window: {
        summary: 'Silence host and replica set alerts for an evening',
        value: {
          alertTypeNames: ['HOST', 'REPLICA_SET'],
          startDate: '2030-10-23T22:00:00Z',
          endDate: '2030-10-23T23:30:00Z',
          description: 'my description',
        },
      },
      scoped: {
        summary: 'Beyond the product: silence only the hosts of one replica set',
        value: {
          alertTypeNames: ['HOST'],
          startDate: '2030-10-23T22:00:00Z',
          endDate: '2030-10-23T23:30:00Z',
          matchers: [{ fieldName: 'REPLICA_SET_NAME', operator: 'EQUALS', value: 'rs1' }],
        },
      },
      recurring: {
        summary: 'Beyond the product: every weeknight from 22:00 to 02:00 Berlin time, until the end of 2030',
        value: {
          alertTypeNames: ['HOST', 'REPLICA_SET'],
          recurrence: {
            daysOfWeek: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'],
            startTime: '22:00',
            endTime: '02:00',
            timeZone: 'Europe/Berlin',
          },
          endDate: '2031-01-01T00:00:00Z',
          description: 'nightly batch jobs',
        },
      },
      byConfiguration: {
        summary: 'Beyond the product: every weekend, only the alerts of one alert configuration',
        value: {
          alertTypeNames: ['HOST'],
          recurrence: {
            daysOfWeek: ['SATURDAY', 'SUNDAY'],
            startTime: '00:00',
            endTime: '24:00',
            timeZone: 'America/New_York',
          },
          alertConfigIds: ['5efda6aea3f2ed2e7dd6ce05'],
        },
      },
    },
  })
  @ApiOkResponse({ type: MaintenanceWindowResponse })
  @ApiErrorResponses(400, 'A required field is missing, or the dates or alert types are invalid.', [
    AlertingErrors.MISSING_MAINTENANCE_WINDOW_ALERT_TYPE_NAME(),
    AlertingErrors.MISSING_MAINTENANCE_WINDOW_START_DATE(),
    AlertingErrors.MISSING_MAINTENANCE_WINDOW_END_DATE(),
    ...dateErrors,
  ])
  create(
    @Param('groupId') groupId: string,
    @Body() body: CreateMaintenanceWindowRequest,
  ): Promise<MaintenanceWindowResponse> {
    return this.windows.create(groupId, body);
  }

  @Get()
  @RequireProjectRole('GROUP_READ_ONLY')
  @ApiOperation({
    summary: 'Get all maintenance windows of one project',
    description:
      'Only windows ending in the future (recurring windows without an end date included), soonest start ' +
      'first. Needs a project read role.',
  })
  @groupIdParam
  @ApiOkResponse({ type: MaintenanceWindowListResponse })
  list(
    @Param('groupId') groupId: string,
    @Query() query: PageQuery,
  ): Promise<ListEnvelope<MaintenanceWindowResponse>> {
    return this.windows.list(groupId, query);
  }

  @Get(':windowId')
  @RequireProjectRole('GROUP_READ_ONLY')
  @ApiOperation({
    summary: 'Get one maintenance window',
    description: 'Only a window ending in the future. Needs a project read role.',
  })
  @groupIdParam
  @windowIdParam
  @ApiOkResponse({ type: MaintenanceWindowResponse })
  @notFound
  get(
    @Param('groupId') groupId: string,
    @Param('windowId') windowId: string,
  ): Promise<MaintenanceWindowResponse> {
    return this.windows.get(groupId, windowId);
  }

  @Patch(':windowId')
  @HttpCode(HttpStatus.CREATED)
  @RequireProjectRole('GROUP_OWNER', 'GROUP_MONITORING_ADMIN')
  @ApiOperation({
    summary: 'Update one maintenance window',
    description:
      'Answers 201, as the product does. At least one field; the fields given replace the stored ones and the ' +
      `result must still start before it ends. Only a window whose end date is in the future. ${WRITE_ROLES}`,
  })
  @groupIdParam
  @windowIdParam
  @ApiBody({
    type: UpdateMaintenanceWindowRequest,
    examples: {
      extend: { summary: 'Extend the window', value: { endDate: '2030-10-24T01:00:00Z' } },
      retarget: { summary: 'Silence other alert types', value: { alertTypeNames: ['HOST', 'CLUSTER'] } },
      widen: { summary: 'Drop the matchers: silence the whole project', value: { matchers: [] } },
      recur: {
        summary: 'Beyond the product: recur on Sunday mornings, for good',
        value: {
          recurrence: {
            daysOfWeek: ['SUNDAY'],
            startTime: '06:00',
            endTime: '09:00',
            timeZone: 'Asia/Tokyo',
          },
          endDate: null,
        },
      },
      oneOff: {
        summary: 'Beyond the product: stop recurring (a one-off window needs an end date)',
        value: { recurrence: null, endDate: '2030-10-24T01:00:00Z' },
      },
    },
  })
  @ApiCreatedResponse({ type: MaintenanceWindowResponse })
  @ApiErrorResponses(400, 'No field given, or the merged window is invalid.', [
    CommonErrors.MISSING_ONE_OF_ATTRIBUTES(
      'alertTypeNames, startDate, endDate, description, matchers, recurrence, alertConfigIds',
    ),
    AlertingErrors.MISSING_MAINTENANCE_WINDOW_ALERT_TYPE_NAME(),
    ...dateErrors,
  ])
  @notFound
  update(
    @Param('groupId') groupId: string,
    @Param('windowId') windowId: string,
    @Body() body: UpdateMaintenanceWindowRequest,
  ): Promise<MaintenanceWindowResponse> {
    return this.windows.update(groupId, windowId, body);
  }

  @Delete(':windowId')
  @HttpCode(HttpStatus.NO_CONTENT)
  @RequireProjectRole('GROUP_OWNER', 'GROUP_MONITORING_ADMIN')
  @ApiOperation({
    summary: 'Delete one maintenance window',
    description: `Only a window whose end date is in the future; the alerts it muted notify again. ${WRITE_ROLES}`,
  })
  @groupIdParam
  @windowIdParam
  @ApiNoContentResponse({ description: 'Deleted; no body.' })
  @notFound
  delete(@Param('groupId') groupId: string, @Param('windowId') windowId: string): Promise<void> {
    return this.windows.delete(groupId, windowId);
  }
}
