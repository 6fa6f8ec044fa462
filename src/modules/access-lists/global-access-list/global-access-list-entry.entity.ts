import { Column, Entity, PrimaryColumn, Unique } from 'typeorm';

// One entry of the global access list: the addresses global API keys may call from. Unlike a key's or a
// user's entries, the product gives these an id of their own (paths name the id, and PATCH may change
// the block), so the block is unique but not the key. cidr_block is canonical (platform/net/cidr).
@Entity({ name: 'global_access_list_entries' })
@Unique('global_access_list_entries_cidr_block_key', ['cidrBlock'])
export class GlobalAccessListEntryEntity {
  @PrimaryColumn({ type: 'char', length: 24, primaryKeyConstraintName: 'global_access_list_entries_pkey' })
  id!: string;

  @Column({ name: 'cidr_block', type: 'varchar', length: 64 })
  cidrBlock!: string;

  @Column({ type: 'varchar', length: 250 })
  description!: string;

  @Column({ type: 'timestamptz' })
  created!: Date;

  @Column({ type: 'timestamptz' })
  updated!: Date;
}
