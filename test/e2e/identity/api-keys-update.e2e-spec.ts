import { expectApiError } from '../../support/api-error';
import { call } from '../../support/digest-client';
import { assignKeyToProject, createOrgApiKey } from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';
import { auditEvents } from './audit-events';
import { buildWorld, type World } from './world';

describe('PATCH /orgs/{orgId}/apiKeys/{apiKeyId}', () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await startTestApp();
    w = await buildWorld(t);
  });

  afterAll(async () => {
    await t.close();
  });

  it('should change the description and record API_KEY_DESCRIPTION_CHANGED when desc is sent', async () => {
    const key = await createOrgApiKey(t, w.admin, w.orgA.id, ['ORG_MEMBER'], 'before');

    const response = await call('PATCH', `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys/${key.id}`, {
      auth: w.ownerA,
      body: { desc: 'after' },
    });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      desc: 'after',
      id: key.id,
      privateKey: `********-****-****-${key.privateKey.slice(-12)}`,
      roles: [{ orgId: w.orgA.id, roleName: 'ORG_MEMBER' }],
    });
    const events = (await auditEvents(t, 'API_KEY_DESCRIPTION_CHANGED')).filter(
      (e) => e.raw?.apiKeyId === key.id,
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ org_id: w.orgA.id, subject: { targetPublicKey: key.publicKey } });
    expect(await auditEvents(t, 'API_KEY_ROLES_CHANGED')).toHaveLength(0);
  });

  it('should replace only the organization roles and record API_KEY_ROLES_CHANGED when roles are sent', async () => {
    const key = await createOrgApiKey(t, w.admin, w.orgA.id, ['ORG_MEMBER']);
    await assignKeyToProject(t, w.admin, w.projectA.id, key.id, ['GROUP_OWNER']);

    const response = await call('PATCH', `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys/${key.id}`, {
      auth: w.ownerA,
      body: { roles: ['ORG_READ_ONLY', 'ORG_GROUP_CREATOR'] },
    });

    expect(response.status).toBe(200);
    expect(response.body.roles).toEqual([
      { orgId: w.orgA.id, roleName: 'ORG_GROUP_CREATOR' },
      { orgId: w.orgA.id, roleName: 'ORG_READ_ONLY' },
      { groupId: w.projectA.id, roleName: 'GROUP_OWNER' },
    ]);
    const events = (await auditEvents(t, 'API_KEY_ROLES_CHANGED')).filter((e) => e.raw?.apiKeyId === key.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      org_id: w.orgA.id,
      group_id: null,
      subject: { targetPublicKey: key.publicKey },
    });
  });

  it('should apply new roles to the next call of that key when its roles change', async () => {
    const key = await createOrgApiKey(t, w.admin, w.orgA.id, ['ORG_OWNER']);
    const before = await call('GET', `${t.apiUrl}/orgs/${w.orgA.id}/groups`, { auth: key });
    expect(before.body.totalCount).toBe(2);

    await call('PATCH', `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys/${key.id}`, {
      auth: w.ownerA,
      body: { roles: ['ORG_MEMBER'] },
    });

    const after = await call('POST', `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys`, {
      auth: key,
      body: { desc: 'no longer allowed', roles: ['ORG_MEMBER'] },
    });
    expectApiError(after, 401, 'USER_UNAUTHORIZED');
  });

  it('should record nothing when the values sent equal the current ones', async () => {
    const key = await createOrgApiKey(t, w.admin, w.orgA.id, ['ORG_MEMBER'], 'same');
    const count = async (): Promise<number> =>
      (await auditEvents(t)).filter(
        (e) => e.raw?.apiKeyId === key.id && e.event_type_name !== 'ORG_API_KEY_ADDED',
      ).length;

    const response = await call('PATCH', `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys/${key.id}`, {
      auth: w.ownerA,
      body: { desc: 'same', roles: ['ORG_MEMBER'] },
    });

    expect(response.status).toBe(200);
    expect(await count()).toBe(0);
  });

  it('should refuse with MISSING_ONE_OF_ATTRIBUTES when neither desc nor roles is sent', async () => {
    const response = await call('PATCH', `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys/${w.memberA.id}`, {
      auth: w.ownerA,
      body: {},
    });

    expectApiError(response, 400, 'MISSING_ONE_OF_ATTRIBUTES');
  });

  it('should refuse with API_KEY_REQUIRES_DESCRIPTION when desc is empty', async () => {
    const response = await call('PATCH', `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys/${w.memberA.id}`, {
      auth: w.ownerA,
      body: { desc: '' },
    });

    expectApiError(response, 400, 'API_KEY_REQUIRES_DESCRIPTION');
  });

  it('should refuse with INVALID_ENUM_VALUE when a role is unknown', async () => {
    const response = await call('PATCH', `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys/${w.memberA.id}`, {
      auth: w.ownerA,
      body: { roles: ['GROUP_OWNER'] },
    });

    expectApiError(response, 400, 'INVALID_ENUM_VALUE');
  });

  it('should answer API_KEY_NOT_FOUND when the key belongs to another organization', async () => {
    const response = await call('PATCH', `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys/${w.ownerB.id}`, {
      auth: w.ownerA,
      body: { desc: 'hijack' },
    });

    expectApiError(response, 400, 'API_KEY_NOT_FOUND');
  });

  it('should refuse with USER_UNAUTHORIZED when a member or another organization asks', async () => {
    for (const auth of [w.memberA, w.ownerB]) {
      const response = await call('PATCH', `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys/${w.memberA.id}`, {
        auth,
        body: { roles: ['ORG_OWNER'] },
      });

      expectApiError(response, 401, 'USER_UNAUTHORIZED');
    }
  });
});
