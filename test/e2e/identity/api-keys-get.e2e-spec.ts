import { expectApiError } from '../../support/api-error';
import { call } from '../../support/digest-client';
import { startTestApp, type TestApp } from '../../support/test-app';
import { buildWorld, type World } from './world';

const MASKED = /^\*{8}-\*{4}-\*{4}-[0-9a-f]{12}$/;
const UNKNOWN_ID = '0123456789abcdef01234567';

describe('GET /orgs/{orgId}/apiKeys', () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await startTestApp();
    w = await buildWorld(t);
  });

  afterAll(async () => {
    await t.close();
  });

  it('should list the organization keys with masked private keys and every role when any org role asks', async () => {
    for (const auth of [w.ownerA, w.memberA, w.readOnlyA, w.creatorA]) {
      const response = await call('GET', `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys`, { auth });

      expect(response.status).toBe(200);
      expect(response.body.totalCount).toBe(5);
      expect(response.body.results.map((k: { desc: string }) => k.desc)).toEqual([
        'owner A',
        'member A',
        'read-only A',
        'creator A',
        'project reader A',
      ]);
      for (const key of response.body.results) expect(key.privateKey).toMatch(MASKED);
      expect(response.body.results[4]).toEqual({
        desc: 'project reader A',
        id: w.projectReaderA.id,
        links: [{ href: `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys/${w.projectReaderA.id}`, rel: 'self' }],
        privateKey: `********-****-****-${w.projectReaderA.privateKey.slice(-12)}`,
        publicKey: w.projectReaderA.publicKey,
        roles: [
          { orgId: w.orgA.id, roleName: 'ORG_MEMBER' },
          { groupId: w.projectA.id, roleName: 'GROUP_READ_ONLY' },
        ],
      });
      expect(response.text).not.toContain(w.ownerA.privateKey);
    }
  });

  it('should page with pageNum and itemsPerPage in the links when asked for a page', async () => {
    const response = await call('GET', `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys?pageNum=2&itemsPerPage=2`, {
      auth: w.ownerA,
    });

    expect(response.body.results.map((k: { desc: string }) => k.desc)).toEqual(['read-only A', 'creator A']);
    expect(response.body.links).toEqual([
      { href: `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys?pageNum=2&itemsPerPage=2`, rel: 'self' },
      { href: `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys?pageNum=1&itemsPerPage=2`, rel: 'previous' },
      { href: `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys?pageNum=3&itemsPerPage=2`, rel: 'next' },
    ]);
  });

  it('should count every key on a full page, the last partial page and a page past the end', async () => {
    for (const [pageNum, results] of [
      [2, 2],
      [3, 1],
      [4, 0],
    ]) {
      const response = await call(
        'GET',
        `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys?pageNum=${pageNum}&itemsPerPage=2`,
        { auth: w.ownerA },
      );

      expect(response.body.results).toHaveLength(results);
      expect(response.body.totalCount).toBe(5);
    }
  });

  it('should refuse with USER_UNAUTHORIZED when a key of another organization asks', async () => {
    const response = await call('GET', `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys`, { auth: w.ownerB });

    expectApiError(response, 401, 'USER_UNAUTHORIZED');
  });

  it('should answer ORG_NOT_FOUND when a global caller asks for an unknown organization', async () => {
    const response = await call('GET', `${t.apiUrl}/orgs/${UNKNOWN_ID}/apiKeys`, { auth: w.admin });

    expectApiError(response, 404, 'ORG_NOT_FOUND');
  });
});

describe('GET /orgs/{orgId}/apiKeys/{apiKeyId}', () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await startTestApp();
    w = await buildWorld(t);
  });

  afterAll(async () => {
    await t.close();
  });

  it('should return the key with its private key masked when a member asks', async () => {
    const response = await call('GET', `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys/${w.ownerA.id}`, {
      auth: w.memberA,
    });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      desc: 'owner A',
      id: w.ownerA.id,
      links: [{ href: `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys/${w.ownerA.id}`, rel: 'self' }],
      privateKey: `********-****-****-${w.ownerA.privateKey.slice(-12)}`,
      publicKey: w.ownerA.publicKey,
      roles: [{ orgId: w.orgA.id, roleName: 'ORG_OWNER' }],
    });
  });

  it('should answer API_KEY_NOT_FOUND when the key belongs to another organization', async () => {
    const response = await call('GET', `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys/${w.ownerB.id}`, {
      auth: w.ownerA,
    });

    expectApiError(response, 400, 'API_KEY_NOT_FOUND');
    expect(response.body.detail).toBe(`No API Key with ID ${w.ownerB.id} exists.`);
  });

  it('should answer API_KEY_NOT_FOUND when the id is the global key or unknown', async () => {
    for (const id of [w.globalKey.id, UNKNOWN_ID]) {
      const response = await call('GET', `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys/${id}`, { auth: w.admin });

      expectApiError(response, 400, 'API_KEY_NOT_FOUND');
    }
  });

  it('should refuse with USER_UNAUTHORIZED when a key of another organization asks', async () => {
    const response = await call('GET', `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys/${w.ownerA.id}`, {
      auth: w.ownerB,
    });

    expectApiError(response, 401, 'USER_UNAUTHORIZED');
  });
});
