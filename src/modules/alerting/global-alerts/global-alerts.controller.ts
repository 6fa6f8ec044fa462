import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../platform/auth/current-principal.decorator';
import type { Principal } from '../../../platform/auth/principal';
import { RequireGlobalRole } from '../../../platform/auth/require-role.decorator';
import { ApiErrorResponses } from '../../../platform/http/api-error-responses.decorator';
import { CommonErrors } from '../../../platform/http/error-codes';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { AlertingErrors } from '../alerting.errors';
import { AcknowledgeAlertRequest } from '../alerts/dto/acknowledge-alert.request';
import { AlertListResponse, AlertResponse } from '../alerts/dto/alert.response';
import { ListAlertsQuery } from '../alerts/dto/list-alerts.query';
import { GlobalAlertsService } from './global-alerts.service';

const ALERT = '5e8cc670a16506712e0b1e96';
const ROLES = 'Needs GLOBAL_MONITORING_ADMIN or GLOBAL_OWNER.';

const alertIdParam = ApiParam({ name: 'alertId', description: 'Alert id.', example: ALERT });
const notFound = ApiErrorResponses(404, 'Malformed id, or no alert of a global configuration with this id.', [
  AlertingErrors.INVALID_ALERT_ID('not-an-id'),
  AlertingErrors.GLOBAL_ALERT_NOT_FOUND(ALERT),
]);

// The alerts global configurations raised, in every project. Each is also an alert of its project.
@ApiTags('Global alerts')
@Controller('globalAlerts')
@RequireGlobalRole('GLOBAL_MONITORING_ADMIN')
export class GlobalAlertsController {
  constructor(private readonly alerts: GlobalAlertsService) {}

  @Get()
  @ApiOperation({ summary: 'Get all global alerts', description: `Newest first. ${ROLES}` })
  @ApiOkResponse({ type: AlertListResponse })
  @ApiErrorResponses(400, 'Unknown status filter.', [AlertingErrors.INVALID_ALERT_STATUS('RESOLVED')])
  list(@Query() query: ListAlertsQuery): Promise<ListEnvelope<AlertResponse>> {
    return this.alerts.list(query);
  }

  @Get(':alertId')
  @ApiOperation({ summary: 'Get one global alert', description: ROLES })
  @alertIdParam
  @ApiOkResponse({ type: AlertResponse })
  @notFound
  get(@Param('alertId') alertId: string): Promise<AlertResponse> {
    return this.alerts.get(alertId);
  }

  @Patch(':alertId')
  @ApiOperation({
    summary: 'Acknowledge or unacknowledge one global alert',
    description: `As one alert of a project (same body, rules and audit event). ${ROLES}`,
  })
  @alertIdParam
  @ApiBody({ type: AcknowledgeAlertRequest })
  @ApiOkResponse({ type: AlertResponse })
  @ApiErrorResponses(400, 'Invalid acknowledgement, or the alert is closed or cancelled.', [
    CommonErrors.VALIDATION_ERROR('acknowledgedUntil', 'it must be in the future'),
    AlertingErrors.ALERT_ALREADY_CLOSED(ALERT, 'CLOSED'),
  ])
  @notFound
  acknowledge(
    @CurrentPrincipal() principal: Principal,
    @Param('alertId') alertId: string,
    @Body() body: AcknowledgeAlertRequest,
  ): Promise<AlertResponse> {
    return this.alerts.acknowledge(alertId, body, principal);
  }
}
