import { MigrationInterface, QueryRunner } from 'typeorm';

export class IntegrationsSchema1795300006000 implements MigrationInterface {
  name = 'IntegrationsSchema1795300006000';

  public async up(_queryRunner: QueryRunner): Promise<void> {
    // filled in by the integrations work
  }

  public async down(_queryRunner: QueryRunner): Promise<void> {
    // filled in by the integrations work
  }
}
