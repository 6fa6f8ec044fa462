import { call } from '../../support/digest-client';
import { createOrg, createOrgApiKey, type ApiKeyCredentials } from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';
import { addToKeyList, keyListUrl, setUpOrg, type OrgFixture } from './access-lists.fixture';
import { expectApiError } from '../../support/api-error';

describe('DELETE /orgs/{orgId}/apiKeys/{apiKeyId}/accessList/{accessListEntry}', () => {
  let t: TestApp;
  let f: OrgFixture;

  beforeAll(async () => {
    t = await startTestApp();
    f = await setUpOrg(t);
  });

  afterAll(async () => {
    await t.close();
  });

  const keyWith = async (entries: object[]): Promise<ApiKeyCredentials> => {
    const key = await createOrgApiKey(t, f.boot.globalKey, f.org.id, ['ORG_MEMBER']);
    await addToKeyList(t, f.owner, f.org.id, key.id, entries);
    return key;
  };
  const remaining = async (key: ApiKeyCredentials): Promise<string[]> => {
    const list = await call('GET', keyListUrl(t, f.org.id, key.id), { auth: f.owner });
    return (list.body.results as Array<{ cidrBlock: string }>).map((entry) => entry.cidrBlock);
  };

  it('should return 204 with no body and remove the entry when the path names an address', async () => {
    const key = await keyWith([{ ipAddress: '192.0.2.1' }, { ipAddress: '192.0.2.2' }]);
    const response = await call('DELETE', keyListUrl(t, f.org.id, key.id, '192.0.2.1'), { auth: f.owner });
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    expect(await remaining(key)).toEqual(['192.0.2.2/32']);
  });

  it('should remove a block when the path carries its slash as %2F', async () => {
    const key = await keyWith([{ cidrBlock: '198.51.100.0/24' }]);
    const response = await call('DELETE', keyListUrl(t, f.org.id, key.id, '198.51.100.0%2F24'), {
      auth: f.owner,
    });
    expect(response.status).toBe(204);
    expect(await remaining(key)).toEqual([]);
  });

  it('should remove a block when the path carries its slash raw as the Go client sends it', async () => {
    const key = await keyWith([{ cidrBlock: '198.51.100.0/24' }]);
    const response = await call('DELETE', keyListUrl(t, f.org.id, key.id, '198.51.100.0/24'), {
      auth: f.owner,
    });
    expect(response.status).toBe(204);
    expect(await remaining(key)).toEqual([]);
  });

  it('should return 404 API_KEY_ACCESS_LIST_NOT_FOUND when the entry is not on the list', async () => {
    const key = await keyWith([{ ipAddress: '192.0.2.1' }]);
    const response = await call('DELETE', keyListUrl(t, f.org.id, key.id, '192.0.2.99'), { auth: f.owner });
    expectApiError(response, 404, 'API_KEY_ACCESS_LIST_NOT_FOUND');
  });

  it('should let the key remove an entry of its own list when it is only an organization member', async () => {
    const key = await keyWith([{ ipAddress: '127.0.0.1' }, { ipAddress: '192.0.2.1' }]);
    const response = await call('DELETE', keyListUrl(t, f.org.id, key.id, '192.0.2.1'), { auth: key });
    expect(response.status).toBe(204);
  });

  it("should return 401 USER_UNAUTHORIZED and keep the entry when an organization member removes from another key's list", async () => {
    const key = await keyWith([{ ipAddress: '192.0.2.1' }]);
    const response = await call('DELETE', keyListUrl(t, f.org.id, key.id, '192.0.2.1'), { auth: f.member });
    expectApiError(response, 401, 'USER_UNAUTHORIZED');
    expect(await remaining(key)).toEqual(['192.0.2.1/32']);
  });

  it('should return 401 USER_UNAUTHORIZED when an owner of another organization removes the entry', async () => {
    const key = await keyWith([{ ipAddress: '192.0.2.1' }]);
    const otherOrg = await createOrg(t, f.boot.globalKey);
    const outsider = await createOrgApiKey(t, f.boot.globalKey, otherOrg.id, ['ORG_OWNER']);
    const response = await call('DELETE', keyListUrl(t, f.org.id, key.id, '192.0.2.1'), { auth: outsider });
    expectApiError(response, 401, 'USER_UNAUTHORIZED');
  });

  it('should record an API_KEY_ACCESS_LIST_ENTRY_DELETED event when an entry is removed', async () => {
    const key = await keyWith([{ cidrBlock: '203.0.113.0/24' }]);
    await call('DELETE', keyListUrl(t, f.org.id, key.id, '203.0.113.0%2F24'), { auth: f.owner });

    const events = await call(
      'GET',
      `${t.apiUrl}/orgs/${f.org.id}/events?eventType=API_KEY_ACCESS_LIST_ENTRY_DELETED`,
      { auth: f.owner },
    );

    const mine = (events.body.results as Array<Record<string, unknown>>).filter(
      (event) => event.targetPublicKey === key.publicKey,
    );
    expect(mine).toEqual([
      expect.objectContaining({ orgId: f.org.id, accessListEntry: '203.0.113.0/24', apiKeyId: f.owner.id }),
    ]);
  });
});
