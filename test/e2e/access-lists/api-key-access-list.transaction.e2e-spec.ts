import { Client } from 'pg';
import { call } from '../../support/digest-client';
import { expectUnexpectedError } from '../../support/event-write-failure';
import { createOrgApiKey, type ApiKeyCredentials } from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';
import { addToKeyList, keyListUrl, setUpOrg, type OrgFixture } from './access-lists.fixture';

// An access-list change and its audit event commit together or not at all: the event insert is
// made to fail (a trigger) after the change was written in the same transaction.
let t: TestApp;
let db: Client;
let f: OrgFixture;
let key: ApiKeyCredentials;

beforeAll(async () => {
  t = await startTestApp();
  f = await setUpOrg(t);
  key = await createOrgApiKey(t, f.boot.globalKey, f.org.id, ['ORG_MEMBER']);
  await addToKeyList(t, f.owner, f.org.id, key.id, [{ ipAddress: '192.0.2.1' }]);
  db = new Client({ connectionString: t.databaseUrl });
  await db.connect();
  await db.query(`
    CREATE FUNCTION test_fail_access_list_event() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.event_type_name LIKE 'API_KEY_ACCESS_LIST_ENTRY_%' THEN
        RAISE EXCEPTION 'injected failure writing %', NEW.event_type_name;
      END IF;
      RETURN NEW;
    END $$`);
  await db.query(
    'CREATE TRIGGER test_fail_access_list_event BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION test_fail_access_list_event()',
  );
});

afterAll(async () => {
  await db.end();
  await t.close();
});

async function entries(): Promise<string[]> {
  const result = await db.query<{ cidr_block: string }>(
    'SELECT cidr_block FROM access_list_entries WHERE owner_id = $1',
    [key.id],
  );
  return result.rows.map((row) => row.cidr_block);
}

describe('POST /orgs/{orgId}/apiKeys/{apiKeyId}/accessList (audit write fails)', () => {
  it('should answer 500 and add nothing when the API_KEY_ACCESS_LIST_ENTRY_ADDED write fails', async () => {
    const response = await call('POST', keyListUrl(t, f.org.id, key.id), {
      auth: f.owner,
      body: [{ ipAddress: '192.0.2.2' }],
    });
    expectUnexpectedError(response);
    expect(await entries()).toEqual(['192.0.2.1/32']);
  });
});

describe('DELETE /orgs/{orgId}/apiKeys/{apiKeyId}/accessList/{accessListEntry} (audit write fails)', () => {
  it('should answer 500 and keep the entry when the API_KEY_ACCESS_LIST_ENTRY_DELETED write fails', async () => {
    const response = await call('DELETE', keyListUrl(t, f.org.id, key.id, '192.0.2.1'), { auth: f.owner });
    expectUnexpectedError(response);
    expect(await entries()).toEqual(['192.0.2.1/32']);
  });
});
