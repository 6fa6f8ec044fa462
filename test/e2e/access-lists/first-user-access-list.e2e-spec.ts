import { call } from '../../support/digest-client';
import { bootstrapFirstUser } from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';
import { CALLER_ADDRESS, OUTSIDE_BLOCK, queryDatabase, userListUrl } from './access-lists.fixture';
import { expectApiError } from '../../support/api-error';

// The bootstrap's `accessList` query seeds the first user's list and the global key's list.
describe('POST /unauth/users (accessList query)', () => {
  let t: TestApp;

  beforeEach(async () => {
    t = await startTestApp();
  });

  afterEach(async () => {
    await t.close();
  });

  it("should put the addresses on the user's and the global key's lists when they are given", async () => {
    const boot = await bootstrapFirstUser(t, { accessList: [CALLER_ADDRESS, '192.0.2.0/24'] });

    const list = await call('GET', userListUrl(t, boot.user.id), { auth: boot.userCredentials });
    expect(list.status).toBe(200);
    expect(list.body.results).toEqual([
      expect.objectContaining({ cidrBlock: '127.0.0.1/32', ipAddress: CALLER_ADDRESS }),
      expect.objectContaining({ cidrBlock: '192.0.2.0/24' }),
    ]);

    expect((await call('GET', `${t.apiUrl}/orgs`, { auth: boot.globalKey })).status).toBe(200);
    const keyRows = await queryDatabase<{ cidr_block: string; ip_address: string | null; count: string }>(
      t,
      "SELECT cidr_block, ip_address, count FROM access_list_entries WHERE owner_kind = 'API_KEY' AND owner_id = $1 ORDER BY id",
      [boot.globalKey.id],
    );
    expect(keyRows).toEqual([
      { cidr_block: '127.0.0.1/32', ip_address: CALLER_ADDRESS, count: '1' },
      { cidr_block: '192.0.2.0/24', ip_address: null, count: '0' },
    ]);
  });

  it('should refuse the global key and the user with 403 when the given addresses leave the caller out', async () => {
    const boot = await bootstrapFirstUser(t, { accessList: [OUTSIDE_BLOCK] });

    const byKey = await call('GET', `${t.apiUrl}/orgs`, { auth: boot.globalKey });
    const byUser = await call('GET', `${t.apiUrl}/orgs`, { auth: boot.userCredentials });

    expectApiError(byKey, 403, 'IP_ADDRESS_NOT_ON_ACCESS_LIST');
    expectApiError(byUser, 403, 'IP_ADDRESS_NOT_ON_ACCESS_LIST');
  });
});
