import { expectApiError } from '../../support/api-error';
import { call } from '../../support/digest-client';
import { createOrg, createProject, createUser, uniqueName } from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';
import { auditEvents } from './audit-events';
import { buildWorld, type World } from './world';

describe('GET /groups/{groupId}/users (and org membership routes)', () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await startTestApp();
    w = await buildWorld(t);
  });

  afterAll(async () => {
    await t.close();
  });

  it('should add an existing user to a project, effective on the next request, and list them', async () => {
    const mate = await createUser(t, w.admin, [{ groupId: w.projectA2.id, roleName: 'GROUP_READ_ONLY' }]);
    expectApiError(
      await call('GET', `${t.apiUrl}/groups/${w.projectA.id}`, { auth: mate.credentials }),
      401,
      'NOT_IN_GROUP',
    );

    const added = await call('POST', `${t.apiUrl}/groups/${w.projectA.id}/users`, {
      auth: w.ownerA,
      body: [{ id: mate.user.id, roles: [{ roleName: 'GROUP_DATA_ACCESS_READ_ONLY' }] }],
    });

    expect(added.status).toBe(200);
    expect(added.body.results).toEqual([
      expect.objectContaining({
        id: mate.user.id,
        roles: [{ groupId: w.projectA.id, roleName: 'GROUP_DATA_ACCESS_READ_ONLY' }],
      }),
    ]);
    expect(
      (await call('GET', `${t.apiUrl}/groups/${w.projectA.id}`, { auth: mate.credentials })).status,
    ).toBe(200);
    const listed = await call('GET', `${t.apiUrl}/groups/${w.projectA.id}/users`, { auth: w.projectReaderA });
    expect(listed.status).toBe(200);
    expect(listed.body.results.map((u: { id: string }) => u.id)).toContain(mate.user.id);
    const joined = (await auditEvents(t, 'JOINED_GROUP')).filter(
      (e) => e.subject?.targetUsername === mate.credentials.publicKey,
    );
    expect(joined.map((e) => e.group_id)).toEqual([w.projectA2.id, w.projectA.id]);
  });

  it('should include org owners only with includeOrgUsers', async () => {
    const orgOwner = await createUser(t, w.admin, [{ orgId: w.orgA.id, roleName: 'ORG_OWNER' }]);
    const plain = await call('GET', `${t.apiUrl}/groups/${w.projectA.id}/users`, { auth: w.admin });
    const withOrg = await call('GET', `${t.apiUrl}/groups/${w.projectA.id}/users?includeOrgUsers=true`, {
      auth: w.admin,
    });

    expect(plain.body.results.map((u: { id: string }) => u.id)).not.toContain(orgOwner.user.id);
    expect(withOrg.body.results.map((u: { id: string }) => u.id)).toContain(orgOwner.user.id);
  });

  it('should refuse bad bodies with 400 naming the field', async () => {
    const mate = await createUser(t, w.admin, [{ groupId: w.projectA2.id, roleName: 'GROUP_READ_ONLY' }]);
    const url = `${t.apiUrl}/groups/${w.projectA.id}/users`;
    const notArray = await call('POST', url, { auth: w.admin, body: { id: mate.user.id } });
    const unknownUser = await call('POST', url, {
      auth: w.admin,
      body: [{ id: '0123456789abcdef01234567', roles: [{ roleName: 'GROUP_READ_ONLY' }] }],
    });
    const badRole = await call('POST', url, {
      auth: w.admin,
      body: [{ id: mate.user.id, roles: [{ roleName: 'ORG_OWNER' }] }],
    });
    const noRoles = await call('POST', url, { auth: w.admin, body: [{ id: mate.user.id, roles: [] }] });

    expectApiError(notArray, 400, 'INVALID_JSON_ATTRIBUTE');
    expectApiError(unknownUser, 400, 'INVALID_ATTRIBUTE');
    expect(unknownUser.body.detail).toContain('[0].id');
    expectApiError(badRole, 400, 'INVALID_ENUM_VALUE');
    expect(badRole.body.detail).toContain('[0].roles[0].roleName');
    expectApiError(noRoles, 400, 'MISSING_ATTRIBUTE');
  });

  it('should refuse a project member without user admin, and a caller adding itself', async () => {
    const reader = await createUser(t, w.admin, [{ groupId: w.projectA.id, roleName: 'GROUP_READ_ONLY' }]);
    const userAdmin = await createUser(t, w.admin, [
      { groupId: w.projectA.id, roleName: 'GROUP_USER_ADMIN' },
    ]);
    const url = `${t.apiUrl}/groups/${w.projectA.id}/users`;
    const byReader = await call('POST', url, {
      auth: reader.credentials,
      body: [{ id: reader.user.id, roles: [{ roleName: 'GROUP_OWNER' }] }],
    });
    const selfRaise = await call('POST', url, {
      auth: userAdmin.credentials,
      body: [{ id: userAdmin.user.id, roles: [{ roleName: 'GROUP_AUTOMATION_ADMIN' }] }],
    });

    expectApiError(byReader, 401, 'USER_UNAUTHORIZED');
    expectApiError(selfRaise, 401, 'CANNOT_MODIFY_OWN_ROLES');
  });

  it('should remove a user from a project, who gets 401 on the next request', async () => {
    const mate = await createUser(t, w.admin, [{ groupId: w.projectA.id, roleName: 'GROUP_READ_ONLY' }]);
    const removed = await call('DELETE', `${t.apiUrl}/groups/${w.projectA.id}/users/${mate.user.id}`, {
      auth: w.ownerA,
    });
    const again = await call('DELETE', `${t.apiUrl}/groups/${w.projectA.id}/users/${mate.user.id}`, {
      auth: w.ownerA,
    });

    expect(removed.status).toBe(204);
    expectApiError(
      await call('GET', `${t.apiUrl}/groups/${w.projectA.id}`, { auth: mate.credentials }),
      401,
      'NOT_IN_GROUP',
    );
    expectApiError(again, 404, 'USER_NOT_IN_GROUP');
    expect(
      (await auditEvents(t, 'REMOVED_FROM_GROUP')).some(
        (e) => e.subject?.targetUsername === mate.credentials.publicKey,
      ),
    ).toBe(true);
  });

  it('should list organization users and remove one from the organization with its project roles', async () => {
    const orgE = await createOrg(t, w.admin, uniqueName('Org E'));
    const projectE = await createProject(t, w.admin, orgE.id, 'Project E');
    const owner = await createUser(t, w.admin, [{ orgId: orgE.id, roleName: 'ORG_OWNER' }]);
    const mate = await createUser(t, w.admin, [
      { orgId: orgE.id, roleName: 'ORG_MEMBER' },
      { groupId: projectE.id, roleName: 'GROUP_OWNER' },
      { groupId: w.projectA.id, roleName: 'GROUP_READ_ONLY' },
    ]);

    const listed = await call('GET', `${t.apiUrl}/orgs/${orgE.id}/users`, { auth: mate.credentials });
    expect(listed.status).toBe(200);
    expect(listed.body.results.map((u: { id: string }) => u.id).sort()).toEqual(
      [owner.user.id, mate.user.id].sort(),
    );
    const mateRow = listed.body.results.find((u: { id: string }) => u.id === mate.user.id);
    expect(mateRow.roles).toEqual([
      { orgId: orgE.id, roleName: 'ORG_MEMBER' },
      { groupId: projectE.id, roleName: 'GROUP_OWNER' },
    ]);

    const byMember = await call('DELETE', `${t.apiUrl}/orgs/${orgE.id}/users/${owner.user.id}`, {
      auth: mate.credentials,
    });
    const lastOwner = await call('DELETE', `${t.apiUrl}/orgs/${orgE.id}/users/${owner.user.id}`, {
      auth: w.admin,
    });
    const removed = await call('DELETE', `${t.apiUrl}/orgs/${orgE.id}/users/${mate.user.id}`, {
      auth: owner.credentials,
    });

    expectApiError(byMember, 401, 'USER_UNAUTHORIZED');
    expectApiError(lastOwner, 400, 'CANNOT_REMOVE_LAST_ORG_OWNER');
    expect(removed.status).toBe(204);
    expectApiError(
      await call('GET', `${t.apiUrl}/groups/${projectE.id}`, { auth: mate.credentials }),
      401,
      'NOT_IN_GROUP',
    );
    const self = await call('GET', `${t.apiUrl}/users/${mate.user.id}`, { auth: mate.credentials });
    expect(self.body.roles).toEqual([{ groupId: w.projectA.id, roleName: 'GROUP_READ_ONLY' }]);
    expect((await auditEvents(t, 'REMOVED_FROM_ORG')).some((e) => e.org_id === orgE.id)).toBe(true);
  });
});
