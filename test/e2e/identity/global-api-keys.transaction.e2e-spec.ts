import { Client } from 'pg';
import { call, type Credentials } from '../../support/digest-client';
import {
  expectUnexpectedError,
  installEventWriteFailure,
  whileEventWriteFails,
} from '../../support/event-write-failure';
import { bootstrapFirstUser } from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';

// No global key change without its audit event.
describe('POST /admin/apiKeys (transaction)', () => {
  let t: TestApp;
  let db: Client;
  let admin: Credentials;

  const count = async (sql: string, params: unknown[] = []) =>
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) AS q`, params)).rows[0].n;

  beforeAll(async () => {
    t = await startTestApp();
    admin = (await bootstrapFirstUser(t)).globalKey;
    db = new Client({ connectionString: t.databaseUrl });
    await db.connect();
    await installEventWriteFailure(db);
  });

  afterAll(async () => {
    await db.end();
    await t.close();
  });

  it('should keep no key and no role when API_KEY_CREATED cannot be written', async () => {
    const keys = await count('SELECT 1 FROM api_keys');
    const roles = await count('SELECT 1 FROM api_key_roles');

    const response = await whileEventWriteFails(db, 'API_KEY_CREATED', () =>
      call('POST', `${t.apiUrl}/admin/apiKeys`, {
        auth: admin,
        body: { desc: 'x', roles: ['GLOBAL_READ_ONLY'] },
      }),
    );

    expectUnexpectedError(response);
    expect(await count('SELECT 1 FROM api_keys')).toBe(keys);
    expect(await count('SELECT 1 FROM api_key_roles')).toBe(roles);
  });

  it('should keep the key when API_KEY_DELETED cannot be written', async () => {
    const created = await call('POST', `${t.apiUrl}/admin/apiKeys`, {
      auth: admin,
      body: { desc: 'kept', roles: ['GLOBAL_READ_ONLY'] },
    });
    expect(created.status).toBe(200);

    const response = await whileEventWriteFails(db, 'API_KEY_DELETED', () =>
      call('DELETE', `${t.apiUrl}/admin/apiKeys/${created.body.id}`, { auth: admin }),
    );

    expectUnexpectedError(response);
    expect((await call('GET', `${t.apiUrl}/admin/apiKeys/${created.body.id}`, { auth: admin })).status).toBe(
      200,
    );
  });
});
