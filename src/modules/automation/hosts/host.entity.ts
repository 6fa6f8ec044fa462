import { Check, Column, Entity, Index, PrimaryColumn, Unique } from 'typeorm';

// A monitored process, keyed by hostname:port within its project; its id is given on first sight and
// kept when monitoring is stopped (`monitored` false) and started again. The partial index is
// hand-written in the migration.
@Entity({ name: 'hosts' })
@Unique('hosts_group_hostname_port_key', ['groupId', 'hostname', 'port'])
@Index('hosts_group_cluster_idx', ['groupId', 'clusterId'])
@Index('hosts_up_last_reported_idx', { synchronize: false })
@Check('hosts_port_check', `port BETWEEN 1 AND 65535`)
export class HostEntity {
  @PrimaryColumn({ type: 'char', length: 24, primaryKeyConstraintName: 'hosts_pkey' })
  id!: string;

  @Column({ name: 'group_id', type: 'char', length: 24 })
  groupId!: string;

  @Column({ type: 'varchar', length: 255 })
  hostname!: string;

  @Column({ type: 'integer' })
  port!: number;

  @Column({ name: 'type_name', type: 'varchar', length: 32 })
  typeName!: string;

  @Column({ name: 'replica_set_name', type: 'varchar', length: 255, nullable: true })
  replicaSetName!: string | null;

  @Column({ name: 'cluster_name', type: 'varchar', length: 255, nullable: true })
  clusterName!: string | null;

  @Column({ name: 'cluster_id', type: 'char', length: 24, nullable: true })
  clusterId!: string | null;

  @Column({ type: 'boolean' })
  up!: boolean;

  @Column({ type: 'boolean' })
  monitored!: boolean;

  @Column({ name: 'alerts_enabled', type: 'boolean' })
  alertsEnabled!: boolean;

  @Column({ name: 'logs_enabled', type: 'boolean' })
  logsEnabled!: boolean;

  @Column({ name: 'profiler_enabled', type: 'boolean' })
  profilerEnabled!: boolean;

  @Column({ name: 'ssl_enabled', type: 'boolean' })
  sslEnabled!: boolean;

  @Column({ type: 'varchar', length: 255, nullable: true })
  username!: string | null;

  @Column({ name: 'auth_mechanism_name', type: 'varchar', length: 32, nullable: true })
  authMechanismName!: string | null;

  @Column({ type: 'timestamptz', precision: 3 })
  created!: Date;

  @Column({ name: 'last_ping', type: 'timestamptz', precision: 3, nullable: true })
  lastPing!: Date | null;

  @Column({ name: 'last_reported', type: 'timestamptz', precision: 3, nullable: true })
  lastReported!: Date | null;
}
