import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { AgentLiveness, VersionState } from './agent-transitions';
import type { AgentType } from './agent-types';

// One agent of a project, known by its type and the host it runs on. The partial index is hand-written
// in the migration.
@Entity({ name: 'agents' })
@Index('agents_up_last_seen_idx', { synchronize: false })
@Check('agents_type_check', `agent_type IN ('AUTOMATION', 'MONITORING', 'BACKUP')`)
@Check('agents_state_check', `state IN ('UP', 'DOWN')`)
@Check('agents_version_state_check', `version_state IN ('CURRENT', 'BEHIND')`)
export class AgentEntity {
  @PrimaryColumn({ name: 'group_id', type: 'char', length: 24, primaryKeyConstraintName: 'agents_pkey' })
  groupId!: string;

  @PrimaryColumn({ name: 'agent_type', type: 'varchar', length: 16, primaryKeyConstraintName: 'agents_pkey' })
  agentType!: AgentType;

  @PrimaryColumn({ type: 'varchar', length: 255, primaryKeyConstraintName: 'agents_pkey' })
  hostname!: string;

  @Column({ type: 'varchar', length: 64 })
  version!: string;

  @Column({ type: 'varchar', length: 8 })
  state!: AgentLiveness;

  @Column({ name: 'version_state', type: 'varchar', length: 8, nullable: true })
  versionState!: VersionState | null;

  @Column({ name: 'first_seen', type: 'timestamptz', precision: 3 })
  firstSeen!: Date;

  @Column({ name: 'last_seen', type: 'timestamptz', precision: 3 })
  lastSeen!: Date;
}
