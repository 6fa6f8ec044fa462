import { randomBytes } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { Client } from 'pg';
import { DataSource, QueryFailedError } from 'typeorm';
import { createApp } from '../../src/app.setup';
import { loadConfig } from '../../src/platform/config/app-config';
import { call } from '../support/digest-client';
import { bootstrapFirstUser, uniqueName, type BootstrapResult } from '../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../support/test-app';

// The audit log cannot be rewritten by the service itself: every statement below goes
// through the application's own DataSource, the pool the request handlers use, and must be refused by a
// privilege check (42501), not merely by the events_append_only trigger, which the owner could drop.
let t: TestApp;
let boot: BootstrapResult;
let runtime: DataSource;

beforeAll(async () => {
  t = await startTestApp();
  boot = await bootstrapFirstUser(t);
  runtime = t.app.get(DataSource);
});

afterAll(async () => {
  await t.close();
});

async function sqlState(statement: string, through: DataSource = runtime): Promise<string | undefined> {
  try {
    await through.transaction((manager) => manager.query(statement));
  } catch (error) {
    if (error instanceof QueryFailedError) return (error.driverError as { code?: string }).code;
    throw error;
  }
  return undefined;
}

const INSUFFICIENT_PRIVILEGE = '42501';

describe('the service runtime database role', () => {
  it('should be the configured service role, neither the owner of events nor a superuser', async () => {
    const [row] = await runtime.query<
      Array<{ currentUser: string; superuser: boolean; ownsEvents: boolean }>
    >(
      `SELECT current_user AS "currentUser", r.rolsuper AS "superuser",
              pg_has_role(current_user, c.relowner, 'MEMBER') AS "ownsEvents"
       FROM pg_roles r, pg_class c WHERE r.rolname = current_user AND c.oid = 'events'::regclass`,
    );
    expect(row).toEqual({ currentUser: t.config.databaseServiceRole, superuser: false, ownsEvents: false });
  });

  it.each([
    ['UPDATE', `UPDATE events SET event_type_name = 'REWRITTEN'`],
    ['DELETE', 'DELETE FROM events'],
    ['TRUNCATE', 'TRUNCATE events'],
    ['DROP TRIGGER', 'DROP TRIGGER events_append_only ON events'],
    ['ALTER TABLE ... DISABLE TRIGGER', 'ALTER TABLE events DISABLE TRIGGER events_append_only'],
    ['ALTER TABLE ... OWNER TO', 'ALTER TABLE events OWNER TO CURRENT_USER'],
    ['DROP TABLE', 'DROP TABLE events'],
    ['DROP FUNCTION', 'DROP FUNCTION events_refuse_change()'],
    [
      'REPLACE FUNCTION',
      `CREATE OR REPLACE FUNCTION events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$`,
    ],
  ])('should refuse %s on events with a permission error', async (_name, statement) => {
    const before = await runtime.query<Array<{ n: number }>>('SELECT count(*)::int AS n FROM events');
    expect(await sqlState(statement)).toBe(INSUFFICIENT_PRIVILEGE);
    const after = await runtime.query<Array<{ n: number }>>('SELECT count(*)::int AS n FROM events');
    expect(after[0].n).toBe(before[0].n);
  });

  it('should keep the role after RESET ROLE, the connection-time setting', async () => {
    const roles = await runtime.transaction(async (manager) => {
      await manager.query('RESET ROLE');
      return await manager.query<Array<{ role: string }>>('SELECT current_user AS role');
    });
    expect(roles[0].role).toBe(t.config.databaseServiceRole);
  });

  it('should still record the event of a change made through the API', async () => {
    const name = uniqueName('append');
    const response = await call('POST', `${t.apiUrl}/orgs`, { auth: boot.globalKey, body: { name } });
    expect(response.status).toBe(200);
    const rows = await runtime.query<Array<{ event_type_name: string }>>(
      `SELECT event_type_name FROM events WHERE org_id = $1`,
      [response.body.id],
    );
    expect(rows.map((row) => row.event_type_name)).toContain('ORG_CREATED');
  });
});

// A deployment that set up its own login role (not the owner of events) connects with it directly; the
// service must then use it as it is rather than try to switch to a role it cannot reach.
describe('a DATABASE_URL user that cannot alter events', () => {
  const login = `dms_test_login_${randomBytes(4).toString('hex')}`;
  let owner: Client;
  let app: INestApplication | undefined;

  beforeAll(async () => {
    owner = new Client({ connectionString: t.databaseUrl });
    await owner.connect();
    await owner.query(`CREATE ROLE ${login} LOGIN PASSWORD 'login-secret'`);
    await owner.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${login}`);
    await owner.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${login}`);
    await owner.query(`REVOKE UPDATE, DELETE ON events FROM ${login}`);
  });

  afterAll(async () => {
    await app?.close();
    await owner.query(`DROP OWNED BY ${login}`);
    await owner.query(`DROP ROLE ${login}`);
    await owner.end();
  });

  it('should run as that user without switching role, and still be refused a rewrite of events', async () => {
    const url = new URL(t.databaseUrl);
    url.username = login;
    url.password = 'login-secret';
    const config = loadConfig({
      ...process.env,
      DATABASE_URL: url.toString(),
      LOG_LEVEL: 'warn',
      RUN_MIGRATIONS_ON_START: 'false',
    });
    expect(config.databaseServiceRole).toBe('dms_service');
    app = await createApp(config, url.toString());
    const dataSource = app.get(DataSource);
    const [row] = await dataSource.query<Array<{ role: string }>>('SELECT current_user AS role');
    expect(row.role).toBe(login);
    expect(await sqlState('DELETE FROM events', dataSource)).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await sqlState('DROP TRIGGER events_append_only ON events', dataSource)).toBe(
      INSUFFICIENT_PRIVILEGE,
    );
  });
});
