import { expectApiError } from '../../support/api-error';
import { call, type Credentials } from '../../support/digest-client';
import {
  bootstrapFirstUser,
  createOrg,
  createOrgApiKey,
  type ApiKeyCredentials,
  type BootstrapResult,
} from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';
import { auditEvents } from '../identity/audit-events';
import { CALLER_ADDRESS, ISO_SECONDS, OUTSIDE_BLOCK } from './access-lists.fixture';

interface Entry {
  id: string;
  cidrBlock: string;
  description: string;
  type: string;
  created: string;
  updated: string;
  links: Array<{ href: string; rel: string }>;
}

// The global list fences every global key of the application, so each test starts from an empty list,
// emptied by the first user (a user is never fenced by it).
describe('POST /admin/accessList (and GET, PATCH, DELETE of the global API key access list)', () => {
  let t: TestApp;
  let boot: BootstrapResult;
  let admin: Credentials;
  let reader: ApiKeyCredentials;
  let orgOwner: ApiKeyCredentials;
  let orgId: string;

  beforeAll(async () => {
    t = await startTestApp();
    boot = await bootstrapFirstUser(t);
    admin = boot.userCredentials;
    reader = await createGlobalKey(['GLOBAL_READ_ONLY']);
    orgId = (await createOrg(t, boot.globalKey)).id;
    orgOwner = await createOrgApiKey(t, boot.globalKey, orgId, ['ORG_OWNER']);
  });

  afterAll(async () => {
    await t.close();
  });

  beforeEach(async () => {
    const listed = await call('GET', url('?itemsPerPage=500'), { auth: admin });
    for (const entry of listed.body.results as Entry[]) {
      expect((await call('DELETE', url(`/${entry.id}`), { auth: admin })).status).toBe(204);
    }
  });

  const url = (path = '') => `${t.apiUrl}/admin/accessList${path}`;
  async function createGlobalKey(roles: string[]): Promise<ApiKeyCredentials> {
    const response = await call('POST', `${t.apiUrl}/admin/apiKeys`, {
      auth: boot.globalKey,
      body: { desc: 'global key', roles },
    });
    expect(response.status).toBe(200);
    return { id: response.body.id, publicKey: response.body.publicKey, privateKey: response.body.privateKey };
  }
  const add = async (
    cidrBlock: string,
    description = 'office',
    auth: Credentials = admin,
  ): Promise<Entry> => {
    const response = await call<Entry>('POST', url(), { auth, body: { cidrBlock, description } });
    expect(response.status).toBe(200);
    return response.body;
  };
  const readKeys = (auth: Credentials) => call('GET', `${t.apiUrl}/admin/apiKeys`, { auth });

  describe('CRUD', () => {
    it('should add, read, change and remove an entry, printing its type from the block', async () => {
      const single = await add('192.0.2.7', 'one host');
      expect(single).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        cidrBlock: '192.0.2.7/32',
        description: 'one host',
        type: 'IP_ADDRESS',
        created: expect.stringMatching(ISO_SECONDS),
        updated: expect.stringMatching(ISO_SECONDS),
        links: [{ href: url(`/${single.id}`), rel: 'self' }],
      });
      expect((await call('GET', url(`/${single.id}`), { auth: admin })).body).toEqual(single);

      const changed = await call<Entry>('PATCH', url(`/${single.id}`), {
        auth: admin,
        body: { cidrBlock: '2001:db8::/48', description: 'lab' },
      });
      expect(changed.status).toBe(200);
      expect(changed.body).toEqual({
        ...single,
        cidrBlock: '2001:db8::/48',
        description: 'lab',
        type: 'CIDR_BLOCK',
        updated: expect.stringMatching(ISO_SECONDS),
      });
      const described = await call<Entry>('PATCH', url(`/${single.id}`), {
        auth: admin,
        body: { description: 'lab network' },
      });
      expect(described.body).toEqual(
        expect.objectContaining({ cidrBlock: '2001:db8::/48', description: 'lab network' }),
      );

      expect((await call('DELETE', url(`/${single.id}`), { auth: admin })).status).toBe(204);
      expectApiError(
        await call('GET', url(`/${single.id}`), { auth: admin }),
        404,
        'GLOBAL_ACCESS_LIST_ENTRY_NOT_FOUND',
        [single.id],
      );
      expectApiError(
        await call('DELETE', url(`/${single.id}`), { auth: admin }),
        404,
        'GLOBAL_ACCESS_LIST_ENTRY_NOT_FOUND',
      );
    });

    it('should answer the existing entry, unchanged, when the block is already on the list', async () => {
      const first = await add('198.51.100.0/24', 'first');
      const again = await add('198.51.100.0/24', 'second');

      expect(again).toEqual(first);
      const listed = await call('GET', url(), { auth: admin });
      expect(listed.body.totalCount).toBe(1);
    });

    it('should refuse to move an entry onto a block another entry holds', async () => {
      const a = await add('198.51.100.1');
      const b = await add('198.51.100.2');

      const response = await call('PATCH', url(`/${b.id}`), {
        auth: admin,
        body: { cidrBlock: '198.51.100.1/32' },
      });

      expectApiError(response, 409, 'GLOBAL_ACCESS_LIST_ENTRY_ALREADY_EXISTS', ['198.51.100.1/32', a.id]);
    });

    it('should page the list with totalCount and links', async () => {
      const added = [];
      for (const block of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) added.push(await add(block));

      const page = await call('GET', url('?itemsPerPage=2&pageNum=2'), { auth: admin });

      expect(page.status).toBe(200);
      expect(page.body.totalCount).toBe(3);
      expect((page.body.results as Entry[]).map((entry) => entry.id)).toEqual([added[2].id]);
      expect((page.body.links as Array<{ rel: string }>).map((link) => link.rel)).toEqual([
        'self',
        'previous',
      ]);
      const first = await call('GET', url('?itemsPerPage=2'), { auth: admin });
      expect((first.body.links as Array<{ rel: string }>).map((link) => link.rel)).toEqual(['self', 'next']);
      expect((await call('GET', url('?itemsPerPage=501'), { auth: admin })).status).toBe(400);
    });
  });

  describe('validation', () => {
    it.each([
      ['no cidrBlock', { description: 'x' }, 'cidrBlock'],
      ['no description', { cidrBlock: '192.0.2.1' }, 'description'],
      ['an empty description', { cidrBlock: '192.0.2.1', description: '' }, 'description'],
      [
        'a description of 251 characters',
        { cidrBlock: '192.0.2.1', description: 'd'.repeat(251) },
        'description',
      ],
      ['a cidrBlock that is no number', { cidrBlock: 42, description: 'x' }, 'cidrBlock'],
    ])('should answer 400 naming the field for %s', async (_case, body, field) => {
      const response = await call('POST', url(), { auth: admin, body });

      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body)).toContain(field);
      expect((await call('GET', url(), { auth: admin })).body.totalCount).toBe(0);
    });

    it('should refuse a block that is not an address or CIDR block, on POST and PATCH', async () => {
      expectApiError(
        await call('POST', url(), { auth: admin, body: { cidrBlock: '300.1.1.1/8', description: 'x' } }),
        400,
        'INVALID_IP_ADDRESS_OR_CIDR_NOTATION',
        ['300.1.1.1/8'],
      );
      const entry = await add('192.0.2.1');
      expectApiError(
        await call('PATCH', url(`/${entry.id}`), { auth: admin, body: { cidrBlock: '192.0.2.0/33' } }),
        400,
        'INVALID_IP_ADDRESS_OR_CIDR_NOTATION',
        ['192.0.2.0/33'],
      );
      const patched = await call('PATCH', url(`/${entry.id}`), { auth: admin, body: { description: '' } });
      expect(patched.status).toBe(400);
      expect(JSON.stringify(patched.body)).toContain('description');
    });
  });

  describe('roles', () => {
    it('should let a global read-only key read but not write', async () => {
      // The list fences the reader, a global key, too: it must admit the caller.
      const entry = await add(`${CALLER_ADDRESS}/32`);

      expect((await call('GET', url(), { auth: reader })).status).toBe(200);
      expect((await call('GET', url(`/${entry.id}`), { auth: reader })).status).toBe(200);
      const refusals = [
        await call('POST', url(), { auth: reader, body: { cidrBlock: '192.0.2.10', description: 'x' } }),
        await call('PATCH', url(`/${entry.id}`), { auth: reader, body: { description: 'x' } }),
        await call('DELETE', url(`/${entry.id}`), { auth: reader }),
      ];
      for (const refusal of refusals) expectApiError(refusal, 401, 'USER_UNAUTHORIZED');
      expect((await call('GET', url(`/${entry.id}`), { auth: admin })).body).toEqual(entry);
    });

    it('should refuse an organization key, even its owner, reading the list', async () => {
      expectApiError(await call('GET', url(), { auth: orgOwner }), 401, 'USER_UNAUTHORIZED');
    });
  });

  describe('enforcement', () => {
    it('should refuse a global key calling from outside a non-empty list the way a key list refuses it', async () => {
      await add(OUTSIDE_BLOCK);

      expectApiError(await readKeys(reader), 403, 'IP_ADDRESS_NOT_ON_ACCESS_LIST', {
        parameters: [CALLER_ADDRESS],
        detail: `IP address ${CALLER_ADDRESS} is not allowed to access this resource.`,
      });
      expectApiError(await readKeys(boot.globalKey), 403, 'IP_ADDRESS_NOT_ON_ACCESS_LIST', [CALLER_ADDRESS]);
      // Users and organization keys are not global keys: the list does not concern them.
      expect((await readKeys(admin)).status).toBe(200);
      expect((await call('GET', `${t.apiUrl}/orgs/${orgId}`, { auth: orgOwner })).status).toBe(200);

      await add(`${CALLER_ADDRESS}/32`);
      expect((await readKeys(reader)).status).toBe(200);
    });

    it("should need a global key's own list to admit the caller too", async () => {
      await add(`${CALLER_ADDRESS}/32`);
      const fenced = await createGlobalKey(['GLOBAL_READ_ONLY']);
      const own = await call('POST', `${t.apiUrl}/admin/apiKeys/${fenced.id}/accessList`, {
        auth: admin,
        body: [{ cidrBlock: OUTSIDE_BLOCK }],
      });
      expect(own.status).toBe(200);

      expectApiError(await readKeys(fenced), 403, 'IP_ADDRESS_NOT_ON_ACCESS_LIST', [CALLER_ADDRESS]);
      expect((await readKeys(reader)).status).toBe(200);
    });

    it('should admit every global key while the list is empty', async () => {
      expect((await readKeys(reader)).status).toBe(200);
    });
  });

  describe('the caller cannot lock itself out', () => {
    it('should refuse a global key adding a first entry that leaves its own address out', async () => {
      const addedBefore = (await auditEvents(t, 'GLOBAL_ACCESS_LIST_ENTRY_ADDED')).length;

      const response = await call('POST', url(), {
        auth: boot.globalKey,
        body: { cidrBlock: OUTSIDE_BLOCK, description: 'x' },
      });

      expectApiError(response, 400, 'CANNOT_REMOVE_CALLER_FROM_ACCESS_LIST', [CALLER_ADDRESS]);
      expect((await call('GET', url(), { auth: admin })).body.totalCount).toBe(0);
      expect(await auditEvents(t, 'GLOBAL_ACCESS_LIST_ENTRY_ADDED')).toHaveLength(addedBefore);
    });

    it('should refuse a global key removing or moving the entry it calls from, and let it remove others', async () => {
      const caller = await add(`${CALLER_ADDRESS}/32`, 'caller', boot.globalKey);
      const outside = await add(OUTSIDE_BLOCK, 'outside', boot.globalKey);

      expectApiError(
        await call('DELETE', url(`/${caller.id}`), { auth: boot.globalKey }),
        400,
        'CANNOT_REMOVE_CALLER_FROM_ACCESS_LIST',
        [CALLER_ADDRESS],
      );
      expectApiError(
        await call('PATCH', url(`/${caller.id}`), {
          auth: boot.globalKey,
          body: { cidrBlock: '192.0.2.0/24' },
        }),
        400,
        'CANNOT_REMOVE_CALLER_FROM_ACCESS_LIST',
        [CALLER_ADDRESS],
      );
      expect((await call('DELETE', url(`/${outside.id}`), { auth: boot.globalKey })).status).toBe(204);
      // The last entry: the list becomes empty, which admits every address.
      expect((await call('DELETE', url(`/${caller.id}`), { auth: boot.globalKey })).status).toBe(204);
    });

    it('should let a user remove the entry a global key calls from', async () => {
      const caller = await add(`${CALLER_ADDRESS}/32`);
      await add(OUTSIDE_BLOCK);

      expect((await call('DELETE', url(`/${caller.id}`), { auth: admin })).status).toBe(204);
      expect((await readKeys(boot.globalKey)).status).toBe(403);
    });
  });

  describe('audit', () => {
    it('should record an event for each change, naming the block', async () => {
      const entry = await add('192.0.2.44', 'audited');
      await call('PATCH', url(`/${entry.id}`), { auth: admin, body: { description: 'audited twice' } });
      await call('DELETE', url(`/${entry.id}`), { auth: admin });

      const mine = (await auditEvents(t))
        .filter((row) => row.raw?.id === entry.id)
        .map((row) => [row.event_type_name, row.subject?.accessListEntry, row.raw?.description, row.org_id]);
      expect(mine).toEqual([
        ['GLOBAL_ACCESS_LIST_ENTRY_ADDED', '192.0.2.44/32', 'audited', null],
        ['GLOBAL_ACCESS_LIST_ENTRY_UPDATED', '192.0.2.44/32', 'audited twice', null],
        ['GLOBAL_ACCESS_LIST_ENTRY_DELETED', '192.0.2.44/32', 'audited twice', null],
      ]);
    });

    it('should record nothing when the block was already on the list', async () => {
      await add('192.0.2.45');
      await add('192.0.2.45');

      const rows = (await auditEvents(t, 'GLOBAL_ACCESS_LIST_ENTRY_ADDED')).filter(
        (row) => row.subject?.accessListEntry === '192.0.2.45/32',
      );
      expect(rows).toHaveLength(1);
    });
  });
});
