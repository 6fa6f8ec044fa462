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
  ApiBody,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { RequireProjectRole } from '../../../platform/auth/require-role.decorator';
import type { ApiError } from '../../../platform/http/api-error';
import { ApiErrorResponses } from '../../../platform/http/api-error-responses.decorator';
import { CommonErrors } from '../../../platform/http/error-codes';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageQuery } from '../../../platform/http/pagination/page.query';
import { AlertingErrors } from '../alerting.errors';
import { AlertListResponse, type AlertResponse } from '../alerts/dto/alert.response';
import { EXAMPLE_IDS, LIST_EXAMPLE, REQUEST_EXAMPLES, RESPONSE_EXAMPLE } from './alert-config.examples';
import { AlertConfigsService } from './alert-configs.service';
import { AlertConfigListResponse, AlertConfigResponse } from './dto/alert-config.response';
import { CreateAlertConfigRequest } from './dto/create-alert-config.request';
import { ReplaceAlertConfigRequest } from './dto/replace-alert-config.request';
import { ToggleAlertConfigRequest } from './dto/toggle-alert-config.request';

const { GROUP, CONFIG } = EXAMPLE_IDS;
const WRITERS =
  'Needs GROUP_OWNER or GROUP_MONITORING_ADMIN (or ORG_OWNER, GLOBAL_OWNER, GLOBAL_MONITORING_ADMIN).';

const groupIdParam = ApiParam({ name: 'groupId', description: 'Project (group) id.', example: GROUP });
const configIdParam = ApiParam({
  name: 'alertConfigId',
  description: 'Alert configuration id.',
  example: CONFIG,
});
const notFound = ApiErrorResponses(404, 'Malformed or unknown alert configuration id, or unknown project.', [
  AlertingErrors.INVALID_ALERT_CONFIG_ID('not-an-id'),
  AlertingErrors.ALERT_CONFIG_NOT_FOUND(CONFIG, GROUP),
  CommonErrors.GROUP_NOT_FOUND(GROUP),
]);
const CONFIG_ERRORS = [
  CommonErrors.MISSING_ATTRIBUTE('eventTypeName'),
  CommonErrors.INVALID_ATTRIBUTE('notifications[0].channelName'),
  CommonErrors.INVALID_ENUM_VALUE('USERNAME', 'matchers[0].fieldName'),
  CommonErrors.VALIDATION_ERROR(
    'notifications[0].webhookBodyTemplate',
    'template syntax error: unclosed "${" at line 1, column 9',
  ),
  CommonErrors.ATTRIBUTE_NEGATIVE('notifications[0].delayMin'),
  AlertingErrors.INVALID_EVENT_TYPE_FOR_ALERT('HOST_UP'),
  AlertingErrors.MISSING_METRIC_THRESHOLD('OUTSIDE_METRIC_THRESHOLD'),
  AlertingErrors.METRIC_THRESHOLD_PRESENT('HOST_DOWN'),
  AlertingErrors.MISSING_THRESHOLD('TOO_FEW_HEALTHY_MEMBERS'),
  AlertingErrors.THRESHOLD_PRESENT('HOST_DOWN'),
  AlertingErrors.TOTAL_MODE_DEPRECATED(),
  AlertingErrors.UNITS_MISMATCH('SECONDS', 'CONNECTIONS'),
  AlertingErrors.MISSING_NOTIFICATIONS(),
  AlertingErrors.TOO_MANY_GROUP_NOTIFICATIONS(),
  AlertingErrors.EMAIL_OR_SMS_REQUIRED_FOR_GROUP_NOTIFICATION('notifications[0]'),
  AlertingErrors.EMAIL_OR_SMS_REQUIRED_FOR_USER_NOTIFICATION('notifications[0]'),
  AlertingErrors.NOTIFICATION_USER_NOT_IN_GROUP('notifications[0].username', 'sam.lee@example.com'),
  AlertingErrors.MISSING_ROLES_FOR_GROUP_NOTIFICATION('notifications[0]'),
  AlertingErrors.MISSING_ROLES_FOR_ORG_NOTIFICATION('notifications[0]'),
  AlertingErrors.NOTIFICATION_INTERVAL_OUT_OF_RANGE(1, 'notifications[0].intervalMin', 5),
  AlertingErrors.UNSUPPORTED_NOTIFICATION_TYPE('CARRIER_PIGEON', 'notifications[0].typeName'),
  AlertingErrors.WEBHOOK_URL_NOT_SET('notifications[0]'),
  AlertingErrors.GROUP_MISMATCH('5e8cc670a16506712e0b1e00', GROUP),
];
const invalidConfig = (...more: ApiError[]) =>
  ApiErrorResponses(400, 'The configuration breaks a rule; the body names the field.', [
    ...CONFIG_ERRORS,
    ...more,
  ]);
