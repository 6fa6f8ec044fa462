import { call, type ApiResponse, type Credentials } from '../../support/digest-client';
import { projectWithCallers, type ProjectCallers } from '../../support/factories/alerting.fixture';
import {
  bootstrapFirstUser,
  createOrg,
  createProject,
  createUser,
  TEAMMATE_PASSWORD,
  uniqueName,
  type BootstrapResult,
  type RoleView,
  type UserView,
} from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';

// A USER notification names a member of the project: a project role (own or a team's), or ORG_OWNER /
// ORG_READ_ONLY of its organization. Anyone else, a global owner or another organization's owner
// included, is refused with the same 400 as a name nobody holds, on every route that takes a USER
// notification, so the answer tells nothing about which names exist.
describe('POST /groups/{groupId}/alertConfigs (USER notifications)', () => {
  let t: TestApp;
  let boot: BootstrapResult;
  let p: ProjectCallers;
  let otherOrgOwner: UserView;
  let existingConfigId: string;

  const userNotification = (username: string) => ({
    typeName: 'USER',
    username,
    emailEnabled: true,
    delayMin: 0,
    intervalMin: 60,
  });
  const configBody = (username: string) => ({
    eventTypeName: 'HOST_DOWN',
    enabled: true,
    notifications: [
      { typeName: 'GROUP', roles: ['GROUP_OWNER'], emailEnabled: true },
      userNotification(username),
    ],
  });
  const person = async (roles: RoleView[]): Promise<UserView> =>
    (await createUser(t, boot.globalKey, roles, 'person')).user;
  const inProject = (roleName: string): RoleView => ({ groupId: p.groupId, roleName });
  const inOrg = (roleName: string): RoleView => ({ orgId: p.orgId, roleName });

  // The three routes that accept a USER notification, as the project's monitoring admin.
  const routes: Array<{ name: string; send: (auth: Credentials, username: string) => Promise<ApiResponse> }> =
    [
      {
        name: 'POST alertConfigs',
        send: (auth, username) =>
          call('POST', `${t.apiUrl}/groups/${p.groupId}/alertConfigs`, { auth, body: configBody(username) }),
      },
      {
        name: 'PUT alertConfigs/{id}',
        send: (auth, username) =>
          call('PUT', `${t.apiUrl}/groups/${p.groupId}/alertConfigs/${existingConfigId}`, {
            auth,
            body: configBody(username),
          }),
      },
      {
        name: 'POST alertConfigs/notifications/test',
        send: (auth, username) =>
          call('POST', `${t.apiUrl}/groups/${p.groupId}/alertConfigs/notifications/test`, {
            auth,
            body: { notification: { ...userNotification(username), emailEnabled: false, smsEnabled: true } },
          }),
      },
    ];

  beforeAll(async () => {
    t = await startTestApp();
    boot = await bootstrapFirstUser(t);
    p = await projectWithCallers(t, boot);
    const otherOrg = await createOrg(t, boot.globalKey);
    otherOrgOwner = (await createUser(t, boot.globalKey, [{ orgId: otherOrg.id, roleName: 'ORG_OWNER' }]))
      .user;
    const created = await call('POST', `${t.apiUrl}/groups/${p.groupId}/alertConfigs`, {
      auth: p.monitoringAdmin,
      body: { ...configBody('x'), notifications: [configBody('x').notifications[0]] },
    });
    existingConfigId = created.body.id;
  });

  afterAll(async () => {
    await t.close();
  });

  it("should refuse another organization's owner and a global owner as recipients with 400, as an unknown name", async () => {
    const otherProject = await createProject(t, boot.globalKey, p.orgId);
    const later = `${uniqueName('later')}@example.com`;
    const outsiders: Array<[string, string]> = [
      ["another organization's owner", otherOrgOwner.username],
      ['the global owner', boot.user.username],
      [
        'a global owner holding a role in the organization only',
        (await person([{ roleName: 'GLOBAL_OWNER' }, inOrg('ORG_MEMBER')])).username,
      ],
      ['an organization member without a project role', (await person([inOrg('ORG_MEMBER')])).username],
      [
        'a member of another project',
        (await person([{ groupId: otherProject.id, roleName: 'GROUP_OWNER' }])).username,
      ],
      ['a name nobody holds', `${uniqueName('nobody')}@example.com`],
      ['a name registered later', later],
    ];
    const failures: string[] = [];
    const shapes = new Set<string>();
    for (const route of routes) {
      for (const [who, username] of outsiders) {
        const response = await route.send(p.monitoringAdmin, username);
        if (response.status !== 400 || response.body?.errorCode !== 'NOTIFICATION_USER_NOT_IN_GROUP') {
          failures.push(`${route.name}, ${who}: ${response.status} ${response.text}`);
          continue;
        }
        // The answer names the field and echoes the name sent, nothing else about it.
        shapes.add(`${route.name} ${response.text.split(username).join('<name>')}`);
      }
    }
    expect(failures).toEqual([]);
    expect(shapes.size).toBe(routes.length);

    // A name registered after it was refused is no member either.
    const registered = await call('POST', `${t.apiUrl}/users`, {
      auth: boot.globalKey,
      body: {
        username: later,
        password: TEAMMATE_PASSWORD,
        emailAddress: later,
        firstName: 'Late',
        lastName: 'Comer',
        roles: [inOrg('ORG_MEMBER')],
      },
    });
    expect(registered.status).toBe(201);
    expect((await routes[0].send(p.monitoringAdmin, later)).body.errorCode).toBe(
      'NOTIFICATION_USER_NOT_IN_GROUP',
    );
  });

  it('should accept a member of the project: its own project role, a team role, ORG_OWNER or ORG_READ_ONLY', async () => {
    const viaTeam = await person([inOrg('ORG_MEMBER')]);
    const team = await call('POST', `${t.apiUrl}/orgs/${p.orgId}/teams`, {
      auth: p.orgOwner,
      body: { name: uniqueName('team'), usernames: [viaTeam.username] },
    });
    expect(team.status).toBe(201);
    const assigned = await call('POST', `${t.apiUrl}/groups/${p.groupId}/teams`, {
      auth: p.orgOwner,
      body: [{ teamId: team.body.id, roleNames: ['GROUP_READ_ONLY'] }],
    });
    expect(assigned.status).toBe(200);
    const members = [
      await person([inProject('GROUP_READ_ONLY')]),
      viaTeam,
      await person([inOrg('ORG_OWNER')]),
      await person([inOrg('ORG_READ_ONLY')]),
    ];
    for (const route of routes) {
      for (const member of members) {
        const response = await route.send(p.monitoringAdmin, member.username);
        expect({ route: route.name, member: member.username, status: response.status }).toEqual({
          route: route.name,
          member: member.username,
          status: route.name === 'POST alertConfigs' ? 201 : 200,
        });
      }
    }
  });
});
