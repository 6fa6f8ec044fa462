import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

// What an automation agent last reported for one process (the product's automation status, processes[]).
@Entity({ name: 'automation_processes' })
@Index('automation_processes_agent_idx', ['groupId', 'agentHostname'])
export class AutomationProcessEntity {
  @PrimaryColumn({
    name: 'group_id',
    type: 'char',
    length: 24,
    primaryKeyConstraintName: 'automation_processes_pkey',
  })
  groupId!: string;

  @PrimaryColumn({ type: 'varchar', length: 255, primaryKeyConstraintName: 'automation_processes_pkey' })
  name!: string;

  @Column({ type: 'varchar', length: 255 })
  hostname!: string;

  @Column({ name: 'agent_hostname', type: 'varchar', length: 255 })
  agentHostname!: string;

  @Column({ name: 'last_goal_version_achieved', type: 'integer' })
  lastGoalVersionAchieved!: number;

  @Column({ type: 'text', array: true })
  plan!: string[];

  @Column({ name: 'error_code', type: 'integer' })
  errorCode!: number;

  @Column({ name: 'error_code_description', type: 'text' })
  errorCodeDescription!: string;

  @Column({ name: 'error_code_human_readable', type: 'text' })
  errorCodeHumanReadable!: string;

  @Column({ name: 'error_string', type: 'text' })
  errorString!: string;

  @Column({ type: 'timestamptz', precision: 3 })
  reported!: Date;
}
