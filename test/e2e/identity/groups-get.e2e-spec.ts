import { expectApiError } from '../../support/api-error';
import { call } from '../../support/digest-client';
import { startTestApp, type TestApp } from '../../support/test-app';
import { buildWorld, type World } from './world';

const UNKNOWN_ID = '0123456789abcdef01234567';

function names(body: { results: Array<{ name: string }> }): string[] {
  return body.results.map((p) => p.name);
}

describe('GET /groups', () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await startTestApp();
    w = await buildWorld(t);
  });

  afterAll(async () => {
    await t.close();
  });

  it('should list every project when a global key asks', async () => {
    const response = await call('GET', `${t.apiUrl}/groups`, { auth: w.admin });

    expect(response.status).toBe(200);
    expect(response.body.totalCount).toBe(3);
    expect(names(response.body)).toEqual(['Project A', 'Project A2', 'Project B']);
  });

  it('should list the projects of its organization when an org owner or read-only key asks', async () => {
    for (const auth of [w.ownerA, w.readOnlyA]) {
      const response = await call('GET', `${t.apiUrl}/groups`, { auth });

      expect(names(response.body)).toEqual(['Project A', 'Project A2']);
    }
  });

  it('should list only assigned projects when an ORG_MEMBER key asks', async () => {
    const assigned = await call('GET', `${t.apiUrl}/groups`, { auth: w.projectReaderA });
    const unassigned = await call('GET', `${t.apiUrl}/groups`, { auth: w.memberA });

    expect(names(assigned.body)).toEqual(['Project A']);
    expect(unassigned.body).toMatchObject({ results: [], totalCount: 0 });
  });
});

describe('GET /groups/{groupId}', () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await startTestApp();
    w = await buildWorld(t);
  });

  afterAll(async () => {
    await t.close();
  });

  it('should return the project when a key with a role on it asks', async () => {
    for (const auth of [w.admin, w.ownerA, w.readOnlyA, w.projectReaderA]) {
      const response = await call('GET', `${t.apiUrl}/groups/${w.projectA.id}`, { auth });

      expect(response.status).toBe(200);
      expect(response.body).toEqual(w.projectA);
    }
  });

  it('should refuse with NOT_IN_GROUP when a member without a project role asks', async () => {
    const response = await call('GET', `${t.apiUrl}/groups/${w.projectA2.id}`, { auth: w.projectReaderA });

    expectApiError(response, 401, 'NOT_IN_GROUP');
  });

  it('should refuse with NOT_IN_GROUP when a key of another organization asks', async () => {
    const response = await call('GET', `${t.apiUrl}/groups/${w.projectA.id}`, { auth: w.ownerB });

    expectApiError(response, 401, 'NOT_IN_GROUP');
  });

  it('should answer GROUP_NOT_FOUND when a global caller asks for an unknown project', async () => {
    const response = await call('GET', `${t.apiUrl}/groups/${UNKNOWN_ID}`, { auth: w.admin });

    expectApiError(response, 404, 'GROUP_NOT_FOUND');
  });

  it('should refuse with NOT_IN_GROUP when an organization key asks for an unknown project', async () => {
    const response = await call('GET', `${t.apiUrl}/groups/${UNKNOWN_ID}`, { auth: w.ownerA });

    expectApiError(response, 401, 'NOT_IN_GROUP');
  });
});

describe('GET /groups/byName/{groupName}', () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await startTestApp();
    w = await buildWorld(t);
  });

  afterAll(async () => {
    await t.close();
  });

  it('should return the project when the caller may read it', async () => {
    const response = await call('GET', `${t.apiUrl}/groups/byName/${encodeURIComponent('Project A')}`, {
      auth: w.projectReaderA,
    });

    expect(response.status).toBe(200);
    expect(response.body).toEqual(w.projectA);
  });

  it('should refuse with NOT_IN_GROUP when the project is in another organization', async () => {
    const response = await call('GET', `${t.apiUrl}/groups/byName/${encodeURIComponent('Project B')}`, {
      auth: w.ownerA,
    });

    expectApiError(response, 401, 'NOT_IN_GROUP');
  });

  it('should answer GROUP_NAME_NOT_FOUND when a global caller asks for an unknown name', async () => {
    const response = await call('GET', `${t.apiUrl}/groups/byName/nothing-here`, { auth: w.admin });

    expectApiError(response, 404, 'GROUP_NAME_NOT_FOUND');
  });
});
