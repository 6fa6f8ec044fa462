import { call } from '../../support/digest-client';
import { eventually } from '../../support/eventually';
import { createOrgApiKey, type ApiKeyCredentials } from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';
import {
  addToKeyList,
  CALLER_ADDRESS,
  ISO_SECONDS,
  keyListUrl,
  OUTSIDE_BLOCK,
  queryDatabase,
  setUpOrg,
  type OrgFixture,
} from './access-lists.fixture';
import { expectApiError } from '../../support/api-error';

// The protected call used throughout: any organization member may read its organization.
describe('GET /orgs/{orgId} (API key with an access list)', () => {
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
  const readOrg = (key: ApiKeyCredentials) => call('GET', `${t.apiUrl}/orgs/${f.org.id}`, { auth: key });
  const entriesOf = async (key: ApiKeyCredentials): Promise<Array<Record<string, unknown>>> =>
    (await call('GET', keyListUrl(t, f.org.id, key.id), { auth: f.owner })).body.results;

  it('should return 403 IP_ADDRESS_NOT_ON_ACCESS_LIST when the caller is outside every entry', async () => {
    const key = await freshKey();
    await addToKeyList(t, f.owner, f.org.id, key.id, [{ cidrBlock: OUTSIDE_BLOCK }]);

    const response = await readOrg(key);

    expectApiError(response, 403, 'IP_ADDRESS_NOT_ON_ACCESS_LIST', {
      parameters: [CALLER_ADDRESS],
      detail: `IP address ${CALLER_ADDRESS} is not allowed to access this resource.`,
    });
  });

  it('should admit any address when the list is empty', async () => {
    const key = await freshKey();
    expect((await readOrg(key)).status).toBe(200);
  });

  it('should admit the call and maintain count, lastUsed and lastUsedAddress when the caller is on the list', async () => {
    const key = await freshKey();
    await addToKeyList(t, f.owner, f.org.id, key.id, [
      { ipAddress: CALLER_ADDRESS },
      { cidrBlock: OUTSIDE_BLOCK },
    ]);

    expect((await readOrg(key)).status).toBe(200);
    expect((await readOrg(key)).status).toBe(200);

    const [caller, outside] = await entriesOf(key);
    expect(caller).toEqual({
      cidrBlock: `${CALLER_ADDRESS}/32`,
      count: 2,
      created: expect.stringMatching(ISO_SECONDS),
      ipAddress: CALLER_ADDRESS,
      lastUsed: expect.stringMatching(ISO_SECONDS),
      lastUsedAddress: CALLER_ADDRESS,
      links: [{ href: keyListUrl(t, f.org.id, key.id, CALLER_ADDRESS), rel: 'self' }],
    });
    expect(outside).toEqual(expect.objectContaining({ cidrBlock: OUTSIDE_BLOCK, count: 0 }));
    expect(outside).not.toHaveProperty('lastUsed');
    expect(outside).not.toHaveProperty('lastUsedAddress');
  });

  it('should credit the most specific entry when several entries admit the caller', async () => {
    const key = await freshKey();
    await addToKeyList(t, f.owner, f.org.id, key.id, [
      { cidrBlock: '127.0.0.0/8' },
      { ipAddress: CALLER_ADDRESS },
    ]);

    expect((await readOrg(key)).status).toBe(200);

    const entries = await entriesOf(key);
    expect(entries.map((entry) => [entry.cidrBlock, entry.count])).toEqual([
      ['127.0.0.0/8', 0],
      ['127.0.0.1/32', 1],
    ]);
  });

  it('should refuse a key already in use when an owner narrows its list to a block outside the caller', async () => {
    const key = await freshKey();
    expect((await readOrg(key)).status).toBe(200);

    await addToKeyList(t, f.owner, f.org.id, key.id, [{ cidrBlock: OUTSIDE_BLOCK }]);

    // Credential caches drop an entry when the change's NOTIFY arrives, a moment after commit.
    const refused = await eventually('the key to be refused', async () => {
      const response = await readOrg(key);
      return response.status === 403 ? response : undefined;
    });
    expectApiError(refused, 403, 'IP_ADDRESS_NOT_ON_ACCESS_LIST');
  });

  it('should admit the key again when an owner removes the entry that left the caller outside', async () => {
    const key = await freshKey();
    await addToKeyList(t, f.owner, f.org.id, key.id, [{ cidrBlock: OUTSIDE_BLOCK }]);
    expect((await readOrg(key)).status).toBe(403);

    const removed = await call('DELETE', keyListUrl(t, f.org.id, key.id, '10.0.0.0%2F8'), { auth: f.owner });
    expect(removed.status).toBe(204);

    const admitted = await eventually('the key to be admitted again', async () => {
      const response = await readOrg(key);
      return response.status === 200 ? response : undefined;
    });
    expect(admitted.status).toBe(200);
  });

  it("should drop the key's entries when the key is deleted", async () => {
    const key = await freshKey();
    await addToKeyList(t, f.owner, f.org.id, key.id, [
      { ipAddress: '192.0.2.1' },
      { cidrBlock: OUTSIDE_BLOCK },
    ]);
    const countRows = async () =>
      (
        await queryDatabase<{ n: string }>(
          t,
          'SELECT count(*) AS n FROM access_list_entries WHERE owner_id = $1',
          [key.id],
        )
      )[0].n;
    expect(await countRows()).toBe('2');

    const deleted = await call('DELETE', `${t.apiUrl}/orgs/${f.org.id}/apiKeys/${key.id}`, { auth: f.owner });

    expect(deleted.status).toBe(204);
    expect(await countRows()).toBe('0');
  });
});
