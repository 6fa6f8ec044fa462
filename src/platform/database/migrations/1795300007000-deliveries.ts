import { MigrationInterface, QueryRunner } from 'typeorm';

export class DeliveriesSchema1795300007000 implements MigrationInterface {
  name = 'DeliveriesSchema1795300007000';

  public async up(_queryRunner: QueryRunner): Promise<void> {
    // filled in by the deliveries work
  }

  public async down(_queryRunner: QueryRunner): Promise<void> {
    // filled in by the deliveries work
  }
}