const unknownMetric = ApiErrorResponses(
  404,
  'Unknown metric (the product answers 404), or unknown project/configuration.',
  [
    AlertingErrors.INVALID_METRIC_NAME('CONNECTION_COUNT'),
    AlertingErrors.INVALID_ALERT_CONFIG_ID('not-an-id'),
    AlertingErrors.ALERT_CONFIG_NOT_FOUND(CONFIG, GROUP),
    CommonErrors.GROUP_NOT_FOUND(GROUP),
  ],
);

@ApiTags('Alert configurations')
@Controller('groups/:groupId/alertConfigs')
export class AlertConfigsController {
  constructor(private readonly configs: AlertConfigsService) {}

  @Get()
  @RequireProjectRole('GROUP_READ_ONLY')
  @ApiOperation({
    summary: 'Get all alert configurations of one project',
    description: 'Oldest first. Needs a project read role.',
  })
  @groupIdParam
  @ApiOkResponse({ type: AlertConfigListResponse, example: LIST_EXAMPLE })
  @ApiErrorResponses(404, 'Unknown project.', [CommonErrors.GROUP_NOT_FOUND(GROUP)])
  list(
    @Param('groupId') groupId: string,
    @Query() page: PageQuery,
  ): Promise<ListEnvelope<AlertConfigResponse>> {
    return this.configs.list(groupId, page);
  }

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @RequireProjectRole('GROUP_OWNER', 'GROUP_MONITORING_ADMIN')
  @ApiOperation({
    summary: 'Create one alert configuration',
    description:
      `Answers 201 Created (the product's principles: POST creates with 201). Secrets are stored encrypted and ` +
      `returned redacted. \`id\`, \`created\`, \`updated\`, \`links\` and \`typeName\` in the body are ignored; ` +
      `\`groupId\` must name the project of the URL. ${WRITERS}`,
  })
  @groupIdParam
  @ApiBody({ type: CreateAlertConfigRequest, examples: REQUEST_EXAMPLES })
  @ApiCreatedResponse({ type: AlertConfigResponse, example: RESPONSE_EXAMPLE })
  @invalidConfig()
  @unknownMetric
  create(
    @Param('groupId') groupId: string,
    @Body() body: CreateAlertConfigRequest,
  ): Promise<AlertConfigResponse> {
    return this.configs.create(groupId, body);
  }

  @Get(':alertConfigId')
  @RequireProjectRole('GROUP_READ_ONLY')
  @ApiOperation({ summary: 'Get one alert configuration', description: 'Needs a project read role.' })
  @groupIdParam
  @configIdParam
  @ApiOkResponse({ type: AlertConfigResponse, example: RESPONSE_EXAMPLE })
  @notFound
  get(
    @Param('groupId') groupId: string,
    @Param('alertConfigId') alertConfigId: string,
  ): Promise<AlertConfigResponse> {
    return this.configs.get(groupId, alertConfigId);
  }

