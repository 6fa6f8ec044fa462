import { Body, Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { RequireProjectRole } from '../../../platform/auth/require-role.decorator';
import { ApiErrorResponses } from '../../../platform/http/api-error-responses.decorator';
import { CommonErrors } from '../../../platform/http/error-codes';
import { DeliveriesErrors } from '../deliveries.errors';
import { TemplatePreviewRequest } from './dto/template-preview.request';
import { TemplatePreviewResponse } from './dto/template-preview.response';
import { TestNotificationRequest } from './dto/test-notification.request';
import { TestNotificationResponse } from './dto/test-notification.response';
import { NotificationTestsService } from './notification-tests.service';

const GROUP = '5e8cc670a16506712e0b1e95';
const CONFIG = '5e8cc670a16506712e0b1e97';
const WRITERS = 'Needs GROUP_OWNER or GROUP_MONITORING_ADMIN (the roles that edit alert configurations).';

const groupIdParam = ApiParam({ name: 'groupId', description: 'Project (group) id.', example: GROUP });

@ApiTags('Alert configurations')
@Controller('groups/:groupId/alertConfigs')
export class NotificationTestsController {
  constructor(private readonly tests: NotificationTestsService) {}

  @Post('notifications/test')
  @HttpCode(HttpStatus.OK)
  @RequireProjectRole('GROUP_OWNER', 'GROUP_MONITORING_ADMIN')
  @ApiOperation({
    summary: 'Send a test notification',
    description:
      'Sends a sample OPEN alert (X-MMS-Event alert.inform for webhooks) to an unsaved notification (`notification`, ' +
      'checked like the notifications of an alert configuration) or to a saved one (`alertConfigId` and ' +
      '`notificationIndex`, default 0), one attempt per receiver, and answers what each receiver answered. ' +
      'Not queued, not retried and not in the delivery log. ' +
      WRITERS,
  })
  @groupIdParam
  @ApiBody({ type: TestNotificationRequest })
  @ApiOkResponse({ type: TestNotificationResponse })
  @ApiErrorResponses(400, 'Neither or both of notification and alertConfigId, or an invalid notification.', [
    CommonErrors.MISSING_ONE_OF_ATTRIBUTES('notification, alertConfigId'),
    CommonErrors.MISSING_ATTRIBUTE('notification.emailAddress'),
  ])
  @ApiErrorResponses(404, 'Unknown project, configuration or notification index.', [
    CommonErrors.GROUP_NOT_FOUND(GROUP),
    DeliveriesErrors.ALERT_CONFIG_NOT_FOUND(CONFIG, GROUP),
    DeliveriesErrors.NOTIFICATION_NOT_FOUND(CONFIG, 3),
  ])
  test(
    @Param('groupId') groupId: string,
    @Body() body: TestNotificationRequest,
  ): Promise<TestNotificationResponse> {
    return this.tests.test(groupId, body);
  }

  @Post('webhookTemplates/preview')
  @HttpCode(HttpStatus.OK)
  @RequireProjectRole('GROUP_OWNER', 'GROUP_MONITORING_ADMIN')
  @ApiOperation({
    summary: 'Preview webhook templates',
    description:
      'Renders a webhookBodyTemplate and/or webhookHeadersTemplate against a sample alert exactly as a webhook ' +
      'delivery would, and answers the body and headers that would be sent; a template that fails is reported ' +
      'in `renderFallback` with its error, and the default body or headers are shown in its place. Nothing ' +
      'is sent. ' +
      WRITERS,
  })
  @groupIdParam
  @ApiBody({ type: TemplatePreviewRequest })
  @ApiOkResponse({ type: TemplatePreviewResponse })
  @ApiErrorResponses(404, 'Unknown project.', [CommonErrors.GROUP_NOT_FOUND(GROUP)])
  preview(
    @Param('groupId') groupId: string,
    @Body() body: TemplatePreviewRequest,
  ): Promise<TemplatePreviewResponse> {
    return this.tests.preview(groupId, body);
  }
}
