import { expectApiError } from '../../support/api-error';
import { call } from '../../support/digest-client';
import { createOrg, createOrgApiKey, type ApiKeyCredentials } from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';

const UNKNOWN_ID = '0123456789abcdef01234567';

interface KeyBody {
  id: string;
  desc: string;
  publicKey: string;
  privateKey: string;
  links: Array<{ href: string; rel: string }>;
  roles: Array<{ roleName: string }>;
}

describe('GET /admin/apiKeys', () => {
  let t: TestApp;
  let globalKey: KeyBody;
  let admin: ApiKeyCredentials;
  let orgOwner: ApiKeyCredentials;
  let userId: string;
  let userLinks: Array<{ href: string; rel: string }>;

  beforeAll(async () => {
    t = await startTestApp();
    const response = await call('POST', `${t.apiUrl}/unauth/users`, {
      body: {
        username: 'jane.doe@example.com',
        password: 'Correct-Horse-9',
        firstName: 'Jane',
        lastName: 'Doe',
      },
    });
    expect(response.status).toBe(201);
    globalKey = response.body.programmaticApiKey;
    userId = response.body.user.id;
    userLinks = response.body.user.links;
    admin = { id: globalKey.id, publicKey: globalKey.publicKey, privateKey: globalKey.privateKey };
    const org = await createOrg(t, admin, 'Org A');
    orgOwner = await createOrgApiKey(t, admin, org.id, ['ORG_OWNER'], 'owner A');
  });

  afterAll(async () => {
    await t.close();
  });

  it('should reach the global key itself when every link of the first-user answer is followed', async () => {
    expect(globalKey.links).toEqual([{ href: `${t.apiUrl}/admin/apiKeys/${globalKey.id}`, rel: 'self' }]);
    for (const link of [...globalKey.links, ...userLinks]) {
      expect(link.href).not.toContain('/null/');
      const followed = await call('GET', link.href, { auth: admin });

      expect(followed.status).toBe(200);
      expect(followed.body.links).toEqual([link]);
    }
    const key = await call('GET', globalKey.links[0].href, { auth: admin });
    expect(key.body).toEqual({
      ...globalKey,
      privateKey: `********-****-****-${globalKey.privateKey.slice(-12)}`,
    });
    const user = await call('GET', userLinks[0].href, { auth: admin });
    expect(user.body.id).toBe(userId);
  });

  it('should list only the global keys, masked, with links that each answer 200', async () => {
    const response = await call('GET', `${t.apiUrl}/admin/apiKeys`, { auth: admin });

    expect(response.status).toBe(200);
    expect(response.body.totalCount).toBe(1);
    expect(response.body.results.map((key: KeyBody) => key.id)).toEqual([globalKey.id]);
    expect(response.text).not.toContain(globalKey.privateKey);
    const hrefs = [
      ...response.body.links.map((link: { href: string }) => link.href),
      ...response.body.results.flatMap((key: KeyBody) => key.links.map((link) => link.href)),
    ];
    for (const href of hrefs) {
      const followed = await call('GET', href, { auth: admin });
      expect(followed.status).toBe(200);
    }
  });

  it('should list the roles a global key may hold', async () => {
    const response = await call('GET', `${t.apiUrl}/admin/apiKeys/roles`, { auth: admin });

    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      'GLOBAL_AUTOMATION_ADMIN',
      'GLOBAL_BACKUP_ADMIN',
      'GLOBAL_MONITORING_ADMIN',
      'GLOBAL_OWNER',
      'GLOBAL_READ_ONLY',
      'GLOBAL_USER_ADMIN',
    ]);
  });

  it('should answer API_KEY_NOT_FOUND for an organization key or an unknown id', async () => {
    for (const id of [orgOwner.id, UNKNOWN_ID]) {
      const response = await call('GET', `${t.apiUrl}/admin/apiKeys/${id}`, { auth: admin });

      expectApiError(response, 400, 'API_KEY_NOT_FOUND');
      expect(response.body.detail).toBe(`No API Key with ID ${id} exists.`);
    }
  });

  it('should refuse an organization owner without a global role', async () => {
    for (const path of ['/admin/apiKeys', `/admin/apiKeys/${globalKey.id}`, '/admin/apiKeys/roles']) {
      const response = await call('GET', `${t.apiUrl}${path}`, { auth: orgOwner });

      expectApiError(response, 401, 'USER_UNAUTHORIZED');
    }
  });
});
