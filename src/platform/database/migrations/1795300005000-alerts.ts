import { MigrationInterface, QueryRunner } from 'typeorm';

// Alerts and maintenance windows of the alerting context. No foreign keys into other contexts
// (projects, alert configurations): ids are checked by the services that write them.
export class AlertsSchema1795300005000 implements MigrationInterface {
  name = 'AlertsSchema1795300005000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE alerts (
        id char(24) NOT NULL,
        group_id char(24) NOT NULL,
        alert_config_id char(24) NOT NULL,
        event_type_name varchar(100) NOT NULL,
        status varchar(16) NOT NULL,
        target_key text NOT NULL DEFAULT '',
        created timestamptz(3) NOT NULL,
        updated timestamptz(3) NOT NULL,
        last_notified timestamptz(3),
        resolved timestamptz(3),
        acknowledged_until timestamptz(3),
        acknowledgement_comment varchar(200),
        acknowledging_username text,
        current_value_number double precision,
        current_value_units varchar(16),
        metric_name varchar(100),
        host_id text,
        hostname_and_port text,
        replica_set_name text,
        cluster_id text,
        cluster_name text,
        source_type_name varchar(32),
        tags text[] NOT NULL DEFAULT '{}',
        human_readable text,
        CONSTRAINT alerts_pkey PRIMARY KEY (id),
        CONSTRAINT alerts_status_check CHECK (status IN ('TRACKING', 'OPEN', 'CLOSED', 'CANCELLED')),
        CONSTRAINT alerts_resolved_iff_closed CHECK ((resolved IS NOT NULL) = (status = 'CLOSED')),
        CONSTRAINT alerts_current_value_whole CHECK ((current_value_number IS NULL) = (current_value_units IS NULL)),
        CONSTRAINT alerts_acknowledgement_whole CHECK (
          acknowledged_until IS NOT NULL OR (acknowledging_username IS NULL AND acknowledgement_comment IS NULL)
        )
      )
    `);
    // The model's invariant, held by the database too: one TRACKING or OPEN alert per (configuration, target).
    await queryRunner.query(
      `CREATE UNIQUE INDEX alerts_one_active_per_target ON alerts (alert_config_id, target_key)
       WHERE status IN ('TRACKING', 'OPEN')`,
    );
    // Lists are newest first within a project, optionally by status, or within a configuration by status.
    await queryRunner.query(
      `CREATE INDEX alerts_group_created_idx ON alerts (group_id, created DESC, id DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX alerts_group_status_created_idx ON alerts (group_id, status, created DESC, id DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX alerts_config_status_created_idx ON alerts (alert_config_id, status, created DESC, id DESC)`,
    );

    await queryRunner.query(`
      CREATE TABLE maintenance_windows (
        id char(24) NOT NULL,
        group_id char(24) NOT NULL,
        start_date timestamptz(3) NOT NULL,
        end_date timestamptz(3) NOT NULL,
        alert_type_names text[] NOT NULL,
        description text,
        created timestamptz(3) NOT NULL,
        updated timestamptz(3) NOT NULL,
        CONSTRAINT maintenance_windows_pkey PRIMARY KEY (id),
        CONSTRAINT maintenance_windows_start_before_end CHECK (start_date < end_date),
        CONSTRAINT maintenance_windows_some_alert_type CHECK (cardinality(alert_type_names) > 0)
      )
    `);
    // Every read is "windows of a project ending after some instant".
    await queryRunner.query(
      `CREATE INDEX maintenance_windows_group_end_idx ON maintenance_windows (group_id, end_date)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE maintenance_windows`);
    await queryRunner.query(`DROP TABLE alerts`);
  }
}
