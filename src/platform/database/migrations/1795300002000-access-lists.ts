import { MigrationInterface, QueryRunner } from 'typeorm';

export class AccessListsSchema1795300002000 implements MigrationInterface {
  name = 'AccessListsSchema1795300002000';

  public async up(_queryRunner: QueryRunner): Promise<void> {
    // filled in by the access-lists context
  }

  public async down(_queryRunner: QueryRunner): Promise<void> {
    // filled in by the access-lists context
  }
}
