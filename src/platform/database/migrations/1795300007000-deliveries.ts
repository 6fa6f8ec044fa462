import { MigrationInterface, QueryRunner } from 'typeorm';

// The deliveries context: the notification schedule of each open alert, and the durable delivery
// queue with every attempt. No foreign keys into other contexts (alerts, alert configurations).
export class DeliveriesSchema1795300007000 implements MigrationInterface {
  name = 'DeliveriesSchema1795300007000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE notification_schedules (
        alert_id char(24) NOT NULL,
        notification_index integer NOT NULL,
        group_id char(24) NOT NULL,
        alert_config_id char(24) NOT NULL,
        event_type_name varchar(100) NOT NULL,
        notification text NOT NULL,
        interval_min integer NOT NULL,
        next_due_at timestamptz(3) NOT NULL,
        notified_count integer NOT NULL DEFAULT 0,
        last_notified timestamptz(3),
        active boolean NOT NULL DEFAULT true,
        last_sweep varchar(36),
        created timestamptz(3) NOT NULL,
        updated timestamptz(3) NOT NULL,
        CONSTRAINT notification_schedules_pkey PRIMARY KEY (alert_id, notification_index)
      )
    `);
    await queryRunner.query(
      `CREATE INDEX notification_schedules_due_idx ON notification_schedules (next_due_at) WHERE active`,
    );
    await queryRunner.query(`
      CREATE TABLE deliveries (
        id char(24) NOT NULL,
        group_id char(24) NOT NULL,
        alert_id char(24) NOT NULL,
        alert_config_id char(24) NOT NULL,
        notification_index integer,
        notification_type_name varchar(32) NOT NULL,
        target_type varchar(32) NOT NULL,
        recipient text,
        target text,
        event_kind varchar(32) NOT NULL,
        alert jsonb NOT NULL,
        context jsonb NOT NULL DEFAULT '{}',
        status varchar(16) NOT NULL,
        attempt_count integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz(3),
        lease_owner varchar(36),
        lease_until timestamptz(3),
        last_status_code integer,
        last_error text,
        redelivery_of char(24),
        created timestamptz(3) NOT NULL,
        updated timestamptz(3) NOT NULL,
        completed timestamptz(3),
        CONSTRAINT deliveries_pkey PRIMARY KEY (id),
        CONSTRAINT deliveries_status_check CHECK (status IN ('PENDING', 'SUCCEEDED', 'FAILED')),
        CONSTRAINT deliveries_pending_is_due CHECK ((status = 'PENDING') = (next_attempt_at IS NOT NULL))
      )
    `);
    await queryRunner.query(
      `CREATE INDEX deliveries_due_idx ON deliveries (next_attempt_at, id) WHERE status = 'PENDING'`,
    );
    await queryRunner.query(
      `CREATE INDEX deliveries_group_created_idx ON deliveries (group_id, created DESC, id DESC)`,
    );
    await queryRunner.query(`CREATE INDEX deliveries_alert_idx ON deliveries (alert_id)`);
    await queryRunner.query(`
      CREATE TABLE delivery_attempts (
        delivery_id char(24) NOT NULL,
        attempt_number integer NOT NULL,
        started timestamptz(3) NOT NULL,
        outcome varchar(16) NOT NULL,
        status_code integer,
        error text,
        latency_ms integer NOT NULL,
        response text,
        next_attempt_at timestamptz(3),
        CONSTRAINT delivery_attempts_pkey PRIMARY KEY (delivery_id, attempt_number),
        CONSTRAINT delivery_attempts_outcome_check CHECK (outcome IN ('SUCCEEDED', 'RETRY', 'FAILED'))
      )
    `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE delivery_attempts`);
    await queryRunner.query(`DROP TABLE deliveries`);
    await queryRunner.query(`DROP TABLE notification_schedules`);
  }
}
