import { MigrationInterface, QueryRunner } from 'typeorm';

export class RecurringMaintenanceWindows1795302740000 implements MigrationInterface {
  name = 'RecurringMaintenanceWindows1795302740000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // A recurring window silences only during its occurrences and may recur without an end date; a window
    // may name the alert configurations it silences. Existing windows stay one-off over every configuration.
    await queryRunner.query(`ALTER TABLE maintenance_windows ADD COLUMN recurrence jsonb`);
    await queryRunner.query(
      `ALTER TABLE maintenance_windows ADD COLUMN alert_config_ids text[] NOT NULL DEFAULT '{}'`,
    );
    await queryRunner.query(`ALTER TABLE maintenance_windows ALTER COLUMN end_date DROP NOT NULL`);
    await queryRunner.query(
      `ALTER TABLE maintenance_windows ADD CONSTRAINT maintenance_windows_recurrence_object
         CHECK (recurrence IS NULL OR jsonb_typeof(recurrence) = 'object')`,
    );
    await queryRunner.query(
      `ALTER TABLE maintenance_windows ADD CONSTRAINT maintenance_windows_ends_or_recurs
         CHECK (end_date IS NOT NULL OR recurrence IS NOT NULL)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    // Windows recurring for good have no one-off form: they go.
    await queryRunner.query(`DELETE FROM maintenance_windows WHERE end_date IS NULL`);
    await queryRunner.query(
      `ALTER TABLE maintenance_windows DROP CONSTRAINT maintenance_windows_ends_or_recurs`,
    );
    await queryRunner.query(
      `ALTER TABLE maintenance_windows DROP CONSTRAINT maintenance_windows_recurrence_object`,
    );
    await queryRunner.query(`ALTER TABLE maintenance_windows ALTER COLUMN end_date SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE maintenance_windows DROP COLUMN alert_config_ids`);
    await queryRunner.query(`ALTER TABLE maintenance_windows DROP COLUMN recurrence`);
  }
}
