import { MigrationInterface, QueryRunner } from 'typeorm';

export class SuppressedDeliveries1795302300000 implements MigrationInterface {
  name = 'SuppressedDeliveries1795302300000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // A notification held back because the alert's host is down (or no monitoring agent watches it) is
    // logged as a SUPPRESSED delivery naming the alert that inhibits it; it is never sent.
    await queryRunner.query(`
      ALTER TABLE deliveries
        DROP CONSTRAINT deliveries_status_check,
        ADD CONSTRAINT deliveries_status_check CHECK (status IN ('PENDING', 'SUCCEEDED', 'FAILED', 'SUPPRESSED')),
        ADD COLUMN suppressed_by char(24),
        ADD COLUMN suppression_reason text,
        ADD CONSTRAINT deliveries_suppressed_names_inhibitor CHECK ((status = 'SUPPRESSED') = (suppressed_by IS NOT NULL))`);
    // The inhibiting alert a schedule's suppressed delivery was logged for, so a notification held back
    // sweep after sweep is logged once per inhibition.
    await queryRunner.query(`ALTER TABLE notification_schedules ADD COLUMN inhibited_by char(24)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE notification_schedules DROP COLUMN inhibited_by`);
    await queryRunner.query(`DELETE FROM deliveries WHERE status = 'SUPPRESSED'`);
    await queryRunner.query(`
      ALTER TABLE deliveries
        DROP CONSTRAINT deliveries_suppressed_names_inhibitor,
        DROP COLUMN suppression_reason,
        DROP COLUMN suppressed_by,
        DROP CONSTRAINT deliveries_status_check,
        ADD CONSTRAINT deliveries_status_check CHECK (status IN ('PENDING', 'SUCCEEDED', 'FAILED'))`);
  }
}
