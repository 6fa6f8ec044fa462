import { MigrationInterface, QueryRunner } from 'typeorm';

export class AlertConfigsSchema1795300004000 implements MigrationInterface {
  name = 'AlertConfigsSchema1795300004000';

  public async up(_queryRunner: QueryRunner): Promise<void> {
    // filled in by the alert-configs work
  }

  public async down(_queryRunner: QueryRunner): Promise<void> {
    // filled in by the alert-configs work
  }
}
