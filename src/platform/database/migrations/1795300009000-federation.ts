import { MigrationInterface, QueryRunner } from 'typeorm';

export class FederationSchema1795300009000 implements MigrationInterface {
  name = 'FederationSchema1795300009000';

  public async up(_queryRunner: QueryRunner): Promise<void> {
    // filled in by the federation work
  }

  public async down(_queryRunner: QueryRunner): Promise<void> {
    // filled in by the federation work
  }
}
