import { expectApiError } from '../../support/api-error';
import { call, type Credentials } from '../../support/digest-client';
import { eventually } from '../../support/eventually';
import {
  bootstrapFirstUser,
  createOrg,
  createOrgApiKey,
  type ApiKeyCredentials,
} from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';
import { auditEvents, countRows } from './audit-events';

const CALLER_ADDRESS = '127.0.0.1';
const OUTSIDE_BLOCK = '10.0.0.0/8';

interface KeyBody {
  id: string;
  desc: string;
  publicKey: string;
  privateKey: string;
  roles: Array<{ roleName: string }>;
}

// Global keys managed through the API: GLOBAL_OWNER only, under the rules of organization keys.
describe('POST /admin/apiKeys', () => {
  let t: TestApp;
  let admin: Credentials;
  let orgOwner: ApiKeyCredentials;
  let orgId: string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = (await bootstrapFirstUser(t)).globalKey;
    const org = await createOrg(t, admin, 'Org A');
    orgId = org.id;
    orgOwner = await createOrgApiKey(t, admin, org.id, ['ORG_OWNER'], 'owner A');
  });

  afterAll(async () => {
    await t.close();
  });

  const url = (path = '') => `${t.apiUrl}/admin/apiKeys${path}`;
  const credentialsOf = (key: KeyBody): ApiKeyCredentials => ({
    id: key.id,
    publicKey: key.publicKey,
    privateKey: key.privateKey,
  });
  const createKey = async (auth: Credentials, roles: string[], desc = 'global key'): Promise<KeyBody> => {
    const response = await call('POST', url(), { auth, body: { desc, roles } });
    expect(response.status).toBe(200);
    return response.body as KeyBody;
  };

  it('should create a key whose private key is shown once and works with Digest when a global owner asks', async () => {
    const created = await createKey(admin, ['GLOBAL_READ_ONLY'], 'reader');

    expect(created.roles).toEqual([{ roleName: 'GLOBAL_READ_ONLY' }]);
    expect(created.privateKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const fetched = await call('GET', url(`/${created.id}`), { auth: admin });
    expect(fetched.body.privateKey).toBe(`********-****-****-${created.privateKey.slice(-12)}`);
    const used = await call('GET', url(), { auth: credentialsOf(created) });
    expect(used.status).toBe(200);
    expect(used.body.results.map((key: KeyBody) => key.id)).toContain(created.id);
    const stored = await countRows(
      t,
      'SELECT 1 FROM api_keys WHERE id = $1 AND position($2 in row_to_json(api_keys)::text) > 0',
      [created.id, created.privateKey],
    );
    expect(stored).toBe(0);
    const audit = (await auditEvents(t, 'API_KEY_CREATED')).filter(
      (row) => row.subject?.targetPublicKey === created.publicKey,
    );
    expect(audit).toHaveLength(1);
  });

  it('should refuse a global read-only key, an organization owner and a monitoring admin when they create, update or delete', async () => {
    const reader = credentialsOf(await createKey(admin, ['GLOBAL_READ_ONLY']));
    const monitoring = credentialsOf(await createKey(admin, ['GLOBAL_MONITORING_ADMIN']));
    const target = await createKey(admin, ['GLOBAL_READ_ONLY'], 'target');
    for (const auth of [reader, monitoring, orgOwner]) {
      expectApiError(
        await call('POST', url(), { auth, body: { desc: 'x', roles: ['GLOBAL_READ_ONLY'] } }),
        401,
        'USER_UNAUTHORIZED',
      );
      expectApiError(
        await call('PATCH', url(`/${target.id}`), { auth, body: { desc: 'renamed' } }),
        401,
        'USER_UNAUTHORIZED',
      );
      expectApiError(await call('DELETE', url(`/${target.id}`), { auth }), 401, 'USER_UNAUTHORIZED');
    }
    expect((await call('GET', url(`/${target.id}`), { auth: admin })).body.desc).toBe('target');
  });

  it('should refuse a key changing its own roles when a global owner key asks for itself', async () => {
    const owner = await createKey(admin, ['GLOBAL_OWNER'], 'second owner');

    const response = await call('PATCH', url(`/${owner.id}`), {
      auth: credentialsOf(owner),
      body: { roles: ['GLOBAL_OWNER', 'GLOBAL_READ_ONLY'] },
    });

    expectApiError(response, 401, 'CANNOT_MODIFY_OWN_ROLES');
    expect((await call('GET', url(`/${owner.id}`), { auth: admin })).body.roles).toEqual([
      { roleName: 'GLOBAL_OWNER' },
    ]);
  });

  it('should refuse bad input naming the field and write nothing when desc or roles are wrong', async () => {
    const before = await countRows(t, 'SELECT 1 FROM api_keys WHERE org_id IS NULL');
    expectApiError(
      await call('POST', url(), { auth: admin, body: { roles: ['GLOBAL_READ_ONLY'] } }),
      400,
      'API_KEY_REQUIRES_DESCRIPTION',
    );
    expectApiError(
      await call('POST', url(), { auth: admin, body: { desc: 'x', roles: [] } }),
      400,
      'MISSING_ATTRIBUTE',
      ['roles'],
    );
    expectApiError(
      await call('POST', url(), { auth: admin, body: { desc: 'x', roles: ['ORG_OWNER'] } }),
      400,
      'INVALID_ENUM_VALUE',
    );
    expect(await countRows(t, 'SELECT 1 FROM api_keys WHERE org_id IS NULL')).toBe(before);
  });

  it('should change desc and roles with one audit event each when a global owner updates a key', async () => {
    const key = await createKey(admin, ['GLOBAL_READ_ONLY'], 'before');

    const response = await call('PATCH', url(`/${key.id}`), {
      auth: admin,
      body: { desc: 'after', roles: ['GLOBAL_MONITORING_ADMIN'] },
    });

    expect(response.status).toBe(200);
    expect(response.body).toEqual(
      expect.objectContaining({ desc: 'after', roles: [{ roleName: 'GLOBAL_MONITORING_ADMIN' }] }),
    );
    const mine = (name: string) =>
      auditEvents(t, name).then((rows) =>
        rows.filter((row) => row.subject?.targetPublicKey === key.publicKey),
      );
    expect(await mine('API_KEY_DESCRIPTION_CHANGED')).toHaveLength(1);
    expect(await mine('API_KEY_ROLES_CHANGED')).toHaveLength(1);
    // The new roles take effect: a monitoring admin cannot manage keys.
    await eventually('the new roles to apply', async () => {
      const attempt = await call('POST', url(), {
        auth: credentialsOf(key),
        body: { desc: 'x', roles: ['GLOBAL_READ_ONLY'] },
      });
      return attempt.status === 401 ? attempt : undefined;
    });
  });

  it('should answer API_KEY_NOT_FOUND for an organization key when it is named as a global one', async () => {
    expectApiError(
      await call('PATCH', url(`/${orgOwner.id}`), { auth: admin, body: { desc: 'x' } }),
      400,
      'API_KEY_NOT_FOUND',
    );
    expectApiError(await call('DELETE', url(`/${orgOwner.id}`), { auth: admin }), 400, 'API_KEY_NOT_FOUND');
    expect((await call('GET', `${t.apiUrl}/orgs/${orgId}`, { auth: orgOwner })).status).toBe(200);
  });

  it('should restrict a key by its access list and delete it with its list when a global owner asks', async () => {
    const key = await createKey(admin, ['GLOBAL_READ_ONLY'], 'restricted');
    const list = url(`/${key.id}/accessList`);

    const added = await call('POST', list, { auth: admin, body: [{ cidrBlock: OUTSIDE_BLOCK }] });

    expect(added.status).toBe(200);
    expect(added.body.results).toEqual([expect.objectContaining({ cidrBlock: OUTSIDE_BLOCK })]);
    expect(added.body.results[0].links).toEqual([
      { href: `${list}/${encodeURIComponent(OUTSIDE_BLOCK)}`, rel: 'self' },
    ]);
    const refused = await eventually('the access list to apply', async () => {
      const attempt = await call('GET', url(), { auth: credentialsOf(key) });
      return attempt.status === 403 ? attempt : undefined;
    });
    expectApiError(refused, 403, 'IP_ADDRESS_NOT_ON_ACCESS_LIST');
    expectApiError(
      await call('POST', list, { auth: orgOwner, body: [{ ipAddress: CALLER_ADDRESS }] }),
      401,
      'USER_UNAUTHORIZED',
    );

    expect((await call('DELETE', url(`/${key.id}`), { auth: admin })).status).toBe(204);

    expectApiError(await call('GET', url(`/${key.id}`), { auth: admin }), 400, 'API_KEY_NOT_FOUND');
    expect(await countRows(t, 'SELECT 1 FROM access_list_entries WHERE owner_id = $1', [key.id])).toBe(0);
    expect(await countRows(t, 'SELECT 1 FROM api_key_roles WHERE api_key_id = $1', [key.id])).toBe(0);
    const deleted = (await auditEvents(t, 'API_KEY_DELETED')).filter(
      (row) => row.subject?.targetPublicKey === key.publicKey,
    );
    expect(deleted).toHaveLength(1);
  });

  it('should fence the new key as its creator when a global owner behind an access list creates it', async () => {
    const owner = credentialsOf(await createKey(admin, ['GLOBAL_OWNER'], 'fenced owner'));
    const ownList = url(`/${owner.id}/accessList`);
    expect((await call('POST', ownList, { auth: admin, body: [{ ipAddress: CALLER_ADDRESS }] })).status).toBe(
      200,
    );
    const created = await eventually('the fence to apply', async () => {
      const response = await call('POST', url(), {
        auth: owner,
        body: { desc: 'child', roles: ['GLOBAL_READ_ONLY'] },
      });
      if (response.status !== 200) return undefined;
      const entries = await call('GET', url(`/${response.body.id}/accessList`), { auth: admin });
      return entries.body.totalCount > 0 ? entries : undefined;
    });

    expect(created.body.results.map((entry: { cidrBlock: string }) => entry.cidrBlock)).toEqual([
      `${CALLER_ADDRESS}/32`,
    ]);
  });
});
