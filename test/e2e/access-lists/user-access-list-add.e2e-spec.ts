import { call } from '../../support/digest-client';
import { bootstrapFirstUser, type BootstrapResult } from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';
import {
  CALLER_ADDRESS,
  ISO_SECONDS,
  OUTSIDE_BLOCK,
  queryDatabase,
  userListUrl,
} from './access-lists.fixture';
import { expectApiError } from '../../support/api-error';

describe('POST /users/{userId}/accessList', () => {
  let t: TestApp;
  let boot: BootstrapResult;

  beforeAll(async () => {
    t = await startTestApp();
    boot = await bootstrapFirstUser(t);
  });

  afterAll(async () => {
    await t.close();
  });

  const post = (body: unknown, auth = boot.userCredentials, userId = boot.user.id) =>
    call('POST', userListUrl(t, userId), { auth, body });

  it('should return 201 with the whole list and keep a /32 block as an address when entries are added', async () => {
    const response = await post([
      { ipAddress: CALLER_ADDRESS, comment: 'this machine' },
      { cidrBlock: '192.0.2.0/24' },
      { cidrBlock: '198.51.100.7/32' },
    ]);

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      links: [{ href: `${userListUrl(t, boot.user.id)}?pageNum=1&itemsPerPage=100`, rel: 'self' }],
      results: [
        {
          cidrBlock: '127.0.0.1/32',
          count: 0,
          created: expect.stringMatching(ISO_SECONDS),
          ipAddress: '127.0.0.1',
          links: [{ href: userListUrl(t, boot.user.id, '127.0.0.1'), rel: 'self' }],
        },
        {
          cidrBlock: '192.0.2.0/24',
          count: 0,
          created: expect.stringMatching(ISO_SECONDS),
          links: [{ href: userListUrl(t, boot.user.id, '192.0.2.0%2F24'), rel: 'self' }],
        },
        {
          cidrBlock: '198.51.100.7/32',
          count: 0,
          created: expect.stringMatching(ISO_SECONDS),
          ipAddress: '198.51.100.7',
          links: [{ href: userListUrl(t, boot.user.id, '198.51.100.7'), rel: 'self' }],
        },
      ],
      totalCount: 3,
    });
  });

  it('should ignore addresses already on the list when they are sent again', async () => {
    const response = await post([{ ipAddress: '198.51.100.7' }, { ipAddress: '203.0.113.1' }]);
    expect(response.status).toBe(201);
    expect(response.body.totalCount).toBe(4);
    expect(response.body.results.map((entry: { cidrBlock: string }) => entry.cidrBlock)).toEqual([
      '127.0.0.1/32',
      '192.0.2.0/24',
      '198.51.100.7/32',
      '203.0.113.1/32',
    ]);
  });

  it('should record one USER_ACCESS_LIST_ENTRY_ADDED event per added entry when entries are added', async () => {
    const rows = await queryDatabase<{ subject: Record<string, unknown>; username: string }>(
      t,
      "SELECT subject, username FROM events WHERE event_type_name = 'USER_ACCESS_LIST_ENTRY_ADDED' ORDER BY created, id",
    );
    expect(rows.map((row) => row.subject.accessListEntry).sort()).toEqual([
      '127.0.0.1',
      '192.0.2.0/24',
      '198.51.100.7',
      '203.0.113.1',
    ]);
    expect(rows.every((row) => row.subject.targetUsername === boot.user.username)).toBe(true);
    expect(rows.every((row) => row.username === boot.user.username)).toBe(true);
  });

  it('should return 400 DUPLICATE_ADDRESSES_IN_INPUT when one address is sent twice', async () => {
    const response = await post([{ ipAddress: '203.0.113.9' }, { cidrBlock: '203.0.113.9/32' }]);
    expectApiError(response, 400, 'DUPLICATE_ADDRESSES_IN_INPUT');
  });

  it('should return 400 BAD_ACCESS_LIST_ADD_REQUEST when an element names two different entries', async () => {
    const response = await post([{ ipAddress: '203.0.113.9', cidrBlock: '203.0.113.0/24' }]);
    expectApiError(response, 400, 'BAD_ACCESS_LIST_ADD_REQUEST');
  });

  it('should return 400 INVALID_IP_ADDRESS_OR_CIDR_NOTATION when an address is malformed', async () => {
    const response = await post([{ ipAddress: '203.0.113' }]);
    expectApiError(response, 400, 'INVALID_IP_ADDRESS_OR_CIDR_NOTATION', {
      detail: 'The address 203.0.113 must be in valid IP address or CIDR notation.',
    });
  });

  it('should return 401 ACCESS_LIST_ACCESS_DENIED when an API key adds to a user list', async () => {
    const response = await post([{ ipAddress: '203.0.113.9' }], boot.globalKey);
    expectApiError(response, 401, 'ACCESS_LIST_ACCESS_DENIED');
  });

  it('should return 401 ACCESS_LIST_ACCESS_DENIED when the user adds to another user id', async () => {
    const response = await post(
      [{ ipAddress: '203.0.113.9' }],
      boot.userCredentials,
      '0123456789abcdef01234567',
    );
    expectApiError(response, 401, 'ACCESS_LIST_ACCESS_DENIED');
  });
});

// Product: once the list is not empty, changes must come from an address on it.
describe('POST /users/{userId}/accessList (caller outside a non-empty list)', () => {
  let t: TestApp;
  let boot: BootstrapResult;

  beforeAll(async () => {
    t = await startTestApp();
    boot = await bootstrapFirstUser(t);
  });

  afterAll(async () => {
    await t.close();
  });

  it('should return 403 IP_ADDRESS_NOT_ON_ACCESS_LIST when the caller is not on the list', async () => {
    const first = await call('POST', userListUrl(t, boot.user.id), {
      auth: boot.userCredentials,
      body: [{ cidrBlock: OUTSIDE_BLOCK }],
    });
    expect(first.status).toBe(201);

    // Refused by authentication, or by the service when the credential cache has not caught up yet.
    const second = await call('POST', userListUrl(t, boot.user.id), {
      auth: boot.userCredentials,
      body: [{ ipAddress: CALLER_ADDRESS }],
    });

    expectApiError(second, 403, 'IP_ADDRESS_NOT_ON_ACCESS_LIST');
    const rows = await queryDatabase<{ cidr_block: string }>(
      t,
      "SELECT cidr_block FROM access_list_entries WHERE owner_kind = 'USER' AND owner_id = $1",
      [boot.user.id],
    );
    expect(rows.map((row) => row.cidr_block)).toEqual([OUTSIDE_BLOCK]);
  });
});
