import { call } from '../../support/digest-client';
import { createOrg, createOrgApiKey, type ApiKeyCredentials } from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';
import { CALLER_ADDRESS, ISO_SECONDS, keyListUrl, setUpOrg, type OrgFixture } from './access-lists.fixture';
import { expectApiError } from '../../support/api-error';

describe('POST /orgs/{orgId}/apiKeys/{apiKeyId}/accessList', () => {
  let t: TestApp;
  let f: OrgFixture;

  beforeAll(async () => {
    t = await startTestApp();
    f = await setUpOrg(t);
  });

  afterAll(async () => {
    await t.close();
  });

  const freshKey = (): Promise<ApiKeyCredentials> =>
    createOrgApiKey(t, f.boot.globalKey, f.org.id, ['ORG_MEMBER']);
  const post = (key: ApiKeyCredentials, body: unknown, auth = f.owner) =>
    call('POST', keyListUrl(t, f.org.id, key.id), { auth, body });

  it('should return 200 with the whole list when entries are added', async () => {
    const key = await freshKey();

    const response = await post(key, [
      { ipAddress: '192.0.2.15' },
      { cidrBlock: '198.51.100.0/24', comment: 'office' },
    ]);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      links: [{ href: `${keyListUrl(t, f.org.id, key.id)}?pageNum=1&itemsPerPage=100`, rel: 'self' }],
      results: [
        {
          cidrBlock: '192.0.2.15/32',
          count: 0,
          created: expect.stringMatching(ISO_SECONDS),
          ipAddress: '192.0.2.15',
          links: [{ href: keyListUrl(t, f.org.id, key.id, '192.0.2.15'), rel: 'self' }],
        },
        {
          cidrBlock: '198.51.100.0/24',
          count: 0,
          created: expect.stringMatching(ISO_SECONDS),
          ipAddress: null,
          links: [{ href: keyListUrl(t, f.org.id, key.id, '198.51.100.0%2F24'), rel: 'self' }],
        },
      ],
      totalCount: 2,
    });
  });

  it('should append to the list and leave present entries alone when some are already on it', async () => {
    const key = await freshKey();
    await post(key, [{ ipAddress: '192.0.2.1' }]);

    const response = await post(key, [{ cidrBlock: '192.0.2.1/32' }, { ipAddress: '192.0.2.2' }]);

    expect(response.status).toBe(200);
    expect(response.body.totalCount).toBe(2);
    expect(response.body.results).toEqual([
      expect.objectContaining({ cidrBlock: '192.0.2.1/32', ipAddress: '192.0.2.1' }),
      expect.objectContaining({ cidrBlock: '192.0.2.2/32', ipAddress: '192.0.2.2' }),
    ]);
  });

  it('should keep a /32 block as a block when it is sent as cidrBlock', async () => {
    const key = await freshKey();
    const response = await post(key, [{ cidrBlock: '84.255.48.125/32' }]);
    expect(response.body.results[0]).toEqual(
      expect.objectContaining({ cidrBlock: '84.255.48.125/32', ipAddress: null }),
    );
    expect(response.body.results[0].links[0].href).toBe(
      keyListUrl(t, f.org.id, key.id, '84.255.48.125%2F32'),
    );
  });

  it('should store an IPv6 address canonically when it is sent in a long form', async () => {
    const key = await freshKey();
    const response = await post(key, [{ ipAddress: '2001:0DB8:0000:0000:0000:0000:0000:0001' }]);
    expect(response.status).toBe(200);
    expect(response.body.results[0]).toEqual(
      expect.objectContaining({ cidrBlock: '2001:db8::1/128', ipAddress: '2001:db8::1' }),
    );
  });

  it('should accept the Go client form when ipAddress and cidrBlock name the same address', async () => {
    const key = await freshKey();
    const response = await post(key, [{ ipAddress: '77.54.32.11', cidrBlock: '77.54.32.11/32' }]);
    expect(response.status).toBe(200);
    expect(response.body.results[0]).toEqual(
      expect.objectContaining({ cidrBlock: '77.54.32.11/32', ipAddress: '77.54.32.11' }),
    );
  });

  it('should return 400 BAD_ACCESS_LIST_ADD_REQUEST when one element has both ipAddress and cidrBlock', async () => {
    const key = await freshKey();
    const response = await post(key, [{ ipAddress: '192.0.2.1', cidrBlock: '10.0.0.0/8' }]);
    expectApiError(response, 400, 'BAD_ACCESS_LIST_ADD_REQUEST');
  });

  it('should return 400 DUPLICATE_ADDRESSES_IN_INPUT and add nothing when an address is sent twice', async () => {
    const key = await freshKey();
    const response = await post(key, [
      { ipAddress: '192.0.2.9' },
      { ipAddress: '192.0.2.7' },
      { ipAddress: '192.0.2.9' },
    ]);
    expectApiError(response, 400, 'DUPLICATE_ADDRESSES_IN_INPUT', ['192.0.2.9']);
    const list = await call('GET', keyListUrl(t, f.org.id, key.id), { auth: f.owner });
    expect(list.body.totalCount).toBe(0);
  });

  it.each([
    [{ ipAddress: '300.1.2.3' }],
    [{ cidrBlock: '192.0.2.0/33' }],
    [{ ipAddress: '10.0.0.0/8' }],
    [{ cidrBlock: 'example.com' }],
  ])('should return 400 INVALID_IP_ADDRESS_OR_CIDR_NOTATION when the element is %p', async (element) => {
    const key = await freshKey();
    const response = await post(key, [element]);
    expectApiError(response, 400, 'INVALID_IP_ADDRESS_OR_CIDR_NOTATION');
  });

  it('should return 400 MISSING_ONE_OF_ATTRIBUTES when an element has neither ipAddress nor cidrBlock', async () => {
    const key = await freshKey();
    const response = await post(key, [{ comment: 'no address' }]);
    expectApiError(response, 400, 'MISSING_ONE_OF_ATTRIBUTES');
  });

  it('should return 400 INVALID_ATTRIBUTE naming the field when an element has an unknown field', async () => {
    const key = await freshKey();
    const response = await post(key, [{ ipAddress: '192.0.2.1', note: 'x' }]);
    expectApiError(response, 400, 'INVALID_ATTRIBUTE', { detail: 'Invalid attribute note specified.' });
  });

  it('should return 400 INVALID_JSON_ATTRIBUTE when ipAddress is not a string', async () => {
    const key = await freshKey();
    const response = await post(key, [{ ipAddress: 19216801 }]);
    expectApiError(response, 400, 'INVALID_JSON_ATTRIBUTE');
  });

  it('should return 400 VALIDATION_ERROR when the body is an object instead of an array', async () => {
    const key = await freshKey();
    const response = await post(key, { ipAddress: '192.0.2.1' });
    expectApiError(response, 400, 'VALIDATION_ERROR');
  });

  it("should return 401 USER_UNAUTHORIZED when an organization member changes another key's list", async () => {
    const key = await freshKey();
    const response = await post(key, [{ ipAddress: '192.0.2.1' }], f.member);
    expectApiError(response, 401, 'USER_UNAUTHORIZED');
  });

  it('should return 401 USER_UNAUTHORIZED when an owner of another organization adds to the list', async () => {
    const key = await freshKey();
    const otherOrg = await createOrg(t, f.boot.globalKey);
    const outsider = await createOrgApiKey(t, f.boot.globalKey, otherOrg.id, ['ORG_OWNER']);
    const response = await post(key, [{ ipAddress: '192.0.2.1' }], outsider);
    expectApiError(response, 401, 'USER_UNAUTHORIZED');
  });

  it('should let a key add to its own list when it is only an organization member', async () => {
    const key = await freshKey();
    const response = await post(key, [{ ipAddress: CALLER_ADDRESS }], key);
    expect(response.status).toBe(200);
    expect(response.body.totalCount).toBe(1);
  });

  it('should return 400 API_KEY_NOT_FOUND when the key does not exist', async () => {
    const response = await call('POST', keyListUrl(t, f.org.id, '0123456789abcdef01234567'), {
      auth: f.owner,
      body: [{ ipAddress: '192.0.2.1' }],
    });
    expectApiError(response, 400, 'API_KEY_NOT_FOUND');
  });

  it('should record one API_KEY_ACCESS_LIST_ENTRY_ADDED event per added entry when entries are added', async () => {
    const key = await freshKey();
    await post(key, [{ ipAddress: '203.0.113.5' }, { cidrBlock: '203.0.113.128/25' }]);
    await post(key, [{ ipAddress: '203.0.113.5' }]);

    const events = await call(
      'GET',
      `${t.apiUrl}/orgs/${f.org.id}/events?eventType=API_KEY_ACCESS_LIST_ENTRY_ADDED`,
      {
        auth: f.owner,
      },
    );

    const mine = (events.body.results as Array<Record<string, unknown>>).filter(
      (event) => event.targetPublicKey === key.publicKey,
    );
    expect(mine.map((event) => event.accessListEntry).sort()).toEqual(['203.0.113.128/25', '203.0.113.5']);
    expect(mine[0]).toEqual(
      expect.objectContaining({
        eventTypeName: 'API_KEY_ACCESS_LIST_ENTRY_ADDED',
        orgId: f.org.id,
        apiKeyId: f.owner.id,
        publicKey: f.owner.publicKey,
      }),
    );
  });
});
