import { expectApiError } from '../../support/api-error';
import { call } from '../../support/digest-client';
import { startTestApp, type TestApp } from '../../support/test-app';
import { auditEvents } from './audit-events';
import { buildWorld, type World } from './world';

describe('POST /groups/{groupId}/apiKeys', () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await startTestApp();
    w = await buildWorld(t);
  });

  afterAll(async () => {
    await t.close();
  });

  it('should create an organization key holding only the project roles when a project owner asks', async () => {
    const response = await call('POST', `${t.apiUrl}/groups/${w.projectA.id}/apiKeys`, {
      auth: w.ownerA,
      body: { desc: 'scraper', roles: ['GROUP_READ_ONLY'] },
    });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      desc: 'scraper',
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      links: [{ href: `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys/${response.body.id}`, rel: 'self' }],
      privateKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      publicKey: expect.stringMatching(/^[a-z]{8}$/),
      roles: [{ groupId: w.projectA.id, roleName: 'GROUP_READ_ONLY' }],
    });
    const auth = { publicKey: response.body.publicKey, privateKey: response.body.privateKey };
    expect((await call('GET', `${t.apiUrl}/groups/${w.projectA.id}`, { auth })).status).toBe(200);
    expectApiError(await call('GET', `${t.apiUrl}/groups/${w.projectA2.id}`, { auth }), 401, 'NOT_IN_GROUP');
    expectApiError(
      await call('GET', `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys`, { auth }),
      401,
      'USER_UNAUTHORIZED',
    );
    const orgs = await call('GET', `${t.apiUrl}/orgs`, { auth });
    expect(orgs.body.results.map((o: { id: string }) => o.id)).toEqual([w.orgA.id]);

    const added = (await auditEvents(t, 'ORG_API_KEY_ADDED')).filter(
      (e) => e.raw?.apiKeyId === response.body.id,
    );
    const assigned = (await auditEvents(t, 'API_KEY_ADDED_TO_GROUP')).filter(
      (e) => e.raw?.apiKeyId === response.body.id,
    );
    expect(added).toEqual([expect.objectContaining({ org_id: w.orgA.id, group_id: null })]);
    expect(assigned).toEqual([expect.objectContaining({ org_id: w.orgA.id, group_id: w.projectA.id })]);
  });

  it('should refuse with API_KEY_REQUIRES_DESCRIPTION when desc is missing', async () => {
    const response = await call('POST', `${t.apiUrl}/groups/${w.projectA.id}/apiKeys`, {
      auth: w.ownerA,
      body: { roles: ['GROUP_READ_ONLY'] },
    });

    expectApiError(response, 400, 'API_KEY_REQUIRES_DESCRIPTION');
  });

  it('should refuse with INVALID_ENUM_VALUE when a role is an organization role', async () => {
    const response = await call('POST', `${t.apiUrl}/groups/${w.projectA.id}/apiKeys`, {
      auth: w.ownerA,
      body: { desc: 'x', roles: ['ORG_OWNER'] },
    });

    expectApiError(response, 400, 'INVALID_ENUM_VALUE');
  });

  it('should refuse with USER_UNAUTHORIZED when a read-only project key asks', async () => {
    const response = await call('POST', `${t.apiUrl}/groups/${w.projectA.id}/apiKeys`, {
      auth: w.projectReaderA,
      body: { desc: 'x', roles: ['GROUP_OWNER'] },
    });

    expectApiError(response, 401, 'USER_UNAUTHORIZED');
  });

  it('should refuse with NOT_IN_GROUP when a key of another organization asks', async () => {
    const response = await call('POST', `${t.apiUrl}/groups/${w.projectA.id}/apiKeys`, {
      auth: w.ownerB,
      body: { desc: 'x', roles: ['GROUP_OWNER'] },
    });

    expectApiError(response, 401, 'NOT_IN_GROUP');
  });
});
