import { expectApiError } from '../../support/api-error';
import { call } from '../../support/digest-client';
import {
  createOrg,
  createUser,
  TEAMMATE_PASSWORD,
  uniqueName,
} from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';
import { auditEvents, countRows } from './audit-events';
import { buildWorld, type World } from './identity.fixture';

describe('POST /users (and PATCH, DELETE /users/{userId})', () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await startTestApp();
    w = await buildWorld(t);
  });

  afterAll(async () => {
    await t.close();
  });

  const body = (roles: unknown[], overrides: Record<string, unknown> = {}) => {
    const username = `${uniqueName('new')}@example.com`;
    return {
      username,
      password: TEAMMATE_PASSWORD,
      emailAddress: username,
      firstName: 'Sam',
      lastName: 'Lee',
      roles,
      ...overrides,
    };
  };

  it('should create a teammate who signs in with Digest at once and sees only their organization', async () => {
    const request = body([{ groupId: w.projectA.id, roleName: 'GROUP_READ_ONLY' }], {
      mobileNumber: '+1 555 0100',
    });
    const created = await call('POST', `${t.apiUrl}/users`, { auth: w.admin, body: request });

    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      emailAddress: request.username,
      firstName: 'Sam',
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      lastName: 'Lee',
      links: [{ href: `${t.apiUrl}/users/${created.body.id}`, rel: 'self' }],
      mobileNumber: '+1 555 0100',
      roles: [{ groupId: w.projectA.id, roleName: 'GROUP_READ_ONLY' }],
      teamIds: [],
      username: request.username,
    });
    expect(created.text).not.toMatch(/password|ha1|Teammate-2024/i);

    const asTeammate = { publicKey: request.username, privateKey: TEAMMATE_PASSWORD };
    const project = await call('GET', `${t.apiUrl}/groups/${w.projectA.id}`, { auth: asTeammate });
    const orgs = await call('GET', `${t.apiUrl}/orgs`, { auth: asTeammate });
    const other = await call('GET', `${t.apiUrl}/groups/${w.projectB.id}`, { auth: asTeammate });
    expect(project.status).toBe(200);
    expect(orgs.body.results.map((org: { id: string }) => org.id)).toEqual([w.orgA.id]);
    expectApiError(other, 401, 'NOT_IN_GROUP');

    const joined = (await auditEvents(t, 'JOINED_GROUP')).filter(
      (e) => e.subject?.targetUsername === request.username,
    );
    expect(joined).toEqual([expect.objectContaining({ group_id: w.projectA.id, org_id: w.orgA.id })]);
  });

  it('should refuse a taken username with 409 USER_ALREADY_EXISTS', async () => {
    const request = body([{ orgId: w.orgA.id, roleName: 'ORG_MEMBER' }]);
    await call('POST', `${t.apiUrl}/users`, { auth: w.admin, body: request });
    const again = await call('POST', `${t.apiUrl}/users`, { auth: w.admin, body: request });

    expectApiError(again, 409, 'USER_ALREADY_EXISTS');
  });

  it.each([
    ['a weak password', { password: 'password' }, [], 'WEAK_PASSWORD', undefined],
    ['a project role without groupId', {}, [{ roleName: 'GROUP_OWNER' }], 'ROLE_NEEDS_GROUP_ID', 'roles[0]'],
    [
      'an org role with a groupId',
      {},
      [{ groupId: 'x', roleName: 'ORG_MEMBER' }],
      'ROLE_NEEDS_NO_GROUP_ID',
      'roles[0]',
    ],
    ['an unknown role', {}, [{ roleName: 'GROUP_GOD' }], 'INVALID_ENUM_VALUE', 'roles[0].roleName'],
    [
      'an unknown project',
      {},
      [{ groupId: '0123456789abcdef01234567', roleName: 'GROUP_OWNER' }],
      'INVALID_ATTRIBUTE',
      'roles[0].groupId',
    ],
    ['a missing emailAddress', { emailAddress: undefined }, [], 'MISSING_ATTRIBUTE', 'emailAddress'],
  ])(
    'should refuse %s with 400 naming the field and write nothing',
    async (_what, overrides, roles, code, field) => {
      const request = body(roles, overrides);
      const response = await call('POST', `${t.apiUrl}/users`, { auth: w.admin, body: request });

      expectApiError(
        response,
        400,
        code,
        field === undefined ? {} : { detail: expect.stringContaining(field) },
      );
      expect(await countRows(t, 'SELECT 1 FROM users WHERE username = $1', [request.username])).toBe(0);
    },
  );

  it('should let an ORG_OWNER create users in its organization only', async () => {
    const inside = await call('POST', `${t.apiUrl}/users`, {
      auth: w.ownerA,
      body: body([{ groupId: w.projectA.id, roleName: 'GROUP_OWNER' }]),
    });
    const outside = await call('POST', `${t.apiUrl}/users`, {
      auth: w.ownerA,
      body: body([{ groupId: w.projectB.id, roleName: 'GROUP_READ_ONLY' }]),
    });
    const global = await call('POST', `${t.apiUrl}/users`, {
      auth: w.ownerA,
      body: body([{ roleName: 'GLOBAL_READ_ONLY' }]),
    });
    const member = await call('POST', `${t.apiUrl}/users`, {
      auth: w.memberA,
      body: body([{ groupId: w.projectA.id, roleName: 'GROUP_READ_ONLY' }]),
    });

    expect(inside.status).toBe(201);
    expectApiError(outside, 401, 'NOT_GROUP_USER_ADMIN');
    expectApiError(global, 403, 'CANNOT_ADD_GLOBAL_ROLE');
    expectApiError(member, 401, 'NOT_GROUP_USER_ADMIN');
  });

  it('should never let a caller raise its own roles, nor a project user admin grant GROUP_OWNER', async () => {
    const admin = await createUser(t, w.admin, [{ groupId: w.projectA.id, roleName: 'GROUP_USER_ADMIN' }]);
    const raise = await call('PATCH', `${t.apiUrl}/users/${admin.user.id}`, {
      auth: admin.credentials,
      body: { roles: [{ groupId: w.projectA.id, roleName: 'GROUP_OWNER' }] },
    });
    const peer = await createUser(t, w.admin, [{ groupId: w.projectA.id, roleName: 'GROUP_READ_ONLY' }]);
    const promote = await call('PATCH', `${t.apiUrl}/users/${peer.user.id}`, {
      auth: admin.credentials,
      body: { roles: [{ groupId: w.projectA.id, roleName: 'GROUP_OWNER' }] },
    });
    const allowed = await call('PATCH', `${t.apiUrl}/users/${peer.user.id}`, {
      auth: admin.credentials,
      body: { roles: [{ groupId: w.projectA.id, roleName: 'GROUP_MONITORING_ADMIN' }] },
    });

    expectApiError(raise, 401, 'CANNOT_MODIFY_OWN_ROLES');
    expectApiError(promote, 401, 'NOT_GROUP_USER_ADMIN');
    expect(allowed.status).toBe(200);
    expect(allowed.body.roles).toEqual([{ groupId: w.projectA.id, roleName: 'GROUP_MONITORING_ADMIN' }]);
    const own = await call('GET', `${t.apiUrl}/users/${admin.user.id}`, { auth: admin.credentials });
    expect(own.body.roles).toEqual([{ groupId: w.projectA.id, roleName: 'GROUP_USER_ADMIN' }]);
  });

  it('should make a role change effective on the very next request and keep roles the caller cannot grant', async () => {
    const orgC = await createOrg(t, w.admin, uniqueName('Org C'));
    const mate = await createUser(t, w.admin, [
      { groupId: w.projectA.id, roleName: 'GROUP_READ_ONLY' },
      { orgId: orgC.id, roleName: 'ORG_MEMBER' },
    ]);
    expect(
      (await call('GET', `${t.apiUrl}/groups/${w.projectA.id}`, { auth: mate.credentials })).status,
    ).toBe(200);

    const patched = await call('PATCH', `${t.apiUrl}/users/${mate.user.id}`, {
      auth: w.ownerA,
      body: { roles: [] },
    });

    expect(patched.status).toBe(200);
    expect(patched.body.roles).toEqual([{ orgId: orgC.id, roleName: 'ORG_MEMBER' }]);
    expectApiError(
      await call('GET', `${t.apiUrl}/groups/${w.projectA.id}`, { auth: mate.credentials }),
      401,
      'NOT_IN_GROUP',
    );
    const removed = (await auditEvents(t, 'REMOVED_FROM_GROUP')).filter(
      (e) => e.subject?.targetUsername === mate.credentials.publicKey,
    );
    expect(removed).toEqual([expect.objectContaining({ group_id: w.projectA.id })]);
  });

  it('should change names and password for the user itself, and refuse an ORG_OWNER doing it', async () => {
    const mate = await createUser(t, w.admin, [{ groupId: w.projectA.id, roleName: 'GROUP_READ_ONLY' }]);
    const byOwner = await call('PATCH', `${t.apiUrl}/users/${mate.user.id}`, {
      auth: w.ownerA,
      body: { firstName: 'X' },
    });
    const bySelf = await call('PATCH', `${t.apiUrl}/users/${mate.user.id}`, {
      auth: mate.credentials,
      body: { firstName: 'Samuel', password: 'Another-Secret-7' },
    });

    expectApiError(byOwner, 401, 'USER_UNAUTHORIZED');
    expect(bySelf.status).toBe(200);
    expect(bySelf.body.firstName).toBe('Samuel');
    expect((await call('GET', `${t.apiUrl}/users/${mate.user.id}`, { auth: mate.credentials })).status).toBe(
      401,
    );
    const fresh = { publicKey: mate.credentials.publicKey, privateKey: 'Another-Secret-7' };
    expect((await call('GET', `${t.apiUrl}/users/${mate.user.id}`, { auth: fresh })).status).toBe(200);
  });

  it('should delete a user, who gets 401 at once, and answer 404 afterwards', async () => {
    const mate = await createUser(t, w.admin, [{ groupId: w.projectA.id, roleName: 'GROUP_READ_ONLY' }]);
    expect(
      (await call('GET', `${t.apiUrl}/groups/${w.projectA.id}`, { auth: mate.credentials })).status,
    ).toBe(200);

    const deleted = await call('DELETE', `${t.apiUrl}/users/${mate.user.id}`, { auth: w.admin });

    expect(deleted.status).toBe(204);
    expect(
      (await call('GET', `${t.apiUrl}/groups/${w.projectA.id}`, { auth: mate.credentials })).status,
    ).toBe(401);
    expectApiError(
      await call('GET', `${t.apiUrl}/users/${mate.user.id}`, { auth: w.admin }),
      404,
      'USER_NOT_FOUND',
    );
    expect(await countRows(t, 'SELECT 1 FROM user_roles WHERE user_id = $1', [mate.user.id])).toBe(0);
    expect(
      (await auditEvents(t, 'USER_DELETED')).some(
        (e) => e.subject?.targetUsername === mate.credentials.publicKey,
      ),
    ).toBe(true);
  });

  it('should refuse to remove the last owner of an organization and the last global owner', async () => {
    const orgD = await createOrg(t, w.admin, uniqueName('Org D'));
    const owner = await createUser(t, w.admin, [{ orgId: orgD.id, roleName: 'ORG_OWNER' }]);

    const demote = await call('PATCH', `${t.apiUrl}/users/${owner.user.id}`, {
      auth: w.admin,
      body: { roles: [{ orgId: orgD.id, roleName: 'ORG_MEMBER' }] },
    });
    const deleteLastGlobalOwner = await call('DELETE', `${t.apiUrl}/users/${w.user.id}`, { auth: w.admin });

    expectApiError(demote, 400, 'CANNOT_REMOVE_LAST_ORG_OWNER');
    expectApiError(deleteLastGlobalOwner, 400, 'CANNOT_REMOVE_LAST_GLOBAL_OWNER');
    const still = await call('GET', `${t.apiUrl}/users/${owner.user.id}`, { auth: w.admin });
    expect(still.body.roles).toEqual([{ orgId: orgD.id, roleName: 'ORG_OWNER' }]);
  });

  it('should refuse a caller without standing over the user with 401 and learn nothing', async () => {
    const mate = await createUser(t, w.admin, [{ groupId: w.projectA.id, roleName: 'GROUP_READ_ONLY' }]);
    const byOtherOrg = await call('PATCH', `${t.apiUrl}/users/${mate.user.id}`, {
      auth: w.ownerB,
      body: { roles: [] },
    });
    const deleteByOwner = await call('DELETE', `${t.apiUrl}/users/${mate.user.id}`, { auth: w.ownerA });

    expectApiError(byOtherOrg, 401, 'USER_UNAUTHORIZED');
    expectApiError(deleteByOwner, 401, 'USER_UNAUTHORIZED');
  });
});
