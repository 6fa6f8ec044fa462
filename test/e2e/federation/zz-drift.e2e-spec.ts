import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../../src/platform/database/data-source';
import { createTestDatabase } from '../../support/database';

describe('GET /drift', () => {
  it('should print drift', async () => {
    const db = await createTestDatabase();
    const ds = new DataSource(dataSourceOptions(db.url));
    await ds.initialize();
    const sql = await ds.driver.createSchemaBuilder().log();
    // eslint-disable-next-line no-console
    console.log('DRIFT>>' + ds.entityMetadatas.map((m) => m.tableName).join(',') + JSON.stringify(sql.upQueries.map((q) => q.query), null, 1));
    await ds.destroy();
    await db.drop();
  });
});
