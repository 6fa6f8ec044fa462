import { Column, Entity, PrimaryColumn } from 'typeorm';

// A project's notification grouping policy (beyond the product): which alert fields make a group, and
// how long to wait before the first, the next and a repeated message of a group. No row: no grouping.
@Entity({ name: 'alert_grouping_policies' })
export class AlertGroupingPolicyEntity {
  @PrimaryColumn({ name: 'group_id', type: 'char', length: 24 })
  groupId!: string;

  // Subset of GROUP_BY_KEYS, in the order given; empty: no grouping.
  @Column({ name: 'group_by', type: 'varchar', length: 16, array: true })
  groupBy!: string[];

  @Column({ name: 'group_wait_seconds', type: 'integer' })
  groupWaitSeconds!: number;

  @Column({ name: 'group_interval_seconds', type: 'integer' })
  groupIntervalSeconds!: number;

  // null: each group repeats every intervalMin of the notifications it holds (the shortest).
  @Column({ name: 'repeat_interval_minutes', type: 'integer', nullable: true })
  repeatIntervalMinutes!: number | null;

  @Column({ type: 'timestamptz', precision: 3 })
  created!: Date;

  @Column({ type: 'timestamptz', precision: 3 })
  updated!: Date;
}
