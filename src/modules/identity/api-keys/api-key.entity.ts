import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

// A programmatic API key. Only the Digest HA1 hashes and the last 12 characters of the private key
// (for the masked display) are kept, the HA1 values sealed with the SecretBox (an HA1 alone signs
// requests). orgId is null for the global key made at bootstrap.
@Entity({ name: 'api_keys' })
@Index('api_keys_public_key_key', ['publicKey'], { unique: true })
@Index('api_keys_org_id_idx', ['orgId'])
@Index('api_keys_owner_user_id_idx', ['ownerUserId'])
export class ApiKeyEntity {
  @PrimaryColumn({ type: 'varchar', length: 24, primaryKeyConstraintName: 'api_keys_pkey' })
  id!: string;

  @Column({ name: 'public_key', type: 'text' })
  publicKey!: string;

  @Column({ type: 'varchar', length: 250 })
  description!: string;

  @Column({ name: 'org_id', type: 'varchar', length: 24, nullable: true })
  orgId!: string | null;

  // The user the key belongs to and ends with: the first user, for the global key made with it. Null
  // for organization keys, which belong to their organization whoever created them.
  @Column({ name: 'owner_user_id', type: 'varchar', length: 24, nullable: true })
  ownerUserId!: string | null;

  @Column({ name: 'ha1_md5', type: 'text' })
  ha1Md5!: string;

  @Column({ name: 'ha1_sha256', type: 'text' })
  ha1Sha256!: string;

  @Column({ name: 'private_key_tail', type: 'varchar', length: 12 })
  privateKeyTail!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
