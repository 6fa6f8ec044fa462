import { expectApiError } from '../../support/api-error';
import { call } from '../../support/digest-client';
import { startTestApp, type TestApp } from '../../support/test-app';
import { buildWorld, type World } from './world';

describe('GET /groups/{groupId}/apiKeys', () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await startTestApp();
    w = await buildWorld(t);
  });

  afterAll(async () => {
    await t.close();
  });

  it('should list only the keys assigned to the project, masked, when a project reader asks', async () => {
    const response = await call('GET', `${t.apiUrl}/groups/${w.projectA.id}/apiKeys`, {
      auth: w.projectReaderA,
    });

    expect(response.status).toBe(200);
    expect(response.body.totalCount).toBe(1);
    expect(response.body.results).toEqual([
      {
        desc: 'project reader A',
        id: w.projectReaderA.id,
        links: [{ href: `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys/${w.projectReaderA.id}`, rel: 'self' }],
        privateKey: `********-****-****-${w.projectReaderA.privateKey.slice(-12)}`,
        publicKey: w.projectReaderA.publicKey,
        roles: [
          { orgId: w.orgA.id, roleName: 'ORG_MEMBER' },
          { groupId: w.projectA.id, roleName: 'GROUP_READ_ONLY' },
        ],
      },
    ]);
  });

  it('should return an empty list when no key is assigned', async () => {
    const response = await call('GET', `${t.apiUrl}/groups/${w.projectA2.id}/apiKeys`, { auth: w.ownerA });

    expect(response.body).toMatchObject({ results: [], totalCount: 0 });
  });

  it('should refuse with NOT_IN_GROUP when a key of another organization asks', async () => {
    const response = await call('GET', `${t.apiUrl}/groups/${w.projectA.id}/apiKeys`, { auth: w.ownerB });

    expectApiError(response, 401, 'NOT_IN_GROUP');
  });

  it('should answer GROUP_NOT_FOUND when a global caller asks for an unknown project', async () => {
    const response = await call('GET', `${t.apiUrl}/groups/0123456789abcdef01234567/apiKeys`, {
      auth: w.admin,
    });

    expectApiError(response, 404, 'GROUP_NOT_FOUND');
  });
});
