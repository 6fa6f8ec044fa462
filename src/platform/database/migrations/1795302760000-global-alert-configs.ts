import { MigrationInterface, QueryRunner } from 'typeorm';

export class GlobalAlertConfigs1795302760000 implements MigrationInterface {
  name = 'GlobalAlertConfigs1795302760000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // Alert configurations that apply to every project (or to the projects they name, or carry the tags
    // they name). A deleted one stays as a row with `deleted` set, so the alerts it raised stay listed
    // under /globalAlerts; every other read skips it.
    await queryRunner.query(`
      CREATE TABLE global_alert_configs (
        id char(24) NOT NULL,
        event_type_name varchar(100) NOT NULL,
        enabled boolean NOT NULL,
        for_all_groups boolean NOT NULL,
        group_ids char(24)[] NOT NULL DEFAULT '{}',
        tags text[] NOT NULL DEFAULT '{}',
        matchers jsonb NOT NULL DEFAULT '[]',
        metric_threshold jsonb,
        threshold jsonb,
        notifications jsonb NOT NULL,
        created timestamptz(3) NOT NULL,
        updated timestamptz(3) NOT NULL,
        deleted timestamptz(3),
        seq bigint GENERATED ALWAYS AS IDENTITY,
        CONSTRAINT global_alert_configs_pkey PRIMARY KEY (id),
        CONSTRAINT global_alert_configs_matchers_array CHECK (jsonb_typeof(matchers) = 'array'),
        CONSTRAINT global_alert_configs_notifications_array CHECK (
          jsonb_typeof(notifications) = 'array' AND jsonb_array_length(notifications) > 0
        ),
        CONSTRAINT global_alert_configs_scope CHECK (for_all_groups OR cardinality(group_ids) > 0)
      )`);
    await queryRunner.query(`CREATE INDEX global_alert_configs_seq_idx ON global_alert_configs (seq)`);
    // One configuration now raises alerts in many projects, on targets whose keys (a replica set's name,
    // an agent's host) repeat between projects: one active alert per (project, configuration, target).
    await queryRunner.query(`DROP INDEX alerts_one_active_per_target`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX alerts_one_active_per_target ON alerts (group_id, alert_config_id, target_key)
       WHERE status IN ('TRACKING', 'OPEN')`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX alerts_one_active_per_target`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX alerts_one_active_per_target ON alerts (alert_config_id, target_key)
       WHERE status IN ('TRACKING', 'OPEN')`,
    );
    await queryRunner.query(`DROP TABLE global_alert_configs`);
  }
}
