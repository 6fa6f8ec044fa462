import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { ReportProcessRequest } from '../agents/dto/report-process.request';
import { AutomationConfigService } from '../automation-config/automation-config.service';
import { ProjectScope } from '../project-scope';
import { AutomationProcessEntity } from './automation-process.entity';
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
    const tx = this.txHost.tx;
    await tx.query(
      `DELETE FROM automation_processes WHERE group_id = $1 AND agent_hostname = $2 AND NOT (name = ANY($3::varchar[]))`,
      [groupId, agentHostname, processes.map((process) => process.name)],
    );
    if (processes.length === 0) return;
    await tx.query(
      `INSERT INTO automation_processes (group_id, name, hostname, agent_hostname, last_goal_version_achieved, plan,
         error_code, error_code_description, error_code_human_readable, error_string, reported)
       SELECT $1, r.name, r.hostname, $2, r.last_goal_version_achieved, r.plan, r.error_code,
         r.error_code_description, r.error_code_human_readable, r.error_string, $3
       FROM jsonb_to_recordset($4::jsonb) AS r(name varchar, hostname varchar, last_goal_version_achieved integer,
         plan text[], error_code integer, error_code_description text, error_code_human_readable text, error_string text)
       ON CONFLICT (group_id, name) DO UPDATE SET hostname = EXCLUDED.hostname, agent_hostname = EXCLUDED.agent_hostname,
         last_goal_version_achieved = EXCLUDED.last_goal_version_achieved, plan = EXCLUDED.plan,
         error_code = EXCLUDED.error_code, error_code_description = EXCLUDED.error_code_description,
         error_code_human_readable = EXCLUDED.error_code_human_readable, error_string = EXCLUDED.error_string,
         reported = EXCLUDED.reported`,
      [groupId, agentHostname, now, JSON.stringify(processes.map(toProcessRow))],
    );
  }
}

// The product's rule: errorCode 0 and empty strings when there is no error, whatever else the agent sent.
function toProcessRow(process: ReportProcessRequest): Record<string, unknown> {
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
