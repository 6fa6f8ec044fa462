import { call } from '../../support/digest-client';
import { createOrgApiKey, type ApiKeyCredentials } from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';
import { addToKeyList, ISO_SECONDS, keyListUrl, setUpOrg, type OrgFixture } from './access-lists.fixture';
import { expectApiError } from '../../support/api-error';

describe('GET /orgs/{orgId}/apiKeys/{apiKeyId}/accessList/{accessListEntry}', () => {
  let t: TestApp;
  let f: OrgFixture;
  let key: ApiKeyCredentials;

  beforeAll(async () => {
    t = await startTestApp();
    f = await setUpOrg(t);
    key = await createOrgApiKey(t, f.boot.globalKey, f.org.id, ['ORG_MEMBER']);
    await addToKeyList(t, f.owner, f.org.id, key.id, [
      { ipAddress: '192.0.2.15' },
      { cidrBlock: '198.51.100.0/24' },
      { cidrBlock: '2001:db8::/32' },
    ]);
  });

  afterAll(async () => {
    await t.close();
  });

  const get = (entry: string) => call('GET', keyListUrl(t, f.org.id, key.id, entry), { auth: f.owner });

  it('should return the entry when the path names its address', async () => {
    const response = await get('192.0.2.15');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      cidrBlock: '192.0.2.15/32',
      count: 0,
      created: expect.stringMatching(ISO_SECONDS),
      ipAddress: '192.0.2.15',
      links: [{ href: keyListUrl(t, f.org.id, key.id, '192.0.2.15'), rel: 'self' }],
    });
  });

  it('should return the block when the path carries its slash as %2F', async () => {
    const response = await get('198.51.100.0%2F24');
    expect(response.status).toBe(200);
    expect(response.body).toEqual(expect.objectContaining({ cidrBlock: '198.51.100.0/24', ipAddress: null }));
  });

  it('should return the block when the path carries its slash raw as the Go client sends it', async () => {
    const response = await get('198.51.100.0/24');
    expect(response.status).toBe(200);
    expect(response.body.cidrBlock).toBe('198.51.100.0/24');
  });

  it('should return an IPv6 block when the path carries it in either form', async () => {
    expect((await get('2001:db8::%2F32')).body.cidrBlock).toBe('2001:db8::/32');
    expect((await get('2001:db8::/32')).body.cidrBlock).toBe('2001:db8::/32');
  });

  it('should wrap the entry when envelope=true', async () => {
    const response = await call('GET', `${keyListUrl(t, f.org.id, key.id, '192.0.2.15')}?envelope=true`, {
      auth: f.owner,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 200,
      content: expect.objectContaining({ ipAddress: '192.0.2.15' }),
    });
  });

  it('should return 404 API_KEY_ACCESS_LIST_NOT_FOUND when an address inside a block is asked for', async () => {
    const response = await get('198.51.100.7');
    expectApiError(response, 404, 'API_KEY_ACCESS_LIST_NOT_FOUND');
  });

  it('should return 400 INVALID_IP_ADDRESS_OR_CIDR_NOTATION when the path is not an address', async () => {
    const response = await get('not-an-address');
    expectApiError(response, 400, 'INVALID_IP_ADDRESS_OR_CIDR_NOTATION');
  });

  it('should return 400 API_KEY_NOT_FOUND when the key does not exist', async () => {
    const response = await call('GET', keyListUrl(t, f.org.id, '0123456789abcdef01234567', '192.0.2.15'), {
      auth: f.owner,
    });
    expectApiError(response, 400, 'API_KEY_NOT_FOUND');
  });
});
