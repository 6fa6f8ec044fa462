import { MigrationInterface, QueryRunner } from 'typeorm';

// The automation context: automation configuration and per-process status, project agent API keys,
// agents, hosts and their disks, and measurements. No foreign keys into other contexts (projects):
// ids are checked by the services that write them.
export class AutomationSchema1795300008000 implements MigrationInterface {
  name = 'AutomationSchema1795300008000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE automation_configs (
        group_id char(24) NOT NULL,
        version integer NOT NULL,
        document jsonb NOT NULL,
        updated timestamptz(3) NOT NULL,
        CONSTRAINT automation_configs_pkey PRIMARY KEY (group_id),
        CONSTRAINT automation_configs_version_check CHECK (version >= 0)
      )
    `);
    await queryRunner.query(`
      CREATE TABLE automation_processes (
        group_id char(24) NOT NULL,
        name varchar(255) NOT NULL,
        hostname varchar(255) NOT NULL,
        agent_hostname varchar(255) NOT NULL,
        last_goal_version_achieved integer NOT NULL,
        plan text[] NOT NULL,
        error_code integer NOT NULL,
        error_code_description text NOT NULL,
        error_code_human_readable text NOT NULL,
        error_string text NOT NULL,
        reported timestamptz(3) NOT NULL,
        CONSTRAINT automation_processes_pkey PRIMARY KEY (group_id, name)
      )
    `);
    // A report replaces the processes of the automation agent that sent it.
    await queryRunner.query(
      `CREATE INDEX automation_processes_agent_idx ON automation_processes (group_id, agent_hostname)`,
    );

    await queryRunner.query(`
      CREATE TABLE agent_api_keys (
        id char(24) NOT NULL,
        group_id char(24) NOT NULL,
        description varchar(1000) NOT NULL,
        key_hash char(64) NOT NULL,
        key_tail varchar(4) NOT NULL,
        created timestamptz(3) NOT NULL,
        created_by varchar(16) NOT NULL,
        created_user_id varchar(24),
        created_ip_addr varchar(64),
        CONSTRAINT agent_api_keys_pkey PRIMARY KEY (id)
      )
    `);
    await queryRunner.query(`CREATE INDEX agent_api_keys_group_idx ON agent_api_keys (group_id)`);

    await queryRunner.query(`
      CREATE TABLE agents (
        group_id char(24) NOT NULL,
        agent_type varchar(16) NOT NULL,
        hostname varchar(255) NOT NULL,
        version varchar(64) NOT NULL,
        state varchar(8) NOT NULL,
        version_state varchar(8),
        first_seen timestamptz(3) NOT NULL,
        last_seen timestamptz(3) NOT NULL,
        CONSTRAINT agents_pkey PRIMARY KEY (group_id, agent_type, hostname),
        CONSTRAINT agents_type_check CHECK (agent_type IN ('AUTOMATION', 'MONITORING', 'BACKUP')),
        CONSTRAINT agents_state_check CHECK (state IN ('UP', 'DOWN')),
        CONSTRAINT agents_version_state_check CHECK (version_state IN ('CURRENT', 'BEHIND'))
      )
    `);
    // The liveness sweep reads only agents still up, oldest heartbeat first.
    await queryRunner.query(`CREATE INDEX agents_up_last_seen_idx ON agents (last_seen) WHERE state = 'UP'`);

    await queryRunner.query(`
      CREATE TABLE hosts (
        id char(24) NOT NULL,
        group_id char(24) NOT NULL,
        hostname varchar(255) NOT NULL,
        port integer NOT NULL,
        type_name varchar(32) NOT NULL,
        replica_set_name varchar(255),
        cluster_name varchar(255),
        cluster_id char(24),
        up boolean NOT NULL,
        monitored boolean NOT NULL,
        alerts_enabled boolean NOT NULL,
        logs_enabled boolean NOT NULL,
        profiler_enabled boolean NOT NULL,
        ssl_enabled boolean NOT NULL,
        username varchar(255),
        auth_mechanism_name varchar(32),
        created timestamptz(3) NOT NULL,
        last_ping timestamptz(3),
        last_reported timestamptz(3),
        CONSTRAINT hosts_pkey PRIMARY KEY (id),
        CONSTRAINT hosts_group_hostname_port_key UNIQUE (group_id, hostname, port),
        CONSTRAINT hosts_port_check CHECK (port BETWEEN 1 AND 65535)
      )
    `);
    await queryRunner.query(`CREATE INDEX hosts_group_cluster_idx ON hosts (group_id, cluster_id)`);
    // The liveness sweep reads only monitored hosts still up.
    await queryRunner.query(
      `CREATE INDEX hosts_up_last_reported_idx ON hosts (last_reported) WHERE up AND monitored`,
    );

    await queryRunner.query(`
      CREATE TABLE host_disks (
        host_id char(24) NOT NULL,
        partition_name varchar(255) NOT NULL,
        group_id char(24) NOT NULL,
        first_seen timestamptz(3) NOT NULL,
        last_seen timestamptz(3) NOT NULL,
        CONSTRAINT host_disks_pkey PRIMARY KEY (host_id, partition_name)
      )
    `);

    // Raw data points, range-partitioned by day (UTC): partitions are created on demand by the
    // application and whole days are dropped once older than MEASUREMENT_RETENTION_DAYS.
    await queryRunner.query(`
      CREATE TABLE measurements (
        host_id char(24) NOT NULL,
        metric_name varchar(100) NOT NULL,
        ts timestamptz(3) NOT NULL,
        units varchar(32) NOT NULL,
        value double precision NOT NULL,
        CONSTRAINT measurements_pkey PRIMARY KEY (host_id, metric_name, ts)
      ) PARTITION BY RANGE (ts)
    `);
    // The newest value of every metric of every host, for the alert engine and quick reads.
    await queryRunner.query(`
      CREATE TABLE latest_measurements (
        host_id char(24) NOT NULL,
        metric_name varchar(100) NOT NULL,
        group_id char(24) NOT NULL,
        units varchar(32) NOT NULL,
        value double precision NOT NULL,
        ts timestamptz(3) NOT NULL,
        CONSTRAINT latest_measurements_pkey PRIMARY KEY (host_id, metric_name)
      )
    `);
    await queryRunner.query(`CREATE INDEX latest_measurements_group_idx ON latest_measurements (group_id)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE latest_measurements`);
    await queryRunner.query(`DROP TABLE measurements`);
    await queryRunner.query(`DROP TABLE host_disks`);
    await queryRunner.query(`DROP TABLE hosts`);
    await queryRunner.query(`DROP TABLE agents`);
    await queryRunner.query(`DROP TABLE agent_api_keys`);
    await queryRunner.query(`DROP TABLE automation_processes`);
    await queryRunner.query(`DROP TABLE automation_configs`);
  }
}
