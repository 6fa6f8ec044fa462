import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../platform/auth/current-principal.decorator';
import type { Principal } from '../../../platform/auth/principal';
import { RequireProjectRole } from '../../../platform/auth/require-role.decorator';
import { ApiErrorResponses } from '../../../platform/http/api-error-responses.decorator';
import { CommonErrors } from '../../../platform/http/error-codes';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { AlertingErrors } from '../alerting.errors';
import { AlertsService } from './alerts.service';
import { AcknowledgeAlertRequest, MAX_ACKNOWLEDGEMENT_COMMENT_LENGTH } from './dto/acknowledge-alert.request';
import { AlertListResponse, AlertResponse } from './dto/alert.response';
import { ListAlertsQuery } from './dto/list-alerts.query';

const GROUP = '5e8cc670a16506712e0b1e95';
const ALERT = '5e8cc670a16506712e0b1e96';

const groupIdParam = ApiParam({ name: 'groupId', description: 'Project (group) id.', example: GROUP });
const alertIdParam = ApiParam({ name: 'alertId', description: 'Alert id.', example: ALERT });
const notFound = ApiErrorResponses(404, 'Malformed or unknown alert id, or unknown project.', [
  AlertingErrors.INVALID_ALERT_ID('not-an-id'),
  AlertingErrors.ALERT_NOT_FOUND(ALERT, GROUP),
  CommonErrors.GROUP_NOT_FOUND(GROUP),
]);

@ApiTags('Alerts')
@Controller('groups/:groupId/alerts')
export class AlertsController {
  constructor(private readonly alerts: AlertsService) {}

  @Get()
  @RequireProjectRole('GROUP_READ_ONLY')
  @ApiOperation({
    summary: 'Get all alerts of one project',
    description: 'Newest first. Needs a project read role.',
  })
  @groupIdParam
  @ApiOkResponse({ type: AlertListResponse })
  @ApiErrorResponses(400, 'Unknown status filter.', [AlertingErrors.INVALID_ALERT_STATUS('RESOLVED')])
  list(
    @Param('groupId') groupId: string,
    @Query() query: ListAlertsQuery,
  ): Promise<ListEnvelope<AlertResponse>> {
    return this.alerts.list(groupId, query);
  }

  @Get(':alertId')
  @RequireProjectRole('GROUP_READ_ONLY')
  @ApiOperation({ summary: 'Get one alert', description: 'Needs a project read role.' })
  @groupIdParam
  @alertIdParam
  @ApiOkResponse({ type: AlertResponse })
  @notFound
  get(@Param('groupId') groupId: string, @Param('alertId') alertId: string): Promise<AlertResponse> {
    return this.alerts.get(groupId, alertId);
  }

  @Patch(':alertId')
  @RequireProjectRole('GROUP_OWNER', 'GROUP_MONITORING_ADMIN')
  @ApiOperation({
    summary: 'Acknowledge or unacknowledge one alert',
    description:
      'With `acknowledgedUntil` (a future ISO 8601 time) the alert is acknowledged until then, by the caller: ' +
      '`acknowledgingUsername` is the user name of a user or the public key of an API key. Without it, the ' +
      'alert is unacknowledged and the three acknowledgement fields are cleared. Once `acknowledgedUntil` has ' +
      'passed the alert reads as unacknowledged. CLOSED and CANCELLED alerts cannot change. Needs GROUP_OWNER ' +
      'or GROUP_MONITORING_ADMIN (or ORG_OWNER, GLOBAL_OWNER, GLOBAL_MONITORING_ADMIN).',
  })
  @groupIdParam
  @alertIdParam
  @ApiBody({
    type: AcknowledgeAlertRequest,
    examples: {
      acknowledge: {
        summary: 'Acknowledge until a time (offsets accepted)',
        value: {
          acknowledgedUntil: '2016-04-15T00:00:00-0400',
          acknowledgementComment: 'This is normal. Please ignore.',
        },
      },
      indefinitely: {
        summary: 'Acknowledge for 100 years',
        value: { acknowledgedUntil: '2124-01-01T00:00:00Z' },
      },
      unacknowledge: { summary: 'Unacknowledge', value: {} },
    },
  })
  @ApiOkResponse({ type: AlertResponse })
  @ApiErrorResponses(400, 'Invalid acknowledgement, or the alert is closed or cancelled.', [
    CommonErrors.INVALID_JSON_ATTRIBUTE('acknowledgedUntil'),
    CommonErrors.VALIDATION_ERROR('acknowledgedUntil', 'it must be in the future'),
    AlertingErrors.ACKNOWLEDGEMENT_COMMENT_TOO_LONG(MAX_ACKNOWLEDGEMENT_COMMENT_LENGTH),
    AlertingErrors.ALERT_ALREADY_CLOSED(ALERT, 'CLOSED'),
    CommonErrors.INVALID_ATTRIBUTE('status'),
  ])
  @notFound
  acknowledge(
    @CurrentPrincipal() principal: Principal,
    @Param('groupId') groupId: string,
    @Param('alertId') alertId: string,
    @Body() body: AcknowledgeAlertRequest,
  ): Promise<AlertResponse> {
    return this.alerts.acknowledge(groupId, alertId, body, principal);
  }
}
