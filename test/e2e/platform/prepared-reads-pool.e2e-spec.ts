import { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { PreparedReads, typeormPool } from '../../../src/platform/database/prepared-reads';
import { OrganizationEntity } from '../../../src/modules/identity/organizations/organization.entity';
import { bootstrapFirstUser, createOrg } from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';

// PreparedReads reaches into TypeORM for its pg Pool (driver.master, not public API). After a TypeORM
// upgrade that moves it, these tests fail by name instead of the hot reads quietly losing their named
// statements.
describe('GET /groups/{groupId}/alerts/{alertId} (its prepared read runs on the pool TypeORM owns)', () => {
  let t: TestApp;
  let dataSource: DataSource;
  let orgId: string;

  beforeAll(async () => {
    t = await startTestApp();
    dataSource = t.app.get(DataSource);
    const { globalKey } = await bootstrapFirstUser(t);
    orgId = (await createOrg(t, globalKey, 'prepared-reads-org')).id;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('should find a pg Pool where TypeORM keeps it', () => {
    expect(typeormPool(dataSource)).toBeInstanceOf(Pool);
  });

  it('should find the very pool TypeORM takes its connections from', async () => {
    const pool = typeormPool(dataSource);
    const connect = jest.spyOn(pool, 'connect');
    try {
      const runner = dataSource.createQueryRunner();
      await runner.connect();
      await runner.release();
      expect(connect).toHaveBeenCalled();
    } finally {
      connect.mockRestore();
    }
  });

  it('should run a read outside a transaction as a named statement on that pool, hydrated like a find', async () => {
    const reads = t.app.get(PreparedReads);
    const byId = reads.define(OrganizationEntity, 'WHERE id = $1');
    const pool = typeormPool(dataSource);
    const query = jest.spyOn(pool, 'query');
    let rows: OrganizationEntity[];
    let name: string;
    try {
      rows = await byId([orgId]);
      expect(query).toHaveBeenCalledTimes(1);
      expect(query.mock.calls[0][0]).toMatchObject({ name: expect.stringMatching(/^dms_[0-9a-f]{16}$/) });
      name = (query.mock.calls[0][0] as unknown as { name: string }).name;
    } finally {
      query.mockRestore();
    }
    expect(rows).toEqual([await dataSource.getRepository(OrganizationEntity).findOneByOrFail({ id: orgId })]);
    expect(rows[0]).toBeInstanceOf(OrganizationEntity);

    // Postgres itself holds the statement under that name on one of the pool's connections.
    const idle = pool.idleCount;
    const clients = await Promise.all(Array.from({ length: idle }, () => pool.connect()));
    try {
      const holders = await Promise.all(
        clients.map(async (client) => {
          const found = await client.query('SELECT 1 FROM pg_prepared_statements WHERE name = $1', [name]);
          return found.rowCount ?? 0;
        }),
      );
      expect(holders.reduce((sum, count) => sum + count, 0)).toBe(1);
    } finally {
      for (const client of clients) client.release();
    }
  });
});
