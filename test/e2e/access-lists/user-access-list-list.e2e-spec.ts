import { call } from '../../support/digest-client';
import { eventually } from '../../support/eventually';
import { bootstrapFirstUser, type BootstrapResult } from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';
import { CALLER_ADDRESS, ISO_SECONDS, userListUrl } from './access-lists.fixture';
import { expectApiError } from '../../support/api-error';

describe('GET /users/{userId}/accessList', () => {
  let t: TestApp;
  let boot: BootstrapResult;

  beforeAll(async () => {
    t = await startTestApp();
    boot = await bootstrapFirstUser(t);
  });

  afterAll(async () => {
    await t.close();
  });

  const list = () => call('GET', userListUrl(t, boot.user.id), { auth: boot.userCredentials });

  it('should return an empty list envelope when the user has no entries', async () => {
    const response = await list();
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      links: [{ href: `${userListUrl(t, boot.user.id)}?pageNum=1&itemsPerPage=100`, rel: 'self' }],
      results: [],
      totalCount: 0,
    });
  });

  it('should print the entries and maintain count, lastUsed and lastUsedAddress when the user calls from a listed address', async () => {
    const added = await call('POST', userListUrl(t, boot.user.id), {
      auth: boot.userCredentials,
      body: [{ ipAddress: CALLER_ADDRESS }, { cidrBlock: '192.0.2.0/24' }],
    });
    expect(added.status).toBe(201);

    // Each admitted call is counted before it is served, so a GET sees itself in `count`.
    const first = await eventually('the first call to be counted', async () => {
      const response = await list();
      return response.body.results[0]?.count >= 1 ? response : undefined;
    });
    const response = await list();

    expect(response.status).toBe(200);
    expect(response.body.totalCount).toBe(2);
    const [caller, block] = response.body.results;
    expect(caller).toEqual({
      cidrBlock: `${CALLER_ADDRESS}/32`,
      count: first.body.results[0].count + 1,
      created: expect.stringMatching(ISO_SECONDS),
      ipAddress: CALLER_ADDRESS,
      lastUsed: expect.stringMatching(ISO_SECONDS),
      lastUsedAddress: CALLER_ADDRESS,
      links: [{ href: userListUrl(t, boot.user.id, CALLER_ADDRESS), rel: 'self' }],
    });
    expect(block).toEqual({
      cidrBlock: '192.0.2.0/24',
      count: 0,
      created: expect.stringMatching(ISO_SECONDS),
      links: [{ href: userListUrl(t, boot.user.id, '192.0.2.0%2F24'), rel: 'self' }],
    });
  });

  it('should return 401 ACCESS_LIST_ACCESS_DENIED when an API key asks for a user list', async () => {
    const response = await call('GET', userListUrl(t, boot.user.id), { auth: boot.globalKey });
    expectApiError(response, 401, 'ACCESS_LIST_ACCESS_DENIED');
    expect(response.body.detail).toBe(
      `Cannot retrieve access list for user ${boot.user.id}, which is not currently logged in.`,
    );
  });

  it('should return 401 ACCESS_LIST_ACCESS_DENIED when the user asks for another user id', async () => {
    const response = await call('GET', userListUrl(t, '0123456789abcdef01234567'), {
      auth: boot.userCredentials,
    });
    expectApiError(response, 401, 'ACCESS_LIST_ACCESS_DENIED');
  });
});
