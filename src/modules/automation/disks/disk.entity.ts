import { Column, Entity, PrimaryColumn } from 'typeorm';

// A disk partition of a host, as its agents last reported it (the product's disk partition).
@Entity({ name: 'host_disks' })
export class DiskEntity {
  @PrimaryColumn({ name: 'host_id', type: 'char', length: 24, primaryKeyConstraintName: 'host_disks_pkey' })
  hostId!: string;

  @PrimaryColumn({
    name: 'partition_name',
    type: 'varchar',
    length: 255,
    primaryKeyConstraintName: 'host_disks_pkey',
  })
  partitionName!: string;

  @Column({ name: 'group_id', type: 'char', length: 24 })
  groupId!: string;

  @Column({ name: 'first_seen', type: 'timestamptz', precision: 3 })
  firstSeen!: Date;

  @Column({ name: 'last_seen', type: 'timestamptz', precision: 3 })
  lastSeen!: Date;
}
