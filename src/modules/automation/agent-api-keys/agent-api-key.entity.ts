import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

// A project agent API key. Only the SHA-256 of the key and its last four characters are kept.
@Entity({ name: 'agent_api_keys' })
@Index('agent_api_keys_group_idx', ['groupId'])
export class AgentApiKeyEntity {
  @PrimaryColumn({ type: 'char', length: 24, primaryKeyConstraintName: 'agent_api_keys_pkey' })
  id!: string;

  @Column({ name: 'group_id', type: 'char', length: 24 })
  groupId!: string;

  @Column({ type: 'varchar', length: 1000 })
  description!: string;

  @Column({ name: 'key_hash', type: 'char', length: 64 })
  keyHash!: string;

  @Column({ name: 'key_tail', type: 'varchar', length: 4 })
  keyTail!: string;

  @Column({ type: 'timestamptz', precision: 3 })
  created!: Date;

  @Column({ name: 'created_by', type: 'varchar', length: 16 })
  createdBy!: string;

  @Column({ name: 'created_user_id', type: 'varchar', length: 24, nullable: true })
  createdUserId!: string | null;

  @Column({ name: 'created_ip_addr', type: 'varchar', length: 64, nullable: true })
  createdIpAddr!: string | null;
}
