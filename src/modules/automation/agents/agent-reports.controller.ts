import { Body, Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBody, ApiOperation, ApiParam, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { PublicRoute } from '../../../platform/auth/require-role.decorator';
import { ApiErrorResponses } from '../../../platform/http/api-error-responses.decorator';
import { CommonErrors } from '../../../platform/http/error-codes';
import { checkBodyByHand } from '../../../platform/http/validation';
import { AutomationErrors, invalidAgentApiKey, reportsBacklogged } from '../automation.errors';
import { acceptPlainReport } from './agent-report.check';
import { AGENT_KEY_SECURITY, AGENT_REPORT_EXAMPLES } from './agent-api.openapi';
import { AgentReportRequest } from './dto/agent-report.request';
import { ReportIngestService } from './report-ingest.service';

const GROUP = '5e8cc670a16506712e0b1e95';

// Valid reports skip the decorators (hundreds of samples each); the others still get their error bodies.
checkBodyByHand(AgentReportRequest, acceptPlainReport);

// The agent API (outside /api/public/v1.0): not Digest, but HTTP Basic with a project agent API key,
// checked by the HTTP pipeline before the body is read (AgentKeyVerifier).
@ApiTags('Agent API')
@Controller('agents/v1/groups/:groupId')
export class AgentReportsController {
  constructor(private readonly ingest: ReportIngestService) {}

  @Post('reports')
  @PublicRoute()
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiSecurity(AGENT_KEY_SECURITY)
  @ApiOperation({
    summary: 'Report what an agent sees',
    description:
      'HTTP Basic authentication: user name = the project id, password = one of its agent API keys. Every ' +
      "section is optional and every report is the agent's heartbeat. Hosts are keyed by hostname:port and get " +
      "a stable id on first sight; `disks` replaces the host's partitions; `processes` (automation agents only) " +
      'replaces what this agent reported before. Events derived: NEW_AGENT, *_AGENT_UP, MONITORING/BACKUP ' +
      '_AGENT_VERSION_BEHIND/_CURRENT (against AGENT_CURRENT_VERSION), NEW_HOST, HOST_DOWN, HOST_UP; ' +
      '*_AGENT_DOWN and HOST_DOWN also come from silence longer than AGENT_DOWN_AFTER_SECONDS. A refused ' +
      'report stores nothing.',
  })
  @ApiParam({ name: 'groupId', description: 'Project (group) id; also the Basic user name.', example: GROUP })
  @ApiBody({
    type: AgentReportRequest,
    examples: AGENT_REPORT_EXAMPLES,
  })
  @ApiAcceptedResponse({ description: 'Stored; no body.' })
  @ApiErrorResponses(400, "Invalid report (the public API's error bodies, naming the field).", [
    CommonErrors.MISSING_ATTRIBUTE('agentType'),
    CommonErrors.INVALID_ENUM_VALUE('ROBOT', 'agentType'),
    CommonErrors.VALIDATION_ERROR(
      'hosts[0].measurements[0].timestamp',
      'it must lie within the last 14 days and not in the future',
    ),
    CommonErrors.INVALID_ATTRIBUTE('hosts[0].colour'),
  ])
  @ApiErrorResponses(401, 'Missing Basic credentials, or not a key of this project.', [
    invalidAgentApiKey(GROUP),
  ])
  @ApiErrorResponses(409, 'The report would take the project past MAX_HOSTS_PER_PROJECT; nothing is kept.', [
    AutomationErrors.MAX_HOSTS_PER_GROUP_EXCEEDED(1000, 999, 2),
  ])
  @ApiErrorResponses(
    503,
    'REPORT_QUEUE_LIMIT reports already wait to be written; nothing is kept. The Retry-After header gives the ' +
      'seconds to wait before sending it again.',
    [reportsBacklogged(32)],
  )
  async report(@Param('groupId') groupId: string, @Body() body: AgentReportRequest): Promise<void> {
    await this.ingest.ingest(groupId, body);
  }
}
