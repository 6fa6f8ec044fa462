import { MigrationInterface, QueryRunner } from 'typeorm';

export class NotificationGrouping1795302900000 implements MigrationInterface {
  name = 'NotificationGrouping1795302900000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // A project's grouping policy (beyond the product); no row: one message per alert and receiver.
    await queryRunner.query(`
      CREATE TABLE alert_grouping_policies (
        group_id char(24) PRIMARY KEY,
        group_by varchar(16)[] NOT NULL,
        group_wait_seconds integer NOT NULL,
        group_interval_seconds integer NOT NULL,
        repeat_interval_minutes integer,
        created timestamptz(3) NOT NULL,
        updated timestamptz(3) NOT NULL)`);
    // One group of alerts sharing a receiver and the policy's group keys, from its first alert until its
    // last has ended and been told. Its id is the incident key receivers deduplicate on.
    await queryRunner.query(`
      CREATE TABLE notification_groups (
        id char(24) PRIMARY KEY,
        group_id char(24) NOT NULL,
        org_id char(24),
        group_key varchar(64) NOT NULL,
        labels jsonb NOT NULL,
        notification_type_name varchar(32) NOT NULL,
        target_type varchar(32) NOT NULL,
        recipient text,
        target text NOT NULL,
        group_interval_seconds integer NOT NULL,
        repeat_interval_minutes integer NOT NULL,
        next_flush_at timestamptz(3),
        last_sent_at timestamptz(3),
        messages_sent integer NOT NULL DEFAULT 0,
        created timestamptz(3) NOT NULL,
        updated timestamptz(3) NOT NULL,
        CONSTRAINT notification_groups_key_unique UNIQUE (group_id, group_key))`);
    await queryRunner.query(
      `CREATE INDEX notification_groups_due_idx ON notification_groups (next_flush_at) WHERE next_flush_at IS NOT NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE notification_group_members (
        notification_group_id char(24) NOT NULL,
        alert_id char(24) NOT NULL,
        alert_config_id char(24) NOT NULL,
        told boolean NOT NULL DEFAULT false,
        ended_kind varchar(16),
        ended_alert jsonb,
        joined timestamptz(3) NOT NULL,
        PRIMARY KEY (notification_group_id, alert_id))`);
    await queryRunner.query(
      `CREATE INDEX notification_group_members_alert_idx ON notification_group_members (alert_id)`,
    );
    // A group message in the delivery log: its group and the alerts it carried.
    await queryRunner.query(`
      ALTER TABLE deliveries
        ADD COLUMN notification_group_id char(24),
        ADD COLUMN alert_ids jsonb`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM deliveries WHERE notification_group_id IS NOT NULL`);
    await queryRunner.query(
      `ALTER TABLE deliveries DROP COLUMN alert_ids, DROP COLUMN notification_group_id`,
    );
    await queryRunner.query(`DROP TABLE notification_group_members`);
    await queryRunner.query(`DROP TABLE notification_groups`);
    await queryRunner.query(`DROP TABLE alert_grouping_policies`);
  }
}
