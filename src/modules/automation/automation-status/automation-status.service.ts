import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { ReportProcessRequest } from '../agents/dto/report-process.request';
import { AutomationConfigService } from '../automation-config/automation-config.service';
import { ProjectScope } from '../../../platform/auth/project-scope';
import { AutomationProcessEntity } from './automation-process.entity';
import { replaceReportedProcesses, type ProcessRow } from './automation-processes.writer';
import type {
  AutomationProcessStatusResponse,
  AutomationStatusResponse,
} from './dto/automation-status.response';

// GET /groups/{groupId}/automationStatus: the goal version and, per process, what its automation agent last
// reported.
@Injectable()
export class AutomationStatusService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly scope: ProjectScope,
    private readonly configs: AutomationConfigService,
  ) {}

  async get(groupId: string): Promise<AutomationStatusResponse> {
    await this.scope.orgOf(groupId);
    const processes = await this.txHost.tx
      .getRepository(AutomationProcessEntity)
      .find({ where: { groupId }, order: { name: 'ASC' } });
    return {
      goalVersion: await this.configs.goalVersion(groupId),
      processes: processes.map(toProcessResponse),
    };
  }

  // Inside the report's transaction: the processes an automation agent reports replace those it reported
  // before (two statements whatever their number).
  async replaceReported(
    groupId: string,
    agentHostname: string,
    processes: ReportProcessRequest[],
    now: Date,
  ): Promise<void> {
    await replaceReportedProcesses(this.txHost.tx, groupId, agentHostname, processes.map(toProcessRow), now);
  }
}

// The product's rule: errorCode 0 and empty strings when there is no error, whatever else the agent sent.
function toProcessRow(process: ReportProcessRequest): ProcessRow {
  const errorCode = process.errorCode ?? 0;
  const text = (value: string | undefined) => (errorCode === 0 ? '' : (value ?? ''));
  return {
    name: process.name,
    hostname: process.hostname,
    last_goal_version_achieved: process.lastGoalVersionAchieved,
    plan: process.plan ?? [],
    error_code: errorCode,
    error_code_description: text(process.errorCodeDescription),
    error_code_human_readable: text(process.errorCodeHumanReadable),
    error_string: text(process.errorString),
  };
}

function toProcessResponse(process: AutomationProcessEntity): AutomationProcessStatusResponse {
  return {
    errorCode: process.errorCode,
    errorCodeDescription: process.errorCodeDescription,
    errorCodeHumanReadable: process.errorCodeHumanReadable,
    errorString: process.errorString,
    hostname: process.hostname,
    lastGoalVersionAchieved: process.lastGoalVersionAchieved,
    name: process.name,
    plan: process.plan,
  };
}
