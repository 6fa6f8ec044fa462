import { call } from '../../support/digest-client';
import {
  bootstrapFirstUser,
  createOrg,
  createOrgApiKey,
  createUser,
  type BootstrapResult,
} from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';
import { auditEvents, countRows } from './audit-events';

// What a user's deletion does to keys: the first user's generated global key is that user's own and ends
// with it (its roles and access list too); organization keys belong to their organization and stay,
// whoever created them.
describe('DELETE /users/{userId} (the keys of the deleted user)', () => {
  let t: TestApp;
  let boot: BootstrapResult;

  beforeAll(async () => {
    t = await startTestApp();
    boot = await bootstrapFirstUser(t, { accessList: ['127.0.0.1'] });
  });

  afterAll(async () => {
    await t.close();
  });

  it("should end the first user's global key with that user and keep the organization keys it created", async () => {
    const org = await createOrg(t, boot.userCredentials);
    const orgKey = await createOrgApiKey(t, boot.userCredentials, org.id, ['ORG_OWNER']);
    const successor = await createUser(t, boot.globalKey, [{ roleName: 'GLOBAL_OWNER' }], 'successor');
    expect((await call('GET', `${t.apiUrl}/orgs`, { auth: boot.globalKey })).status).toBe(200);
    expect(
      await countRows(t, "SELECT 1 FROM access_list_entries WHERE owner_kind = 'API_KEY' AND owner_id = $1", [
        boot.globalKey.id,
      ]),
    ).toBe(1);

    const deleted = await call('DELETE', `${t.apiUrl}/users/${boot.user.id}`, {
      auth: successor.credentials,
    });

    expect(deleted.status).toBe(204);
    expect((await call('GET', `${t.apiUrl}/orgs`, { auth: boot.globalKey })).status).toBe(401);
    expect((await call('GET', `${t.apiUrl}/orgs`, { auth: boot.userCredentials })).status).toBe(401);
    expect((await call('GET', `${t.apiUrl}/orgs/${org.id}`, { auth: orgKey })).status).toBe(200);
    const globalKeys = await call('GET', `${t.apiUrl}/admin/apiKeys`, { auth: successor.credentials });
    expect(globalKeys.body.results.map((key: { id: string }) => key.id)).not.toContain(boot.globalKey.id);
    expect(await countRows(t, 'SELECT 1 FROM api_key_roles WHERE api_key_id = $1', [boot.globalKey.id])).toBe(
      0,
    );
    expect(
      await countRows(t, "SELECT 1 FROM access_list_entries WHERE owner_kind = 'API_KEY' AND owner_id = $1", [
        boot.globalKey.id,
      ]),
    ).toBe(0);
    const keyDeleted = (await auditEvents(t, 'API_KEY_DELETED')).filter(
      (event) => event.subject?.targetPublicKey === boot.globalKey.publicKey,
    );
    expect(keyDeleted).toEqual([
      expect.objectContaining({ raw: expect.objectContaining({ apiKeyId: boot.globalKey.id }) }),
    ]);
  });
});