  @Put(':alertConfigId')
  @RequireProjectRole('GROUP_OWNER', 'GROUP_MONITORING_ADMIN')
  @ApiOperation({
    summary: 'Replace one alert configuration',
    description:
      'The body may be a subset: it replaces the configuration, omitted fields take their defaults ' +
      '(`enabled` omitted means disabled; no matchers or thresholds), an omitted `eventTypeName` keeps the current ' +
      'one, and `notifications` is required. `typeName` is accepted and ignored; `created` is kept and `updated` ' +
      'set by the service; `groupId`, `id` and `links` come from the service (a GET body can be sent back: ' +
      'equal values are accepted, `links`/`created`/`updated` ignored). A secret sent back exactly in its ' +
      'redacted form, for the notification at the same position with the same `typeName`, keeps the stored ' +
      `secret. Cancels the configuration's open alerts, as the product does on edit. ${WRITERS}`,
  })
  @groupIdParam
  @configIdParam
  @ApiBody({ type: ReplaceAlertConfigRequest, examples: REQUEST_EXAMPLES })
  @ApiOkResponse({ type: AlertConfigResponse, example: RESPONSE_EXAMPLE })
  @invalidConfig(CommonErrors.ATTRIBUTE_READ_ONLY('id'))
  @unknownMetric
  replace(
    @Param('groupId') groupId: string,
    @Param('alertConfigId') alertConfigId: string,
    @Body() body: ReplaceAlertConfigRequest,
  ): Promise<AlertConfigResponse> {
    return this.configs.replace(groupId, alertConfigId, body);
  }

  @Patch(':alertConfigId')
  @RequireProjectRole('GROUP_OWNER', 'GROUP_MONITORING_ADMIN')
  @ApiOperation({
    summary: 'Enable or disable one alert configuration',
    description: `Returns the whole configuration. Disabling cancels its open alerts. ${WRITERS}`,
  })
  @groupIdParam
  @configIdParam
  @ApiBody({
    type: ToggleAlertConfigRequest,
    examples: {
      disable: { summary: 'Disable', value: { enabled: false } },
      enable: { summary: 'Enable', value: { enabled: true } },
    },
  })
  @ApiOkResponse({ type: AlertConfigResponse, example: RESPONSE_EXAMPLE })
  @ApiErrorResponses(
    400,
    '`enabled` missing or not a boolean, a field of the configuration other than `enabled` sent with another value than the stored one, or an unknown field.',
    [
      CommonErrors.MISSING_ATTRIBUTE('enabled'),
      CommonErrors.INVALID_JSON_ATTRIBUTE('enabled'),
      CommonErrors.ATTRIBUTE_READ_ONLY('eventTypeName'),
      CommonErrors.INVALID_ATTRIBUTE('typeName'),
    ],
  )
  @notFound
  setEnabled(
    @Param('groupId') groupId: string,
    @Param('alertConfigId') alertConfigId: string,
    @Body() body: ToggleAlertConfigRequest,
  ): Promise<AlertConfigResponse> {
    return this.configs.setEnabled(groupId, alertConfigId, body);
  }

  @Delete(':alertConfigId')
  @HttpCode(HttpStatus.NO_CONTENT)
  @RequireProjectRole('GROUP_OWNER', 'GROUP_MONITORING_ADMIN')
  @ApiOperation({
    summary: 'Delete one alert configuration',
    description: `Cancels its open alerts; the alerts stay readable. ${WRITERS}`,
  })
  @groupIdParam
  @configIdParam
  @ApiNoContentResponse({ description: 'Deleted; no body.' })
  @notFound
  delete(@Param('groupId') groupId: string, @Param('alertConfigId') alertConfigId: string): Promise<void> {
    return this.configs.delete(groupId, alertConfigId);
  }

  @Get(':alertConfigId/alerts')
  @RequireProjectRole('GROUP_READ_ONLY')
  @ApiOperation({
    summary: 'Get the open alerts of one alert configuration',
    description: 'Newest first. Needs a project read role.',
  })
  @groupIdParam
  @configIdParam
  @ApiOkResponse({ type: AlertListResponse })
  @notFound
  openAlerts(
    @Param('groupId') groupId: string,
    @Param('alertConfigId') alertConfigId: string,
    @Query() page: PageQuery,
  ): Promise<ListEnvelope<AlertResponse>> {
    return this.configs.openAlerts(groupId, alertConfigId, page);
  }
}
