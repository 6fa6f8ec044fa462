import { MigrationInterface, QueryRunner } from 'typeorm';

export class AutomationSchema1795300008000 implements MigrationInterface {
  name = 'AutomationSchema1795300008000';

  public async up(_queryRunner: QueryRunner): Promise<void> {
    // filled in by the automation work
  }

  public async down(_queryRunner: QueryRunner): Promise<void> {
    // filled in by the automation work
  }
}
