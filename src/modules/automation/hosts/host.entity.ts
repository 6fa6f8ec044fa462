import { Check, Column, Entity, Index, PrimaryColumn, Unique, type ValueTransformer } from 'typeorm';

// Uptimes and sizes fit a double exactly far beyond any real value (2^53 ms is 285,000 years).
const bigintAsNumber: ValueTransformer = {
  to: (value: number | null) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

// A monitored process, keyed by hostname:port within its project; its id is given on first sight and
// kept when monitoring is stopped (`monitored` false) and started again. The partial indexes are
// hand-written in the migrations.
@Entity({ name: 'hosts' })
@Unique('hosts_group_hostname_port_key', ['groupId', 'hostname', 'port'])
@Index('hosts_group_cluster_idx', ['groupId', 'clusterId'])
@Index('hosts_up_last_reported_idx', { synchronize: false })
@Index('hosts_group_replica_set_idx', { synchronize: false })
@Index('hosts_group_cluster_name_idx', { synchronize: false })
@Check('hosts_port_check', `port BETWEEN 1 AND 65535`)
@Check('hosts_uptime_msec_check', `uptime_msec >= 0`)
@Check('hosts_data_sizes_check', `last_data_size_bytes >= 0 AND last_index_size_bytes >= 0`)
@Check('hosts_slave_delay_sec_check', `slave_delay_sec >= 0`)
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

  // Facts the monitoring agent reports (null until reported; a report without a fact keeps the last one).
  @Column({ type: 'varchar', length: 64, nullable: true })
  version!: string | null;

  @Column({ name: 'ip_address', type: 'varchar', length: 45, nullable: true })
  ipAddress!: string | null;

  @Column({ name: 'uptime_msec', type: 'bigint', nullable: true, transformer: bigintAsNumber })
  uptimeMsec!: number | null;

  @Column({ name: 'journaling_enabled', type: 'boolean', nullable: true })
  journalingEnabled!: boolean | null;

  @Column({ name: 'has_startup_warnings', type: 'boolean', nullable: true })
  hasStartupWarnings!: boolean | null;

  @Column({ name: 'low_ulimit', type: 'boolean', nullable: true })
  lowUlimit!: boolean | null;

  @Column({ name: 'last_data_size_bytes', type: 'bigint', nullable: true, transformer: bigintAsNumber })
  lastDataSizeBytes!: number | null;

  @Column({ name: 'last_index_size_bytes', type: 'bigint', nullable: true, transformer: bigintAsNumber })
  lastIndexSizeBytes!: number | null;

  @Column({ name: 'ssl_certificate_not_after', type: 'timestamptz', precision: 3, nullable: true })
  sslCertificateNotAfter!: Date | null;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  aliases!: string[];

  @Column({ name: 'hidden_secondary', type: 'boolean', nullable: true })
  hiddenSecondary!: boolean | null;

  @Column({ name: 'last_restart', type: 'timestamptz', precision: 3, nullable: true })
  lastRestart!: Date | null;

  @Column({ name: 'slave_delay_sec', type: 'integer', nullable: true })
  slaveDelaySec!: number | null;
}
