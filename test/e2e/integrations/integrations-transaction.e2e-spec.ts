import { Client } from 'pg';
import type { Credentials } from '../../support/digest-client';
import { expectUnexpectedError } from '../../support/event-write-failure';
import {
  bootstrapFirstUser,
  createOrg,
  createOrgApiKey,
  createProject,
} from '../../support/factories/identity.fixture';
import type { TestApp } from '../../support/test-app';
import {
  BODIES,
  OTHER_BODIES,
  REDACTED,
  configure,
  integrationsApi,
  startIntegrationsApp,
} from './integrations-fixture';

// No change without its audit event: a failure injected into the event insert, after the change, must
// leave the integrations as they were and answer the product's 500.
let t: TestApp;
let db: Client;
let owner: Credentials;
let api: ReturnType<typeof integrationsApi>;

beforeAll(async () => {
  t = await startIntegrationsApp();
  const boot = await bootstrapFirstUser(t);
  const org = await createOrg(t, boot.globalKey);
  owner = await createOrgApiKey(t, boot.globalKey, org.id, ['ORG_OWNER']);
  api = integrationsApi(t, (await createProject(t, boot.globalKey, org.id)).id);
  await configure(api, owner, 'PAGER_DUTY');
  db = new Client({ connectionString: t.databaseUrl });
  await db.connect();
  await db.query(`
    CREATE FUNCTION test_fail_integration_event() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.event_type_name LIKE 'INTEGRATION_%' THEN
        RAISE EXCEPTION 'injected failure writing %', NEW.event_type_name;
      END IF;
      RETURN NEW;
    END $$`);
  await db.query(
    'CREATE TRIGGER test_fail_integration_event BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION test_fail_integration_event()',
  );
});

afterAll(async () => {
  await db.end();
  await t.close();
});

describe('PUT /groups/{groupId}/integrations/{integrationType} (audit write fails; POST and DELETE alike)', () => {
  it('should keep the former configuration when the replacement cannot be audited', async () => {
    expectUnexpectedError(await api.replace(owner, 'PAGER_DUTY', OTHER_BODIES.PAGER_DUTY));
    expect((await api.get(owner, 'PAGER_DUTY')).body).toEqual(REDACTED.PAGER_DUTY);
  });

  it('should add nothing when the addition cannot be audited', async () => {
    expectUnexpectedError(await api.replace(owner, 'SLACK', BODIES.SLACK));
    expectUnexpectedError(await api.create(owner, 'WEBHOOK', BODIES.WEBHOOK));
    expect((await api.list(owner)).body.results).toEqual([REDACTED.PAGER_DUTY]);
  });

  it('should keep the configuration when its removal cannot be audited', async () => {
    expectUnexpectedError(await api.remove(owner, 'PAGER_DUTY'));
    expect((await api.get(owner, 'PAGER_DUTY')).status).toBe(200);
  });
});
