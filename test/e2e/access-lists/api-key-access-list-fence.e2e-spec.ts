import { call } from '../../support/digest-client';
import { createOrgApiKey, type ApiKeyCredentials } from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';
import { addToKeyList, keyListUrl, setUpOrg, type OrgFixture } from './access-lists.fixture';
import { expectApiError } from '../../support/api-error';

// A key fenced by an access list must not take its own fence down: the tests call from 127.0.0.1.
describe('POST /orgs/{orgId}/apiKeys/{apiKeyId}/accessList by the fenced key itself', () => {
  let t: TestApp;
  let f: OrgFixture;

  beforeAll(async () => {
    t = await startTestApp();
    f = await setUpOrg(t);
  });

  afterAll(async () => {
    await t.close();
  });

  const fencedKey = async (roles: string[], entries: object[]): Promise<ApiKeyCredentials> => {
    const key = await createOrgApiKey(t, f.boot.globalKey, f.org.id, roles);
    await addToKeyList(t, f.owner, f.org.id, key.id, entries);
    return key;
  };
  const blocksOf = async (key: ApiKeyCredentials): Promise<string[]> => {
    const list = await call('GET', keyListUrl(t, f.org.id, key.id), { auth: f.owner });
    return (list.body.results as Array<{ cidrBlock: string }>).map((entry) => entry.cidrBlock).sort();
  };
  const entryEvents = async (key: ApiKeyCredentials): Promise<number> => {
    const events = await call('GET', `${t.apiUrl}/orgs/${f.org.id}/events?itemsPerPage=500`, {
      auth: f.owner,
    });
    return (events.body.results as Array<{ targetPublicKey?: string; eventTypeName: string }>).filter(
      (event) =>
        event.targetPublicKey === key.publicKey && event.eventTypeName.startsWith('API_KEY_ACCESS_LIST'),
    ).length;
  };

  it('should refuse with 400 CANNOT_REMOVE_CALLER_FROM_ACCESS_LIST when the key deletes the entry it calls from', async () => {
    const key = await fencedKey(['ORG_MEMBER'], [{ cidrBlock: '127.0.0.1/32' }]);
    const events = await entryEvents(key);
    for (const entry of ['127.0.0.1', '127.0.0.1%2F32', '127.0.0.1/32']) {
      const response = await call('DELETE', keyListUrl(t, f.org.id, key.id, entry), { auth: key });

      expectApiError(response, 400, 'CANNOT_REMOVE_CALLER_FROM_ACCESS_LIST');
    }
    expect(await blocksOf(key)).toEqual(['127.0.0.1/32']);
    expect(await entryEvents(key)).toBe(events);
  });

  it('should refuse with 403 CANNOT_WIDEN_OWN_ACCESS_LIST when the key adds 0.0.0.0/0, ::/0 or a block outside its fence', async () => {
    const key = await fencedKey(['ORG_MEMBER'], [{ cidrBlock: '127.0.0.0/24' }]);
    const events = await entryEvents(key);
    for (const body of [
      [{ cidrBlock: '0.0.0.0/0' }],
      [{ cidrBlock: '::/0' }],
      [{ ipAddress: '192.0.2.1' }],
      [{ cidrBlock: '127.0.0.0/16' }],
      // One allowed entry and one that widens: nothing is written.
      [{ ipAddress: '127.0.0.9' }, { cidrBlock: '10.0.0.0/8' }],
    ]) {
      const response = await call('POST', keyListUrl(t, f.org.id, key.id), { auth: key, body });

      expectApiError(response, 403, 'CANNOT_WIDEN_OWN_ACCESS_LIST');
      expect(response.body.parameters).toHaveLength(1);
    }
    expect(await blocksOf(key)).toEqual(['127.0.0.0/24']);
    expect(await entryEvents(key)).toBe(events);
  });

  it('should let the key narrow its own list inside its fence', async () => {
    const key = await fencedKey(['ORG_MEMBER'], [{ cidrBlock: '127.0.0.0/24' }, { ipAddress: '192.0.2.1' }]);

    const added = await call('POST', keyListUrl(t, f.org.id, key.id), {
      auth: key,
      body: [{ ipAddress: '127.0.0.1' }, { cidrBlock: '192.0.2.1/32' }],
    });
    expect(added.status).toBe(200);
    const removed = await call('DELETE', keyListUrl(t, f.org.id, key.id, '192.0.2.1'), { auth: key });
    expect(removed.status).toBe(204);
    expect(await blocksOf(key)).toEqual(['127.0.0.0/24', '127.0.0.1/32']);
  });

  it('should let an unfenced key fence itself', async () => {
    const key = await createOrgApiKey(t, f.boot.globalKey, f.org.id, ['ORG_MEMBER']);
    const response = await call('POST', keyListUrl(t, f.org.id, key.id), {
      auth: key,
      body: [{ cidrBlock: '127.0.0.0/8' }],
    });
    expect(response.status).toBe(200);
    expect(await blocksOf(key)).toEqual(['127.0.0.0/8']);
  });

  it("should let an Organization Owner loosen another key's list: remove its only entry and add 0.0.0.0/0", async () => {
    const key = await fencedKey(['ORG_MEMBER'], [{ cidrBlock: '127.0.0.1/32' }]);

    const removed = await call('DELETE', keyListUrl(t, f.org.id, key.id, '127.0.0.1'), { auth: f.owner });
    expect(removed.status).toBe(204);
    await addToKeyList(t, f.owner, f.org.id, key.id, [{ cidrBlock: '0.0.0.0/0' }]);
    expect(await blocksOf(key)).toEqual(['0.0.0.0/0']);
  });

  it('should refuse an Organization Owner key widening its own list, which only an unfenced caller opens', async () => {
    const key = await fencedKey(['ORG_OWNER'], [{ cidrBlock: '127.0.0.1/32' }]);

    const widened = await call('POST', keyListUrl(t, f.org.id, key.id), {
      auth: key,
      body: [{ cidrBlock: '10.0.0.0/8' }],
    });
    expectApiError(widened, 403, 'CANNOT_WIDEN_OWN_ACCESS_LIST');
    const removed = await call('DELETE', keyListUrl(t, f.org.id, key.id, '127.0.0.1'), { auth: key });
    expectApiError(removed, 400, 'CANNOT_REMOVE_CALLER_FROM_ACCESS_LIST');
    expect(await blocksOf(key)).toEqual(['127.0.0.1/32']);

    await addToKeyList(t, f.owner, f.org.id, key.id, [{ cidrBlock: '10.0.0.0/8' }]);
    expect(await blocksOf(key)).toEqual(['10.0.0.0/8', '127.0.0.1/32']);
  });
});
