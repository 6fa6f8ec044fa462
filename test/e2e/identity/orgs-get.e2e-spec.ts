import { expectApiError } from '../../support/api-error';
import { call } from '../../support/digest-client';
import { startTestApp, type TestApp } from '../../support/test-app';
import { buildWorld, type World } from './world';

const UNKNOWN_ID = '0123456789abcdef01234567';

describe('GET /orgs', () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await startTestApp();
    w = await buildWorld(t);
  });

  afterAll(async () => {
    await t.close();
  });

  it('should list every organization when a global key asks', async () => {
    const response = await call('GET', `${t.apiUrl}/orgs`, { auth: w.admin });

    expect(response.status).toBe(200);
    expect(response.body.totalCount).toBe(2);
    expect(response.body.results).toEqual([
      { id: w.orgA.id, links: [{ href: `${t.apiUrl}/orgs/${w.orgA.id}`, rel: 'self' }], name: 'Org A' },
      { id: w.orgB.id, links: [{ href: `${t.apiUrl}/orgs/${w.orgB.id}`, rel: 'self' }], name: 'Org B' },
    ]);
    expect(response.body.links).toEqual([
      { href: `${t.apiUrl}/orgs?pageNum=1&itemsPerPage=100`, rel: 'self' },
    ]);
  });

  it('should list only its own organization when an organization key asks', async () => {
    const response = await call('GET', `${t.apiUrl}/orgs`, { auth: w.memberA });

    expect(response.body.totalCount).toBe(1);
    expect(response.body.results.map((o: { id: string }) => o.id)).toEqual([w.orgA.id]);
  });

  it('should filter by a case-insensitive name prefix when name is given', async () => {
    const response = await call('GET', `${t.apiUrl}/orgs?name=org%20b`, { auth: w.admin });

    expect(response.body.results.map((o: { id: string }) => o.id)).toEqual([w.orgB.id]);
  });

  it('should page with a next link when itemsPerPage is smaller than the total', async () => {
    const response = await call('GET', `${t.apiUrl}/orgs?itemsPerPage=1`, { auth: w.admin });

    expect(response.body.results).toHaveLength(1);
    expect(response.body.totalCount).toBe(2);
    expect(response.body.links).toContainEqual({
      href: `${t.apiUrl}/orgs?pageNum=2&itemsPerPage=1`,
      rel: 'next',
    });
  });
});

describe('GET /orgs/{orgId}', () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await startTestApp();
    w = await buildWorld(t);
  });

  afterAll(async () => {
    await t.close();
  });

  it('should return the organization when a key of any organization role asks', async () => {
    for (const auth of [w.ownerA, w.memberA, w.readOnlyA, w.creatorA]) {
      const response = await call('GET', `${t.apiUrl}/orgs/${w.orgA.id}`, { auth });

      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: w.orgA.id,
        links: [{ href: `${t.apiUrl}/orgs/${w.orgA.id}`, rel: 'self' }],
        name: 'Org A',
      });
    }
  });

  it('should refuse with USER_UNAUTHORIZED when a key of another organization asks', async () => {
    const response = await call('GET', `${t.apiUrl}/orgs/${w.orgA.id}`, { auth: w.ownerB });

    expectApiError(response, 401, 'USER_UNAUTHORIZED');
  });

  it('should answer ORG_NOT_FOUND when a global caller asks for an unknown organization', async () => {
    const response = await call('GET', `${t.apiUrl}/orgs/${UNKNOWN_ID}`, { auth: w.admin });

    expectApiError(response, 404, 'ORG_NOT_FOUND');
  });
});

describe('GET /orgs/{orgId}/groups', () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await startTestApp();
    w = await buildWorld(t);
  });

  afterAll(async () => {
    await t.close();
  });

  it('should list every project of the organization when its owner asks', async () => {
    const response = await call('GET', `${t.apiUrl}/orgs/${w.orgA.id}/groups`, { auth: w.ownerA });

    expect(response.status).toBe(200);
    expect(response.body.totalCount).toBe(2);
    expect(response.body.results.map((p: { name: string }) => p.name)).toEqual(['Project A', 'Project A2']);
  });

  it('should list only the assigned project when a member with one project role asks', async () => {
    const response = await call('GET', `${t.apiUrl}/orgs/${w.orgA.id}/groups`, { auth: w.projectReaderA });

    expect(response.body.totalCount).toBe(1);
    expect(response.body.results[0].id).toBe(w.projectA.id);
  });

  it('should refuse with USER_UNAUTHORIZED when a key of another organization asks', async () => {
    const response = await call('GET', `${t.apiUrl}/orgs/${w.orgA.id}/groups`, { auth: w.ownerB });

    expectApiError(response, 401, 'USER_UNAUTHORIZED');
  });

  it('should answer ORG_NOT_FOUND when a global caller asks for an unknown organization', async () => {
    const response = await call('GET', `${t.apiUrl}/orgs/${UNKNOWN_ID}/groups`, { auth: w.admin });

    expectApiError(response, 404, 'ORG_NOT_FOUND');
  });
});
