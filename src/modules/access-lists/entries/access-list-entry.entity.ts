import { Column, Entity, PrimaryGeneratedColumn, Unique, ValueTransformer } from 'typeorm';

// Whose list an entry is on: an API key's or a user's (the same kinds as Principal.kind).
export type ListOwnerKind = 'API_KEY' | 'USER';

const bigintAsNumber: ValueTransformer = {
  to: (value: unknown) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

// One IP address or CIDR block on an API key's or a user's access list. The product gives entries no
// id of their own: they are named by their address, so (owner, cidr_block) is unique and the
// identity key only orders entries in insertion order. cidr_block is always the canonical block
// (platform/net/cidr), a single address as /32 or /128.
@Entity({ name: 'access_list_entries' })
@Unique('access_list_entries_owner_cidr_key', ['ownerKind', 'ownerId', 'cidrBlock'])
export class AccessListEntryEntity {
  @PrimaryGeneratedColumn('identity', {
    type: 'bigint',
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'access_list_entries_pkey',
  })
  id!: string;

  @Column({ name: 'owner_kind', type: 'varchar', length: 16 })
  ownerKind!: ListOwnerKind;

  @Column({ name: 'owner_id', type: 'varchar', length: 24 })
  ownerId!: string;

  @Column({ name: 'cidr_block', type: 'varchar', length: 64 })
  cidrBlock!: string;

  // Set when the entry was added as a single address; null for a block.
  @Column({ name: 'ip_address', type: 'varchar', length: 45, nullable: true })
  ipAddress!: string | null;

  @Column({ type: 'varchar', length: 250, nullable: true })
  comment!: string | null;

  @Column({ type: 'bigint', default: 0, transformer: bigintAsNumber })
  count!: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  created!: Date;

  @Column({ name: 'last_used', type: 'timestamptz', nullable: true })
  lastUsed!: Date | null;

  @Column({ name: 'last_used_address', type: 'varchar', length: 45, nullable: true })
  lastUsedAddress!: string | null;
}
