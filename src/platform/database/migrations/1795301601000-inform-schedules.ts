import { MigrationInterface, QueryRunner } from 'typeorm';

export class InformSchedules1795301601000 implements MigrationInterface {
  name = 'InformSchedules1795301601000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // alert.inform rows belong to informational alerts (closed from the start): each is sent once, at its
    // notification's delay, and then deactivated.
    await queryRunner.query(`
      ALTER TABLE notification_schedules
        ADD COLUMN event_kind varchar(32) NOT NULL DEFAULT 'alert.open',
        ADD CONSTRAINT notification_schedules_event_kind_check CHECK (event_kind IN ('alert.open', 'alert.inform'))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE notification_schedules
        DROP CONSTRAINT notification_schedules_event_kind_check,
        DROP COLUMN event_kind`);
  }
}
