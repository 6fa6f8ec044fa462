import { MigrationInterface, QueryRunner } from 'typeorm';

export class ScopedMaintenanceWindows1795301700000 implements MigrationInterface {
  name = 'ScopedMaintenanceWindows1795301700000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // A scoped maintenance window silences only the hosts or replica sets its matchers match; existing
    // windows keep silencing the whole project.
    await queryRunner.query(
      `ALTER TABLE maintenance_windows ADD COLUMN matchers jsonb NOT NULL DEFAULT '[]'`,
    );
    await queryRunner.query(
      `ALTER TABLE maintenance_windows ADD CONSTRAINT maintenance_windows_matchers_array
         CHECK (jsonb_typeof(matchers) = 'array')`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE maintenance_windows DROP COLUMN matchers`);
  }
}
