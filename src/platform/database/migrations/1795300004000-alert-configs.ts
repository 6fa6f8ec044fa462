import { MigrationInterface, QueryRunner } from 'typeorm';

// Alert configurations of the alerting context. No foreign key to projects (another context's table):
// the service checks the project. Notification secrets are stored sealed inside the jsonb array.
export class AlertConfigsSchema1795300004000 implements MigrationInterface {
  name = 'AlertConfigsSchema1795300004000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE alert_configs (
        id char(24) NOT NULL,
        group_id char(24) NOT NULL,
        event_type_name varchar(100) NOT NULL,
        enabled boolean NOT NULL,
        matchers jsonb NOT NULL DEFAULT '[]',
        metric_threshold jsonb,
        threshold jsonb,
        notifications jsonb NOT NULL,
        created timestamptz(3) NOT NULL,
        updated timestamptz(3) NOT NULL,
        seq bigint GENERATED ALWAYS AS IDENTITY,
        CONSTRAINT alert_configs_pkey PRIMARY KEY (id),
        CONSTRAINT alert_configs_matchers_array CHECK (jsonb_typeof(matchers) = 'array'),
        CONSTRAINT alert_configs_notifications_array CHECK (
          jsonb_typeof(notifications) = 'array' AND jsonb_array_length(notifications) > 0
        )
      )`);
    await queryRunner.query(`CREATE INDEX alert_configs_group_seq_idx ON alert_configs (group_id, seq)`);
    // The alert engine reads the enabled configurations of a project.
    await queryRunner.query(
      `CREATE INDEX alert_configs_group_enabled_idx ON alert_configs (group_id, event_type_name) WHERE enabled`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE alert_configs`);
  }
}
