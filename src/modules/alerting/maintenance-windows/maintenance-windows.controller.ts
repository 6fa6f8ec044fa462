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
    AlertingErrors.GROUP_NOT_FOUND(GROUP),
  ],
);
const dateErrors = [
  AlertingErrors.MAINTENANCE_WINDOW_START_DATE_AFTER_END_DATE(),
  CommonErrors.VALIDATION_ERROR('endDate', 'the window must end in the future'),
  CommonErrors.INVALID_JSON_ATTRIBUTE('startDate'),
  CommonErrors.INVALID_ENUM_VALUE('DISK', 'alertTypeNames'),
  CommonErrors.INVALID_ENUM_VALUE('CLUSTER_NAME', 'matchers[0].fieldName'),
  CommonErrors.VALIDATION_ERROR('matchers', 'alert types AGENT cannot be narrowed by matchers'),
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
    description: `Answers 200, as the product's page shows. ${WRITE_ROLES}`,
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
    description: 'Only windows ending in the future, soonest start first. Needs a project read role.',
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
    },
  })
  @ApiCreatedResponse({ type: MaintenanceWindowResponse })
  @ApiErrorResponses(400, 'No field given, or the merged window is invalid.', [
    CommonErrors.MISSING_ONE_OF_ATTRIBUTES('alertTypeNames, startDate, endDate, description, matchers'),
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
