import { call } from '../../support/digest-client';
import { bootstrapFirstUser, type BootstrapResult } from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';
import { CALLER_ADDRESS, ISO_SECONDS, userListUrl } from './access-lists.fixture';
import { expectApiError } from '../../support/api-error';

// GET /users/{userId}/accessList/{entry}: the entry whose ipAddress equals the value, never a block merely
// containing it.
describe('GET /users/{userId}/accessList/{accessListEntry}', () => {
  let t: TestApp;
  let boot: BootstrapResult;

  beforeAll(async () => {
    t = await startTestApp();
    boot = await bootstrapFirstUser(t);
    const added = await call('POST', userListUrl(t, boot.user.id), {
      auth: boot.userCredentials,
      body: [{ ipAddress: CALLER_ADDRESS }, { cidrBlock: '192.0.2.0/24' }, { ipAddress: '198.51.100.7' }],
    });
    if (added.status !== 201) throw new Error(`set-up failed: ${added.status} ${added.text}`);
  });

  afterAll(async () => {
    await t.close();
  });

  const get = (entry: string) =>
    call('GET', userListUrl(t, boot.user.id, entry), { auth: boot.userCredentials });

  it('should return a list envelope holding the entry when the value equals its ipAddress', async () => {
    const response = await get('198.51.100.7');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      links: [
        { href: `${userListUrl(t, boot.user.id, '198.51.100.7')}?pageNum=1&itemsPerPage=100`, rel: 'self' },
      ],
      results: [
        {
          cidrBlock: '198.51.100.7/32',
          count: 0,
          created: expect.stringMatching(ISO_SECONDS),
          ipAddress: '198.51.100.7',
          links: [{ href: userListUrl(t, boot.user.id, '198.51.100.7'), rel: 'self' }],
        },
      ],
      totalCount: 1,
    });
  });

  it('should return 404 ACCESS_LIST_NOT_FOUND when the value is only contained in a block', async () => {
    const response = await get('192.0.2.5');
    expectApiError(response, 404, 'ACCESS_LIST_NOT_FOUND', {
      parameters: ['192.0.2.5', boot.user.username],
      detail: `IP address 192.0.2.5 not on access list for user ${boot.user.username}.`,
    });
  });

  it('should return the block as in the product sample when the value is the block with %2F', async () => {
    const response = await get('192.0.2.0%2F24');
    expect(response.status).toBe(200);
    expect(response.body.totalCount).toBe(1);
    expect(response.body.results).toEqual([
      {
        cidrBlock: '192.0.2.0/24',
        count: 0,
        created: expect.stringMatching(ISO_SECONDS),
        links: [{ href: userListUrl(t, boot.user.id, '192.0.2.0%2F24'), rel: 'self' }],
      },
    ]);
  });

  it('should return the block when the value carries its slash raw as the Go client sends it', async () => {
    const response = await get('192.0.2.0/24');
    expect(response.status).toBe(200);
    expect(response.body.results[0].cidrBlock).toBe('192.0.2.0/24');
  });

  it('should add status to the envelope when envelope=true', async () => {
    const response = await call('GET', `${userListUrl(t, boot.user.id, '198.51.100.7')}?envelope=true`, {
      auth: boot.userCredentials,
    });
    expect(response.body).toEqual(expect.objectContaining({ status: 200, totalCount: 1 }));
  });

  it('should return 400 INVALID_IP_ADDRESS_OR_CIDR_NOTATION when the value is not an address', async () => {
    const response = await get('198.51.100.300');
    expectApiError(response, 400, 'INVALID_IP_ADDRESS_OR_CIDR_NOTATION');
  });

  it('should return 401 ACCESS_LIST_ACCESS_DENIED when an API key asks', async () => {
    const response = await call('GET', userListUrl(t, boot.user.id, '198.51.100.7'), {
      auth: boot.globalKey,
    });
    expectApiError(response, 401, 'ACCESS_LIST_ACCESS_DENIED');
  });
});
