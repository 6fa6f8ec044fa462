import type { EntityManager } from 'typeorm';

// One reported process, in the columns of automation_processes.
export interface ProcessRow {
  name: string;
  hostname: string;
  last_goal_version_achieved: number;
  plan: string[];
  error_code: number;
  error_code_description: string;
  error_code_human_readable: string;
  error_string: string;
}

// The processes an automation agent reports replace those it reported before (two statements whatever
// their number).
export async function replaceReportedProcesses(
  tx: EntityManager,
  groupId: string,
  agentHostname: string,
  rows: ProcessRow[],
  now: Date,
): Promise<void> {
  await tx.query(
    `DELETE FROM automation_processes WHERE group_id = $1 AND agent_hostname = $2 AND NOT (name = ANY($3::varchar[]))`,
    [groupId, agentHostname, rows.map((row) => row.name)],
  );
  if (rows.length === 0) return;
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
    [groupId, agentHostname, now, JSON.stringify(rows)],
  );
}
