import { call } from '../../support/digest-client';
import { bootstrapFirstUser, type BootstrapResult } from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';
import { CALLER_ADDRESS, queryDatabase, userListUrl } from './access-lists.fixture';
import { expectApiError } from '../../support/api-error';

// DELETE /users/{userId}/accessList/{entry}.
describe('DELETE /users/{userId}/accessList/{accessListEntry}', () => {
  let t: TestApp;
  let boot: BootstrapResult;

  beforeAll(async () => {
    t = await startTestApp();
    boot = await bootstrapFirstUser(t);
    const added = await call('POST', userListUrl(t, boot.user.id), {
      auth: boot.userCredentials,
      body: [
        { ipAddress: CALLER_ADDRESS },
        { cidrBlock: '127.0.0.0/8' },
        { cidrBlock: '192.0.2.0/24' },
        { cidrBlock: '198.51.100.0/24' },
        { ipAddress: '203.0.113.7' },
      ],
    });
    if (added.status !== 201) throw new Error(`set-up failed: ${added.status} ${added.text}`);
  });

  afterAll(async () => {
    await t.close();
  });

  const remove = (entry: string, auth = boot.userCredentials) =>
    call('DELETE', userListUrl(t, boot.user.id, entry), { auth });
  const blocks = async (): Promise<string[]> =>
    (await call('GET', userListUrl(t, boot.user.id), { auth: boot.userCredentials })).body.results.map(
      (entry: { cidrBlock: string }) => entry.cidrBlock,
    );

  it('should return 204 with no body and remove the entry when the value is an address on the list', async () => {
    const response = await remove('203.0.113.7');
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    expect(await blocks()).not.toContain('203.0.113.7/32');
  });

  it('should remove a block when its slash is sent as %2F', async () => {
    expect((await remove('192.0.2.0%2F24')).status).toBe(204);
    expect(await blocks()).not.toContain('192.0.2.0/24');
  });

  it('should remove a block when its slash is sent raw as the Go client sends it', async () => {
    expect((await remove('198.51.100.0/24')).status).toBe(204);
    expect(await blocks()).not.toContain('198.51.100.0/24');
  });

  it("should return 400 CANNOT_REMOVE_CALLER_FROM_ACCESS_LIST when the entry is the caller's address", async () => {
    const response = await remove(CALLER_ADDRESS);
    expectApiError(response, 400, 'CANNOT_REMOVE_CALLER_FROM_ACCESS_LIST', {
      parameters: [CALLER_ADDRESS],
      detail: `Cannot remove caller's IP address ${CALLER_ADDRESS} from access list.`,
    });
    expect(await blocks()).toContain('127.0.0.1/32');
  });

  it("should return 400 CANNOT_REMOVE_CALLER_FROM_ACCESS_LIST when the entry is a block holding the caller's address", async () => {
    const response = await remove('127.0.0.0%2F8');
    expectApiError(response, 400, 'CANNOT_REMOVE_CALLER_FROM_ACCESS_LIST');
    expect(await blocks()).toContain('127.0.0.0/8');
  });

  it('should return 404 ACCESS_LIST_NOT_FOUND when the entry is not on the list', async () => {
    const response = await remove('203.0.113.99');
    expectApiError(response, 404, 'ACCESS_LIST_NOT_FOUND');
  });

  it('should return 401 ACCESS_LIST_ACCESS_DENIED when an API key removes from a user list', async () => {
    const response = await remove('127.0.0.0%2F8', boot.globalKey);
    expectApiError(response, 401, 'ACCESS_LIST_ACCESS_DENIED');
  });

  it('should record a USER_ACCESS_LIST_ENTRY_DELETED event per removed entry', async () => {
    const rows = await queryDatabase<{ subject: Record<string, unknown> }>(
      t,
      "SELECT subject FROM events WHERE event_type_name = 'USER_ACCESS_LIST_ENTRY_DELETED'",
    );
    expect(rows.map((row) => row.subject.accessListEntry).sort()).toEqual([
      '192.0.2.0/24',
      '198.51.100.0/24',
      '203.0.113.7',
    ]);
  });
});
