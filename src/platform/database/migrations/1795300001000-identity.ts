import { MigrationInterface, QueryRunner } from 'typeorm';

export class IdentitySchema1795300001000 implements MigrationInterface {
  name = 'IdentitySchema1795300001000';

  public async up(_queryRunner: QueryRunner): Promise<void> {
    // filled in by the identity context
  }

  public async down(_queryRunner: QueryRunner): Promise<void> {
    // filled in by the identity context
  }
}
