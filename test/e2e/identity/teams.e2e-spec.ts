import { Client } from 'pg';
import { createApp } from '../../../src/app.setup';
import { loadConfig } from '../../../src/platform/config/app-config';
import { call, type Credentials } from '../../support/digest-client';
import { createOrg, createUser, uniqueName } from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';
import { eventually } from '../../support/eventually';
import { auditEvents } from './audit-events';
import { buildWorld, type World } from './identity.fixture';
import { expectApiError } from '../../support/api-error';

interface TeamView {
  id: string;
  name: string;
  usernames?: string[];
  links: Array<{ href: string; rel: string }>;
}

// Who did it, as recorded on the event row.
async function actorsOf(
  t: TestApp,
  eventTypeName: string,
): Promise<Array<{ public_key: string | null; username: string | null; team_id: unknown }>> {
  const client = new Client({ connectionString: t.databaseUrl });
  await client.connect();
  try {
    const result = await client.query(
      `SELECT public_key, username, subject->>'teamId' AS team_id FROM events
        WHERE event_type_name = $1 ORDER BY created, id`,
      [eventTypeName],
    );
    return result.rows;
  } finally {
    await client.end();
  }
}

describe('POST /orgs/{orgId}/teams (its users, and /groups/{groupId}/teams)', () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await startTestApp();
    w = await buildWorld(t);
  });

  afterAll(async () => {
    await t.close();
  });

  async function createTeam(
    auth: Credentials,
    orgId: string,
    name: string,
    usernames: string[] = [],
  ): Promise<TeamView> {
    const response = await call<TeamView>('POST', `${t.apiUrl}/orgs/${orgId}/teams`, {
      auth,
      body: { name, usernames },
    });
    expect(response.status).toBe(201);
    return response.body;
  }

  // A user of organization A without any project role: it reaches projectA only through a team.
  async function orgMemberOfA(): Promise<{
    user: { id: string; username: string };
    credentials: Credentials;
  }> {
    return createUser(t, w.admin, [{ orgId: w.orgA.id, roleName: 'ORG_MEMBER' }]);
  }

  const readProjectA = (auth: Credentials) => call('GET', `${t.apiUrl}/groups/${w.projectA.id}`, { auth });

  it('should create, read, rename and delete a team, recording each change with its actor', async () => {
    const mate = await orgMemberOfA();
    const created = await call<TeamView>('POST', `${t.apiUrl}/orgs/${w.orgA.id}/teams`, {
      auth: w.ownerA,
      body: { name: 'Payments', usernames: [mate.user.username] },
    });

    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'Payments',
      usernames: [mate.user.username],
      links: [{ href: `${t.apiUrl}/orgs/${w.orgA.id}/teams/${created.body.id}`, rel: 'self' }],
    });
    const teamId = created.body.id;
    const byId = await call('GET', `${t.apiUrl}/orgs/${w.orgA.id}/teams/${teamId}`, { auth: w.memberA });
    const byName = await call('GET', `${t.apiUrl}/orgs/${w.orgA.id}/teams/byName/Payments`, {
      auth: w.memberA,
    });
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual({ id: teamId, name: 'Payments', links: created.body.links });
    expect(byName.body).toEqual(byId.body);
    const members = await call('GET', `${t.apiUrl}/orgs/${w.orgA.id}/teams/${teamId}/users`, {
      auth: w.memberA,
    });
    expect(members.status).toBe(200);
    expect(members.body.results).toEqual([
      expect.objectContaining({
        id: mate.user.id,
        username: mate.user.username,
        roles: [{ orgId: w.orgA.id, roleName: 'ORG_MEMBER' }],
        links: [{ href: `${t.apiUrl}/users/${mate.user.id}`, rel: 'self' }],
      }),
    ]);

    const renamed = await call('PATCH', `${t.apiUrl}/orgs/${w.orgA.id}/teams/${teamId}`, {
      auth: w.ownerA,
      body: { name: 'Payments on call' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Payments on call');
    expectApiError(
      await call('GET', `${t.apiUrl}/orgs/${w.orgA.id}/teams/byName/Payments`, { auth: w.memberA }),
      404,
      'TEAM_NAME_NOT_FOUND',
    );

    const deleted = await call('DELETE', `${t.apiUrl}/orgs/${w.orgA.id}/teams/${teamId}`, { auth: w.ownerA });
    expect(deleted.status).toBe(204);
    expectApiError(
      await call('GET', `${t.apiUrl}/orgs/${w.orgA.id}/teams/${teamId}`, { auth: w.ownerA }),
      404,
      'TEAM_NOT_FOUND',
    );
    expectApiError(
      await call('DELETE', `${t.apiUrl}/orgs/${w.orgA.id}/teams/${teamId}`, { auth: w.ownerA }),
      404,
      'TEAM_NOT_FOUND',
    );

    for (const type of ['TEAM_CREATED', 'TEAM_NAME_CHANGED', 'TEAM_DELETED']) {
      expect(await actorsOf(t, type)).toContainEqual({
        public_key: w.ownerA.publicKey,
        username: null,
        team_id: teamId,
      });
    }
    const joined = (await auditEvents(t, 'JOINED_TEAM')).filter((e) => e.subject?.teamId === teamId);
    expect(joined).toEqual([
      expect.objectContaining({
        org_id: w.orgA.id,
        subject: expect.objectContaining({ teamId, targetUsername: mate.user.username }),
      }),
    ]);
  });

  it('should page the teams of an organization, sorted by name', async () => {
    const org = await createOrg(t, w.admin, uniqueName('Org Teams'));
    for (const name of ['Charlie', 'Alpha', 'Bravo']) await createTeam(w.admin, org.id, name);

    const first = await call('GET', `${t.apiUrl}/orgs/${org.id}/teams?itemsPerPage=2`, { auth: w.admin });
    const second = await call('GET', `${t.apiUrl}/orgs/${org.id}/teams?itemsPerPage=2&pageNum=2`, {
      auth: w.admin,
    });

    expect(first.status).toBe(200);
    expect(first.body.totalCount).toBe(3);
    expect(first.body.results.map((team: TeamView) => team.name)).toEqual(['Alpha', 'Bravo']);
    expect(first.body.links.map((link: { rel: string }) => link.rel)).toEqual(['self', 'next']);
    expect(second.body.results.map((team: TeamView) => team.name)).toEqual(['Charlie']);
    expect(second.body.links.map((link: { rel: string }) => link.rel)).toEqual(['self', 'previous']);
  });

  it('should refuse bad bodies with 400 naming the field, and users outside the organization', async () => {
    const team = await createTeam(w.ownerA, w.orgA.id, uniqueName('Validation'));
    const outsider = await createUser(t, w.admin, [{ orgId: w.orgB.id, roleName: 'ORG_MEMBER' }]);
    const teams = `${t.apiUrl}/orgs/${w.orgA.id}/teams`;

    const noName = await call('POST', teams, { auth: w.ownerA, body: { usernames: [] } });
    const badUsernames = await call('POST', teams, { auth: w.ownerA, body: { name: 'X', usernames: 'bob' } });
    const unknownName = await call('POST', teams, {
      auth: w.ownerA,
      body: { name: uniqueName('Unknown'), usernames: ['nobody@example.com'] },
    });
    const outside = await call('POST', teams, {
      auth: w.ownerA,
      body: { name: uniqueName('Outside'), usernames: [outsider.user.username] },
    });
    const duplicate = await call('POST', teams, { auth: w.ownerA, body: { name: team.name } });
    const usersUrl = `${teams}/${team.id}/users`;
    const notArray = await call('POST', usersUrl, { auth: w.ownerA, body: { id: outsider.user.id } });
    const noId = await call('POST', usersUrl, { auth: w.ownerA, body: [{}] });
    const outsideMember = await call('POST', usersUrl, { auth: w.ownerA, body: [{ id: outsider.user.id }] });
    const assignUrl = `${t.apiUrl}/groups/${w.projectA.id}/teams`;
    const badRole = await call('POST', assignUrl, {
      auth: w.ownerA,
      body: [{ teamId: team.id, roleNames: ['ORG_OWNER'] }],
    });
    const noRoles = await call('POST', assignUrl, { auth: w.ownerA, body: [{ teamId: team.id }] });
    const patchNoRoles = await call('PATCH', `${assignUrl}/${team.id}`, { auth: w.ownerA, body: {} });

    expectApiError(noName, 400, 'MISSING_ATTRIBUTE', { detail: expect.stringContaining('name') });
    expect(badUsernames.status).toBe(400);
    expect(badUsernames.body.detail).toContain('usernames');
    expectApiError(unknownName, 404, 'USERNAME_NOT_FOUND');
    expectApiError(outside, 404, 'USER_NOT_IN_ORG');
    expectApiError(duplicate, 409, 'DUPLICATE_TEAM_NAME');
    expectApiError(notArray, 400, 'INVALID_JSON_ATTRIBUTE');
    expectApiError(noId, 400, 'MISSING_ATTRIBUTE', { detail: expect.stringContaining('[0].id') });
    expectApiError(outsideMember, 404, 'USER_NOT_IN_ORG');
    expectApiError(badRole, 400, 'INVALID_ENUM_VALUE');
    expect(badRole.body.detail).toContain('[0].roleNames[0]');
    expectApiError(noRoles, 400, 'MISSING_ATTRIBUTE');
    expect(noRoles.body.detail).toContain('[0].roleNames');
    expectApiError(patchNoRoles, 400, 'MISSING_ATTRIBUTE');
    expect(patchNoRoles.body.detail).toContain('roleNames');
    const listed = await call('GET', usersUrl, { auth: w.ownerA });
    expect(listed.body.results).toEqual([]);
  });

  it("should give a member the team's project role on the next request and take it away on unassign", async () => {
    const mate = await orgMemberOfA();
    const team = await createTeam(w.ownerA, w.orgA.id, uniqueName('Readers'), [mate.user.username]);
    expectApiError(await readProjectA(mate.credentials), 401, 'NOT_IN_GROUP');

    const assigned = await call('POST', `${t.apiUrl}/groups/${w.projectA.id}/teams`, {
      auth: w.ownerA,
      body: [{ teamId: team.id, roleNames: ['GROUP_READ_ONLY'] }],
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body.results).toEqual([
      {
        teamId: team.id,
        roleNames: ['GROUP_READ_ONLY'],
        links: [{ href: `${t.apiUrl}/groups/${w.projectA.id}/teams/${team.id}`, rel: 'self' }],
      },
    ]);
    expect((await readProjectA(mate.credentials)).status).toBe(200);
    const listed = await call('GET', `${t.apiUrl}/groups/${w.projectA.id}/teams`, { auth: mate.credentials });
    expect(listed.body.results).toContainEqual(assigned.body.results[0]);
    const one = await call('GET', `${t.apiUrl}/groups/${w.projectA.id}/teams/${team.id}`, {
      auth: mate.credentials,
    });
    expect(one.body).toEqual(assigned.body.results[0]);
    expectApiError(
      await call('POST', `${t.apiUrl}/groups/${w.projectA.id}/teams`, {
        auth: w.ownerA,
        body: [{ teamId: team.id, roleNames: ['GROUP_OWNER'] }],
      }),
      409,
      'TEAM_ALREADY_IN_GROUP',
    );

    const patched = await call('PATCH', `${t.apiUrl}/groups/${w.projectA.id}/teams/${team.id}`, {
      auth: w.ownerA,
      body: { roleNames: ['GROUP_MONITORING_ADMIN', 'GROUP_READ_ONLY'] },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.results).toEqual([
      expect.objectContaining({ teamId: team.id, roleNames: ['GROUP_MONITORING_ADMIN', 'GROUP_READ_ONLY'] }),
    ]);
    const flattened = await call('GET', `${t.apiUrl}/groups/${w.projectA.id}/users?flattenTeams=true`, {
      auth: w.ownerA,
    });
    const mateRow = flattened.body.results.find((u: { id: string }) => u.id === mate.user.id);
    expect(mateRow.roles).toEqual([
      { groupId: w.projectA.id, roleName: 'GROUP_MONITORING_ADMIN' },
      { groupId: w.projectA.id, roleName: 'GROUP_READ_ONLY' },
    ]);

    const removed = await call('DELETE', `${t.apiUrl}/groups/${w.projectA.id}/teams/${team.id}`, {
      auth: w.ownerA,
    });
    expect(removed.status).toBe(204);
    expectApiError(await readProjectA(mate.credentials), 401, 'NOT_IN_GROUP');
    expectApiError(
      await call('GET', `${t.apiUrl}/groups/${w.projectA.id}/teams/${team.id}`, { auth: w.ownerA }),
      404,
      'TEAM_NOT_IN_GROUP',
    );

    const recorded = async (type: string) =>
      (await auditEvents(t, type)).filter((e) => e.subject?.teamId === team.id).map((e) => e.group_id);
    expect(await recorded('TEAM_ADDED_TO_GROUP')).toEqual([w.projectA.id]);
    expect(await recorded('TEAM_ROLES_MODIFIED')).toEqual([w.projectA.id]);
    expect(await recorded('TEAM_REMOVED_FROM_GROUP')).toEqual([w.projectA.id]);
  });

  it("should take the team's role away on the next request when the member leaves or the team is deleted", async () => {
    const mate = await orgMemberOfA();
    const team = await createTeam(w.ownerA, w.orgA.id, uniqueName('Leavers'), [mate.user.username]);
    await call('POST', `${t.apiUrl}/groups/${w.projectA.id}/teams`, {
      auth: w.ownerA,
      body: [{ teamId: team.id, roleNames: ['GROUP_READ_ONLY'] }],
    });
    expect((await readProjectA(mate.credentials)).status).toBe(200);

    const left = await call(
      'DELETE',
      `${t.apiUrl}/orgs/${w.orgA.id}/teams/${team.id}/users/${mate.user.id}`,
      {
        auth: w.ownerA,
      },
    );
    expect(left.status).toBe(204);
    expectApiError(await readProjectA(mate.credentials), 401, 'NOT_IN_GROUP');
    expectApiError(
      await call('DELETE', `${t.apiUrl}/orgs/${w.orgA.id}/teams/${team.id}/users/${mate.user.id}`, {
        auth: w.ownerA,
      }),
      404,
      'USER_NOT_IN_TEAM',
    );
    expect(
      (await auditEvents(t, 'REMOVED_FROM_TEAM')).some(
        (e) => e.subject?.teamId === team.id && e.subject?.targetUsername === mate.user.username,
      ),
    ).toBe(true);

    const rejoined = await call('POST', `${t.apiUrl}/orgs/${w.orgA.id}/teams/${team.id}/users`, {
      auth: w.ownerA,
      body: [{ id: mate.user.id }],
    });
    expect(rejoined.status).toBe(200);
    expect(rejoined.body.results.map((u: { id: string }) => u.id)).toEqual([mate.user.id]);
    expect((await readProjectA(mate.credentials)).status).toBe(200);

    expect(
      (await call('DELETE', `${t.apiUrl}/orgs/${w.orgA.id}/teams/${team.id}`, { auth: w.ownerA })).status,
    ).toBe(204);
    expectApiError(await readProjectA(mate.credentials), 401, 'NOT_IN_GROUP');
    const listed = await call('GET', `${t.apiUrl}/groups/${w.projectA.id}/teams`, { auth: w.ownerA });
    expect(listed.body.results.map((r: { teamId: string }) => r.teamId)).not.toContain(team.id);
  });

  it('should let project user admins assign only roles they may grant, and never to their own team', async () => {
    const userAdmin = await createUser(t, w.admin, [
      { orgId: w.orgA.id, roleName: 'ORG_MEMBER' },
      { groupId: w.projectA.id, roleName: 'GROUP_USER_ADMIN' },
    ]);
    const reader = await createUser(t, w.admin, [{ groupId: w.projectA.id, roleName: 'GROUP_READ_ONLY' }]);
    const team = await createTeam(w.ownerA, w.orgA.id, uniqueName('Granted'));
    const own = await createTeam(w.ownerA, w.orgA.id, uniqueName('Own'), [userAdmin.user.username]);
    const url = `${t.apiUrl}/groups/${w.projectA.id}/teams`;

    const byReader = await call('POST', url, {
      auth: reader.credentials,
      body: [{ teamId: team.id, roleNames: ['GROUP_READ_ONLY'] }],
    });
    const ownerRole = await call('POST', url, {
      auth: userAdmin.credentials,
      body: [{ teamId: team.id, roleNames: ['GROUP_OWNER'] }],
    });
    const toOwnTeam = await call('POST', url, {
      auth: userAdmin.credentials,
      body: [{ teamId: own.id, roleNames: ['GROUP_READ_ONLY'] }],
    });
    const otherOrgTeam = await createTeam(w.ownerB, w.orgB.id, uniqueName('Other org'));
    const crossOrg = await call('POST', url, {
      auth: w.ownerA,
      body: [{ teamId: otherOrgTeam.id, roleNames: ['GROUP_READ_ONLY'] }],
    });
    const granted = await call('POST', url, {
      auth: userAdmin.credentials,
      body: [{ teamId: team.id, roleNames: ['GROUP_READ_ONLY'] }],
    });
    const raisedToOwner = await call('PATCH', `${url}/${team.id}`, {
      auth: userAdmin.credentials,
      body: { roleNames: ['GROUP_OWNER'] },
    });

    expectApiError(byReader, 401, 'USER_UNAUTHORIZED');
    expectApiError(ownerRole, 401, 'NOT_GROUP_USER_ADMIN');
    expectApiError(toOwnTeam, 401, 'CANNOT_MODIFY_OWN_ROLES');
    expectApiError(crossOrg, 404, 'TEAM_NOT_FOUND');
    expect(granted.status).toBe(200);
    expectApiError(raisedToOwner, 401, 'NOT_GROUP_USER_ADMIN');
    const stored = await call('GET', `${url}/${team.id}`, { auth: w.ownerA });
    expect(stored.body.roleNames).toEqual(['GROUP_READ_ONLY']);
    expectApiError(await call('GET', `${url}/${own.id}`, { auth: w.ownerA }), 404, 'TEAM_NOT_IN_GROUP');
  });

  it('should let only organization owners manage teams, and no owner raise itself through a team', async () => {
    const owner = await createUser(t, w.admin, [{ orgId: w.orgA.id, roleName: 'ORG_OWNER' }]);
    const team = await createTeam(w.ownerA, w.orgA.id, uniqueName('Owners'));
    await call('POST', `${t.apiUrl}/groups/${w.projectA.id}/teams`, {
      auth: w.ownerA,
      body: [{ teamId: team.id, roleNames: ['GROUP_READ_ONLY'] }],
    });
    const roleless = await createTeam(w.ownerA, w.orgA.id, uniqueName('Roleless'));

    const byMember = await call('POST', `${t.apiUrl}/orgs/${w.orgA.id}/teams`, {
      auth: w.memberA,
      body: { name: uniqueName('Nope') },
    });
    const renameByMember = await call('PATCH', `${t.apiUrl}/orgs/${w.orgA.id}/teams/${team.id}`, {
      auth: w.memberA,
      body: { name: uniqueName('Nope') },
    });
    const byOtherOrgOwner = await call('DELETE', `${t.apiUrl}/orgs/${w.orgA.id}/teams/${team.id}`, {
      auth: w.ownerB,
    });
    const selfJoin = await call('POST', `${t.apiUrl}/orgs/${w.orgA.id}/teams/${team.id}/users`, {
      auth: owner.credentials,
      body: [{ id: owner.user.id }],
    });
    const selfJoinRoleless = await call('POST', `${t.apiUrl}/orgs/${w.orgA.id}/teams/${roleless.id}/users`, {
      auth: owner.credentials,
      body: [{ id: owner.user.id }],
    });

    expectApiError(byMember, 401, 'USER_UNAUTHORIZED');
    expectApiError(renameByMember, 401, 'USER_UNAUTHORIZED');
    expectApiError(byOtherOrgOwner, 401, 'USER_UNAUTHORIZED');
    expectApiError(selfJoin, 401, 'CANNOT_MODIFY_OWN_ROLES');
    expect(selfJoinRoleless.status).toBe(200);
    const members = await call('GET', `${t.apiUrl}/orgs/${w.orgA.id}/teams/${team.id}/users`, {
      auth: w.ownerA,
    });
    expect(members.body.results).toEqual([]);
  });
});

describe('DELETE /groups/{groupId}/teams/{teamId} (two instances on one database)', () => {
  let a: TestApp;
  let bApiUrl: string;
  let closeB: () => Promise<void>;
  let w: World;

  beforeAll(async () => {
    a = await startTestApp();
    w = await buildWorld(a);
    const config = loadConfig({
      ...process.env,
      DATABASE_URL: a.databaseUrl,
      LOG_LEVEL: 'warn',
      RUN_MIGRATIONS_ON_START: 'false',
    });
    const b = await createApp(config, a.databaseUrl, { handleSignals: false });
    await b.listen(0, '127.0.0.1');
    bApiUrl = `http://127.0.0.1:${(b.getHttpServer().address() as { port: number }).port}/api/public/v1.0`;
    closeB = () => b.close();
  });

  afterAll(async () => {
    await closeB?.();
    await a?.close();
  });

  // The other instance hears of a change through a NOTIFY delivered after the commit: a moment later, not
  // necessarily before the caller's next request reaches it (the changing instance drops its own entry at
  // once).
  it('should refuse a member on the other instance once its team is unassigned', async () => {
    const mate = await createUser(a, w.admin, [{ orgId: w.orgA.id, roleName: 'ORG_MEMBER' }]);
    const team = await call<TeamView>('POST', `${a.apiUrl}/orgs/${w.orgA.id}/teams`, {
      auth: w.ownerA,
      body: { name: uniqueName('Across'), usernames: [mate.user.username] },
    });
    const readOnB = () => call('GET', `${bApiUrl}/groups/${w.projectA.id}`, { auth: mate.credentials });
    // Cached on B as a member without a role in the project.
    expectApiError(await readOnB(), 401, 'NOT_IN_GROUP');

    await call('POST', `${a.apiUrl}/groups/${w.projectA.id}/teams`, {
      auth: w.ownerA,
      body: [{ teamId: team.body.id, roleNames: ['GROUP_READ_ONLY'] }],
    });
    await eventually('the team roles to apply on the other instance', async () =>
      (await readOnB()).status === 200 ? true : undefined,
    );

    const removed = await call('DELETE', `${a.apiUrl}/groups/${w.projectA.id}/teams/${team.body.id}`, {
      auth: w.ownerA,
    });
    expect(removed.status).toBe(204);
    const refused = await eventually('the unassignment to apply on the other instance', async () => {
      const response = await readOnB();
      return response.status === 200 ? undefined : response;
    });
    expectApiError(refused, 401, 'NOT_IN_GROUP');
  });
});
