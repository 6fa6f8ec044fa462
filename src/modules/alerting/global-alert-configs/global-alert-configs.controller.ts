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
  Put,
  Query,
} from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { RequireGlobalRole } from '../../../platform/auth/require-role.decorator';
import { ApiErrorResponses } from '../../../platform/http/api-error-responses.decorator';
import { CommonErrors } from '../../../platform/http/error-codes';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageQuery } from '../../../platform/http/pagination/page.query';
import { AlertingErrors } from '../alerting.errors';
import { AlertListResponse, type AlertResponse } from '../alerts/dto/alert.response';
import { GlobalAlertsService } from '../global-alerts/global-alerts.service';
import {
  CreateGlobalAlertConfigRequest,
  ReplaceGlobalAlertConfigRequest,
  ToggleGlobalAlertConfigRequest,
} from './dto/global-alert-config.request';
import { GlobalAlertConfigListResponse, GlobalAlertConfigResponse } from './dto/global-alert-config.response';
import { GlobalAlertConfigsService } from './global-alert-configs.service';

const CONFIG = '5e8cc670a16506712e0b1e97';
const ROLES = 'Needs GLOBAL_MONITORING_ADMIN or GLOBAL_OWNER.';

const configIdParam = ApiParam({
  name: 'alertConfigId',
  description: 'Global alert configuration id.',
  example: CONFIG,
});
const notFound = ApiErrorResponses(404, 'Malformed or unknown global alert configuration id.', [
  AlertingErrors.INVALID_ALERT_CONFIG_ID('not-an-id'),
  AlertingErrors.GLOBAL_ALERT_CONFIG_NOT_FOUND(CONFIG),
]);
const invalidConfig = ApiErrorResponses(
  400,
  "The configuration breaks a rule of a project's configuration, or of its scope; the body names the field.",
  [
    CommonErrors.MISSING_ATTRIBUTE('forAllGroups'),
    CommonErrors.MISSING_ATTRIBUTE('groupIds'),
    CommonErrors.VALIDATION_ERROR('groupIds[0]', 'no project with ID 5e8cc670a16506712e0b1e95 exists'),
    CommonErrors.VALIDATION_ERROR('tags', 'only a configuration with forAllGroups true filters on tags'),
    CommonErrors.MISSING_ATTRIBUTE('eventTypeName'),
    AlertingErrors.INVALID_EVENT_TYPE_FOR_ALERT('HOST_UP'),
    AlertingErrors.MISSING_NOTIFICATIONS(),
    AlertingErrors.UNSUPPORTED_NOTIFICATION_TYPE('USER', 'notifications[0].typeName'),
    AlertingErrors.WEBHOOK_URL_NOT_SET('notifications[0]'),
    CommonErrors.ATTRIBUTE_READ_ONLY('id'),
  ],
);

// Alert configurations of the whole service: each applies to every project (narrowed by tags) or to the
// projects it names, and raises its alerts in each of them.
@ApiTags('Global alert configurations')
@Controller('globalAlertConfigs')
@RequireGlobalRole('GLOBAL_MONITORING_ADMIN')
export class GlobalAlertConfigsController {
  constructor(
    private readonly configs: GlobalAlertConfigsService,
    private readonly globalAlerts: GlobalAlertsService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Get all global alert configurations', description: `Oldest first. ${ROLES}` })
  @ApiOkResponse({ type: GlobalAlertConfigListResponse })
  list(@Query() page: PageQuery): Promise<ListEnvelope<GlobalAlertConfigResponse>> {
    return this.configs.list(page);
  }

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({
    summary: 'Create one global alert configuration',
    description:
      "A project configuration's fields, rules and caps, plus `forAllGroups` (required), `groupIds` and `tags`. " +
      'Every notification carries its own target (USER and TEAM notifications, and those relying on a ' +
      "project's integration, are refused). Alerts are raised at once in the projects where the condition " +
      `already holds. ${ROLES}`,
  })
  @ApiCreatedResponse({ type: GlobalAlertConfigResponse })
  @invalidConfig
  create(@Body() body: CreateGlobalAlertConfigRequest): Promise<GlobalAlertConfigResponse> {
    return this.configs.create(body);
  }

  @Get(':alertConfigId')
  @ApiOperation({ summary: 'Get one global alert configuration', description: ROLES })
  @configIdParam
  @ApiOkResponse({ type: GlobalAlertConfigResponse })
  @notFound
  get(@Param('alertConfigId') alertConfigId: string): Promise<GlobalAlertConfigResponse> {
    return this.configs.get(alertConfigId);
  }

  @Put(':alertConfigId')
  @ApiOperation({
    summary: 'Replace one global alert configuration',
    description:
      "As a project configuration's PUT. Alerts are cancelled in the projects it no longer applies to. " +
      ROLES,
  })
  @configIdParam
  @ApiOkResponse({ type: GlobalAlertConfigResponse })
  @invalidConfig
  @notFound
  replace(
    @Param('alertConfigId') alertConfigId: string,
    @Body() body: ReplaceGlobalAlertConfigRequest,
  ): Promise<GlobalAlertConfigResponse> {
    return this.configs.replace(alertConfigId, body);
  }

  @Patch(':alertConfigId')
  @ApiOperation({
    summary: 'Enable or disable one global alert configuration',
    description: `Disabling cancels its open alerts in every project. ${ROLES}`,
  })
  @configIdParam
  @ApiOkResponse({ type: GlobalAlertConfigResponse })
  @ApiErrorResponses(
    400,
    '`enabled` missing, or another field sent with another value than the stored one.',
    [CommonErrors.MISSING_ATTRIBUTE('enabled'), CommonErrors.ATTRIBUTE_READ_ONLY('eventTypeName')],
  )
  @notFound
  setEnabled(
    @Param('alertConfigId') alertConfigId: string,
    @Body() body: ToggleGlobalAlertConfigRequest,
  ): Promise<GlobalAlertConfigResponse> {
    return this.configs.setEnabled(alertConfigId, body);
  }

  @Delete(':alertConfigId')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary: 'Delete one global alert configuration',
    description: `Cancels its open alerts in every project; the alerts stay readable. ${ROLES}`,
  })
  @configIdParam
  @ApiNoContentResponse({ description: 'Deleted; no body.' })
  @notFound
  delete(@Param('alertConfigId') alertConfigId: string): Promise<void> {
    return this.configs.delete(alertConfigId);
  }

  @Get(':alertConfigId/alerts')
  @ApiOperation({
    summary: 'Get the open alerts of one global alert configuration',
    description: `Newest first, in every project. ${ROLES}`,
  })
  @configIdParam
  @ApiOkResponse({ type: AlertListResponse })
  @notFound
  async openAlerts(
    @Param('alertConfigId') alertConfigId: string,
    @Query() page: PageQuery,
  ): Promise<ListEnvelope<AlertResponse>> {
    await this.configs.assertExists(alertConfigId);
    return this.globalAlerts.openAlertsOf(alertConfigId, page);
  }
}
