import { MigrationInterface, QueryRunner } from 'typeorm';

export class AuthSchema1795300003000 implements MigrationInterface {
  name = 'AuthSchema1795300003000';

  public async up(_queryRunner: QueryRunner): Promise<void> {
    // filled in by the auth context
  }

  public async down(_queryRunner: QueryRunner): Promise<void> {
    // filled in by the auth context
  }
}
