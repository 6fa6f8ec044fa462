import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

// The newest value of each metric of each host. The data points themselves live in the partitioned
// `measurements` table, written and read with SQL only (measurement.store.ts).
@Entity({ name: 'latest_measurements' })
@Index('latest_measurements_group_idx', ['groupId'])
export class LatestMeasurementEntity {
  @PrimaryColumn({
    name: 'host_id',
    type: 'char',
    length: 24,
    primaryKeyConstraintName: 'latest_measurements_pkey',
  })
  hostId!: string;

  @PrimaryColumn({
    name: 'metric_name',
    type: 'varchar',
    length: 100,
    primaryKeyConstraintName: 'latest_measurements_pkey',
  })
  metricName!: string;

  @Column({ name: 'group_id', type: 'char', length: 24 })
  groupId!: string;

  @Column({ type: 'varchar', length: 32 })
  units!: string;

  @Column({ type: 'double precision' })
  value!: number;

  @Column({ type: 'timestamptz', precision: 3 })
  ts!: Date;
}
