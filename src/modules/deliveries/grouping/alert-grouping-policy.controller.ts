import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Put } from '@nestjs/common';
import {
  ApiBody,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { RequireProjectRole } from '../../../platform/auth/require-role.decorator';
import { ApiErrorResponses } from '../../../platform/http/api-error-responses.decorator';
import { CommonErrors } from '../../../platform/http/error-codes';
import { AlertGroupingPolicyService } from './alert-grouping-policy.service';
import { AlertGroupingPolicyRequest } from './dto/alert-grouping-policy.request';
import { AlertGroupingPolicyResponse } from './dto/alert-grouping-policy.response';

const GROUP = '5e8cc670a16506712e0b1e95';
const WRITERS =
  'Who may edit alert configurations may edit it: GROUP_OWNER or GROUP_MONITORING_ADMIN (or ORG_OWNER, ' +
  'GLOBAL_OWNER, GLOBAL_MONITORING_ADMIN).';
const SELF = [
  { href: `https://ops.example.com/api/public/v1.0/groups/${GROUP}/alertGroupingPolicy`, rel: 'self' },
];
const SAVED_EXAMPLE = {
  groupId: GROUP,
  groupBy: ['REPLICA_SET'],
  groupWaitSeconds: 30,
  groupIntervalSeconds: 300,
  repeatIntervalMinutes: 60,
  created: '2024-01-15T10:30:00Z',
  updated: '2024-01-15T10:30:00Z',
  links: SELF,
};

const groupIdParam = ApiParam({ name: 'groupId', description: 'Project (group) id.', example: GROUP });
const unknownProject = ApiErrorResponses(404, 'Unknown project.', [CommonErrors.GROUP_NOT_FOUND(GROUP)]);

// Beyond the product: Alertmanager-style grouping of the project's alert notifications.
@ApiTags('Alert grouping')
@Controller('groups/:groupId/alertGroupingPolicy')
export class AlertGroupingPolicyController {
  constructor(private readonly policies: AlertGroupingPolicyService) {}

  @Get()
  @RequireProjectRole('GROUP_READ_ONLY')
  @ApiOperation({
    summary: "Get the project's notification grouping policy",
    description:
      'Beyond the product. A project without a saved policy answers groupBy [] (no grouping: one message per ' +
      'alert and receiver) and the default timings, without created and updated. Needs a project read role.',
  })
  @groupIdParam
  @ApiOkResponse({
    type: AlertGroupingPolicyResponse,
    examples: {
      saved: { summary: 'A saved policy', value: SAVED_EXAMPLE },
      none: {
        summary: 'No policy saved',
        value: { groupId: GROUP, groupBy: [], groupWaitSeconds: 30, groupIntervalSeconds: 300, links: SELF },
      },
    },
  })
  @unknownProject
  get(@Param('groupId') groupId: string): Promise<AlertGroupingPolicyResponse> {
    return this.policies.get(groupId);
  }

  @Put()
  @RequireProjectRole('GROUP_OWNER', 'GROUP_MONITORING_ADMIN')
  @ApiOperation({
    summary: "Replace the project's notification grouping policy",
    description:
      "Beyond the product. Alerts of any of the project's alert configurations whose groupBy fields are equal " +
      'and whose notifications reach the same receiver (webhook URL and secret, Slack channel, PagerDuty ' +
      'service key, e-mail address...) go out as one message per group: first after groupWaitSeconds, then ' +
      'after groupIntervalSeconds when alerts joined or resolved, and again every repeatIntervalMinutes while ' +
      `the group has open alerts. Recorded as ALERT_GROUPING_POLICY_CHANGED. ${WRITERS}`,
  })
  @groupIdParam
  @ApiBody({
    type: AlertGroupingPolicyRequest,
    examples: {
      byReplicaSet: {
        summary: 'One message per replica set',
        value: { groupBy: ['REPLICA_SET'], groupWaitSeconds: 30, groupIntervalSeconds: 300 },
      },
      byHostAndEvent: {
        summary: 'Per host and event type, repeated hourly',
        value: { groupBy: ['HOST', 'EVENT_TYPE'], repeatIntervalMinutes: 60 },
      },
      off: { summary: 'No grouping', value: { groupBy: [] } },
    },
  })
  @ApiOkResponse({ type: AlertGroupingPolicyResponse, example: SAVED_EXAMPLE })
  @ApiErrorResponses(400, 'A field breaks a rule; the body names it.', [
    CommonErrors.MISSING_ATTRIBUTE('groupBy'),
    CommonErrors.INVALID_ENUM_VALUE('["HOSTNAME"]', 'groupBy'),
    CommonErrors.VALIDATION_ERROR('groupBy', 'each key may appear once'),
    CommonErrors.VALIDATION_ERROR('groupWaitSeconds', 'groupWaitSeconds must not be greater than 3600'),
    CommonErrors.INVALID_JSON_ATTRIBUTE('groupIntervalSeconds'),
  ])
  @unknownProject
  replace(
    @Param('groupId') groupId: string,
    @Body() body: AlertGroupingPolicyRequest,
  ): Promise<AlertGroupingPolicyResponse> {
    return this.policies.replace(groupId, body);
  }

  @Delete()
  @HttpCode(HttpStatus.NO_CONTENT)
  @RequireProjectRole('GROUP_OWNER', 'GROUP_MONITORING_ADMIN')
  @ApiOperation({
    summary: "Remove the project's notification grouping policy",
    description:
      'Beyond the product. Alerts notified from now on go out one message per alert again; groups under way ' +
      'still send their updates and resolution. Answers 204 also when no policy was saved (then nothing is ' +
      `recorded); otherwise recorded as ALERT_GROUPING_POLICY_DELETED. ${WRITERS}`,
  })
  @groupIdParam
  @ApiNoContentResponse({ description: 'Removed, or there was none.' })
  @unknownProject
  async delete(@Param('groupId') groupId: string): Promise<void> {
    await this.policies.delete(groupId);
  }
}
