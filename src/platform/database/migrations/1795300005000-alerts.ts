import { MigrationInterface, QueryRunner } from 'typeorm';

export class AlertsSchema1795300005000 implements MigrationInterface {
  name = 'AlertsSchema1795300005000';

  public async up(_queryRunner: QueryRunner): Promise<void> {
    // filled in by the alerts work
  }

  public async down(_queryRunner: QueryRunner): Promise<void> {
    // filled in by the alerts work
  }
}
