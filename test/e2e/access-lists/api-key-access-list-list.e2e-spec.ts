import { call } from '../../support/digest-client';
import { createOrg, createOrgApiKey } from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';
import { addToKeyList, ISO_SECONDS, keyListUrl, setUpOrg, type OrgFixture } from './access-lists.fixture';
import { expectApiError } from '../../support/api-error';

describe('GET /orgs/{orgId}/apiKeys/{apiKeyId}/accessList', () => {
  let t: TestApp;
  let f: OrgFixture;

  beforeAll(async () => {
    t = await startTestApp();
    f = await setUpOrg(t);
  });

  afterAll(async () => {
    await t.close();
  });

  it('should return an empty list envelope when the key has no entries', async () => {
    const response = await call('GET', keyListUrl(t, f.org.id, f.member.id), { auth: f.owner });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      links: [{ href: `${keyListUrl(t, f.org.id, f.member.id)}?pageNum=1&itemsPerPage=100`, rel: 'self' }],
      results: [],
      totalCount: 0,
    });
  });

  it("should print entries with the product's fields when the key has an address and a block", async () => {
    const key = await createOrgApiKey(t, f.boot.globalKey, f.org.id, ['ORG_MEMBER']);
    await addToKeyList(t, f.owner, f.org.id, key.id, [
      { ipAddress: '192.0.2.15' },
      { cidrBlock: '198.51.100.0/24' },
    ]);

    const response = await call('GET', keyListUrl(t, f.org.id, key.id), { auth: f.owner });

    expect(response.status).toBe(200);
    expect(response.body.totalCount).toBe(2);
    const [address, block] = response.body.results;
    expect(Object.keys(address)).toEqual(['cidrBlock', 'count', 'created', 'ipAddress', 'links']);
    expect(address).toEqual({
      cidrBlock: '192.0.2.15/32',
      count: 0,
      created: expect.stringMatching(ISO_SECONDS),
      ipAddress: '192.0.2.15',
      links: [{ href: keyListUrl(t, f.org.id, key.id, '192.0.2.15'), rel: 'self' }],
    });
    expect(block).toEqual({
      cidrBlock: '198.51.100.0/24',
      count: 0,
      created: expect.stringMatching(ISO_SECONDS),
      ipAddress: null,
      links: [{ href: keyListUrl(t, f.org.id, key.id, '198.51.100.0%2F24'), rel: 'self' }],
    });
  });

  it('should page the entries with next and previous links when the list is longer than a page', async () => {
    const key = await createOrgApiKey(t, f.boot.globalKey, f.org.id, ['ORG_MEMBER']);
    await addToKeyList(t, f.owner, f.org.id, key.id, [
      { ipAddress: '192.0.2.1' },
      { ipAddress: '192.0.2.2' },
      { ipAddress: '192.0.2.3' },
    ]);
    const url = keyListUrl(t, f.org.id, key.id);

    const response = await call('GET', `${url}?pageNum=2&itemsPerPage=1`, { auth: f.owner });

    expect(response.status).toBe(200);
    expect(response.body.totalCount).toBe(3);
    expect(response.body.results.map((entry: { ipAddress: string }) => entry.ipAddress)).toEqual([
      '192.0.2.2',
    ]);
    expect(response.body.links).toEqual([
      { href: `${url}?pageNum=2&itemsPerPage=1`, rel: 'self' },
      { href: `${url}?pageNum=1&itemsPerPage=1`, rel: 'previous' },
      { href: `${url}?pageNum=3&itemsPerPage=1`, rel: 'next' },
    ]);
  });

  it('should serve the list when the path ends with a slash as in the product samples', async () => {
    const response = await call('GET', `${keyListUrl(t, f.org.id, f.member.id)}/`, { auth: f.owner });
    expect(response.status).toBe(200);
    expect(response.body.results).toEqual([]);
  });

  it("should let an organization member read another key's list when it holds a role in the organization", async () => {
    const response = await call('GET', keyListUrl(t, f.org.id, f.owner.id), { auth: f.member });
    expect(response.status).toBe(200);
  });

  it('should return 400 API_KEY_NOT_FOUND when the key does not exist', async () => {
    const response = await call('GET', keyListUrl(t, f.org.id, '0123456789abcdef01234567'), {
      auth: f.owner,
    });
    expectApiError(response, 400, 'API_KEY_NOT_FOUND', {
      detail: 'No API Key with ID 0123456789abcdef01234567 exists.',
    });
  });

  it('should return 400 API_KEY_NOT_FOUND when the key belongs to another organization', async () => {
    const otherOrg = await createOrg(t, f.boot.globalKey);
    const otherKey = await createOrgApiKey(t, f.boot.globalKey, otherOrg.id, ['ORG_MEMBER']);
    const response = await call('GET', keyListUrl(t, f.org.id, otherKey.id), { auth: f.boot.globalKey });
    expectApiError(response, 400, 'API_KEY_NOT_FOUND');
  });

  it('should return 401 USER_UNAUTHORIZED when the caller holds no role in the organization', async () => {
    const otherOrg = await createOrg(t, f.boot.globalKey);
    const outsider = await createOrgApiKey(t, f.boot.globalKey, otherOrg.id, ['ORG_OWNER']);
    const response = await call('GET', keyListUrl(t, f.org.id, f.member.id), { auth: outsider });
    expectApiError(response, 401, 'USER_UNAUTHORIZED');
  });

  it('should return 400 INVALID_QUERY_PARAMETER when itemsPerPage is above 500', async () => {
    const response = await call('GET', `${keyListUrl(t, f.org.id, f.member.id)}?itemsPerPage=501`, {
      auth: f.owner,
    });
    expectApiError(response, 400, 'INVALID_QUERY_PARAMETER');
  });
});
