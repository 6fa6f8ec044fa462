import { expectApiError } from '../../support/api-error';
import { call } from '../../support/digest-client';
import { createOrg, createOrgApiKey } from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';
import { buildWorld, type World } from './identity.fixture';

const UNKNOWN_ID = '0123456789abcdef01234567';

describe('GET /users/{userId}', () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await startTestApp();
    w = await buildWorld(t);
  });

  afterAll(async () => {
    await t.close();
  });

  it('should return the user without any secret when a global key asks', async () => {
    const response = await call('GET', `${t.apiUrl}/users/${w.user.id}`, { auth: w.admin });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      emailAddress: 'jane.doe@example.com',
      firstName: 'Jane',
      id: w.user.id,
      lastName: 'Doe',
      links: [{ href: `${t.apiUrl}/users/${w.user.id}`, rel: 'self' }],
      roles: [{ roleName: 'GLOBAL_OWNER' }],
      teamIds: [],
      username: 'jane.doe@example.com',
    });
    expect(response.text).not.toMatch(/password|ha1/i);
  });

  it('should return the user when the user reads itself', async () => {
    const response = await call('GET', `${t.apiUrl}/users/${w.user.id}`, { auth: w.userCredentials });

    expect(response.status).toBe(200);
    expect(response.body.id).toBe(w.user.id);
  });

  it('should refuse with USER_UNAUTHORIZED when an organization key reads a user outside its organization', async () => {
    const response = await call('GET', `${t.apiUrl}/users/${w.user.id}`, { auth: w.ownerA });

    expectApiError(response, 401, 'USER_UNAUTHORIZED');
  });

  it('should return the user when an owner of an organization the user belongs to asks', async () => {
    // A user creating an organization becomes its owner.
    const org = await createOrg(t, w.userCredentials, 'Jane org');
    const owner = await createOrgApiKey(t, w.admin, org.id, ['ORG_OWNER']);
    const member = await createOrgApiKey(t, w.admin, org.id, ['ORG_MEMBER']);

    const asOwner = await call('GET', `${t.apiUrl}/users/${w.user.id}`, { auth: owner });
    const asMember = await call('GET', `${t.apiUrl}/users/${w.user.id}`, { auth: member });

    expect(asOwner.status).toBe(200);
    expect(asOwner.body.roles).toEqual(
      expect.arrayContaining([{ roleName: 'GLOBAL_OWNER' }, { orgId: org.id, roleName: 'ORG_OWNER' }]),
    );
    expectApiError(asMember, 401, 'USER_UNAUTHORIZED');
  });

  it('should answer USER_NOT_FOUND when a global caller asks for an unknown id', async () => {
    const response = await call('GET', `${t.apiUrl}/users/${UNKNOWN_ID}`, { auth: w.admin });

    expectApiError(response, 404, 'USER_NOT_FOUND');
    expect(response.body.detail).toBe(`No user with ID ${UNKNOWN_ID} exists.`);
  });

  it('should refuse with USER_UNAUTHORIZED when an organization key asks for an unknown id', async () => {
    const response = await call('GET', `${t.apiUrl}/users/${UNKNOWN_ID}`, { auth: w.ownerA });

    expectApiError(response, 401, 'USER_UNAUTHORIZED');
  });

  it('should answer the Digest challenge when no credentials are sent', async () => {
    const response = await call('GET', `${t.apiUrl}/users/${w.user.id}`);

    expect(response.status).toBe(401);
    expect(String(response.headers['www-authenticate'])).toMatch(/^Digest realm="MMS Public API"/);
  });
});

describe('GET /users/byName/{userName}', () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await startTestApp();
    w = await buildWorld(t);
  });

  afterAll(async () => {
    await t.close();
  });

  it('should return the user when the caller reads itself by name', async () => {
    const response = await call(
      'GET',
      `${t.apiUrl}/users/byName/${encodeURIComponent('jane.doe@example.com')}`,
      {
        auth: w.userCredentials,
      },
    );

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: w.user.id, username: 'jane.doe@example.com' });
  });

  it('should answer USERNAME_NOT_FOUND when a global caller asks for an unknown name', async () => {
    const response = await call('GET', `${t.apiUrl}/users/byName/nobody@example.com`, { auth: w.admin });

    expectApiError(response, 404, 'USERNAME_NOT_FOUND');
  });

  it('should refuse with USER_UNAUTHORIZED when an organization key asks for someone else', async () => {
    const response = await call('GET', `${t.apiUrl}/users/byName/jane.doe@example.com`, { auth: w.memberA });

    expectApiError(response, 401, 'USER_UNAUTHORIZED');
  });
});
