import { ManualClock } from '../../../src/platform/clock/clock';
import { expectApiError } from '../../support/api-error';
import { call, type ApiResponse } from '../../support/digest-client';
import { alertsOf, projectWithCallers, type ProjectCallers } from '../../support/factories/alerting.fixture';
import {
  bootstrapFirstUser,
  createProject,
  createUser,
  uniqueName,
  type BootstrapResult,
  type RoleView,
  type UserView,
} from '../../support/factories/identity.fixture';
import type { SmtpReceiver } from '../../support/receivers/smtp-receiver';
import type { TestApp } from '../../support/test-app';
import {
  createAlertConfig,
  deliveriesOf,
  hostDownAlert,
  mailSuite,
  workerOf,
} from '../deliveries/deliveries.fixture';
import { auditEvents } from './audit-events';

// A TEAM notification names a team of the organization, a USER notification a user of the project.
// Deleting the team or the user, or taking the user out of the project, is refused (409, the
// configurations listed) while a notification names them, so a notification never fails for that
// reason; the refused change leaves nothing behind, audit events included. Once the configurations are
// changed, the deletion goes through with its audit event.
describe('DELETE /orgs/{orgId}/teams/{teamId} and the other removals of people named by notifications', () => {
  const clock = new ManualClock(new Date('2024-07-01T10:00:00Z'));
  const mail = mailSuite(clock);
  let t: TestApp;
  let smtp: SmtpReceiver;
  let boot: BootstrapResult;
  let p: ProjectCallers;

  beforeAll(async () => {
    ({ t, smtp } = mail);
    boot = await bootstrapFirstUser(t);
    p = await projectWithCallers(t, boot);
  });

  const person = async (roles: RoleView[]): Promise<UserView> =>
    (await createUser(t, p.globalOwner, [{ orgId: p.orgId, roleName: 'ORG_MEMBER' }, ...roles], 'named'))
      .user;
  const reader = (groupId = p.groupId): RoleView => ({ groupId, roleName: 'GROUP_READ_ONLY' });
  const userNotification = (user: UserView) => ({
    typeName: 'USER',
    username: user.username,
    emailEnabled: true,
    delayMin: 0,
    intervalMin: 60,
  });
  const configPath = (groupId: string, configId: string) => `${groupId}/alertConfigs/${configId}`;

  async function createTeam(usernames: string[]): Promise<string> {
    const response = await call<{ id: string }>('POST', `${t.apiUrl}/orgs/${p.orgId}/teams`, {
      auth: p.orgOwner,
      body: { name: uniqueName('team'), usernames },
    });
    expect(response.status).toBe(201);
    return response.body.id;
  }

  async function assignTeam(teamId: string, groupId = p.groupId): Promise<void> {
    const response = await call('POST', `${t.apiUrl}/groups/${groupId}/teams`, {
      auth: p.orgOwner,
      body: [{ teamId, roleNames: ['GROUP_READ_ONLY'] }],
    });
    expect(response.status).toBe(200);
  }

  async function deleteConfig(groupId: string, configId: string): Promise<void> {
    const response = await call('DELETE', `${t.apiUrl}/groups/${groupId}/alertConfigs/${configId}`, {
      auth: p.groupOwner,
    });
    expect(response.status).toBeLessThan(300);
  }

  // The alert's notification to people reaches them: one e-mail each, every delivery SUCCEEDED.
  async function expectNotified(configId: string, users: UserView[]): Promise<void> {
    // What earlier tests left queued (the cancel of an alert whose configuration was deleted) goes first.
    await workerOf(t.app).runDue();
    smtp.reset();
    const alert = await alertsOf(t).open(hostDownAlert(p.groupId, configId));
    await workerOf(t.app).runDue();
    expect(smtp.messages.flatMap((message) => message.to).sort()).toEqual(
      users.map((user) => user.emailAddress).sort(),
    );
    const deliveries = await deliveriesOf(t, p.readOnly, p.groupId, `&alertId=${alert.id}`);
    expect(deliveries.map((delivery) => delivery.status)).toEqual(users.map(() => 'SUCCEEDED'));
  }

  async function auditedFor(eventTypeName: string, match: (row: { subject: any; raw: any }) => boolean) {
    return (await auditEvents(t, eventTypeName)).filter(match);
  }

  function expectRefusal(response: ApiResponse, errorCode: string, paths: string[], count = paths.length) {
    expectApiError(response, 409, errorCode);
    expect(response.body.parameters[1]).toBe(count);
    expect(String(response.body.parameters[2]).split(', ').sort()).toEqual(paths.sort());
  }

  describe('DELETE /orgs/{orgId}/teams/{teamId}', () => {
    it('should refuse with 409 TEAM_NOTIFICATIONS_PRESENT, keep the team and record nothing when a TEAM notification names it', async () => {
      const member = await person([]);
      const teamId = await createTeam([member.username]);
      const configId = await createAlertConfig(t, p.monitoringAdmin, p.groupId, [
        { typeName: 'TEAM', teamId, emailEnabled: true, delayMin: 0, intervalMin: 60 },
      ]);

      const refused = await call('DELETE', `${t.apiUrl}/orgs/${p.orgId}/teams/${teamId}`, {
        auth: p.orgOwner,
      });

      expectRefusal(refused, 'TEAM_NOTIFICATIONS_PRESENT', [configPath(p.groupId, configId)]);
      expect(refused.body.parameters[0]).toBe(teamId);
      expect(
        (await call('GET', `${t.apiUrl}/orgs/${p.orgId}/teams/${teamId}`, { auth: p.orgOwner })).status,
      ).toBe(200);
      expect(await auditedFor('TEAM_DELETED', (row) => row.subject?.teamId === teamId)).toEqual([]);
      await expectNotified(configId, [member]);

      await deleteConfig(p.groupId, configId);
      const deleted = await call('DELETE', `${t.apiUrl}/orgs/${p.orgId}/teams/${teamId}`, {
        auth: p.orgOwner,
      });
      expect(deleted.status).toBe(204);
      expect(await auditedFor('TEAM_DELETED', (row) => row.subject?.teamId === teamId)).toHaveLength(1);
    });

    it('should refuse with 409 USER_NOTIFICATIONS_PRESENT when a member named by a USER notification reaches the project only through the team', async () => {
      const member = await person([]);
      const teamId = await createTeam([member.username]);
      await assignTeam(teamId);
      const configId = await createAlertConfig(t, p.monitoringAdmin, p.groupId, [userNotification(member)]);

      const refused = await call('DELETE', `${t.apiUrl}/orgs/${p.orgId}/teams/${teamId}`, {
        auth: p.orgOwner,
      });
      expectRefusal(refused, 'USER_NOTIFICATIONS_PRESENT', [configPath(p.groupId, configId)]);
      expect(refused.body.parameters[0]).toBe(member.username);
      const unassigned = await call('DELETE', `${t.apiUrl}/groups/${p.groupId}/teams/${teamId}`, {
        auth: p.orgOwner,
      });
      expectRefusal(unassigned, 'USER_NOTIFICATIONS_PRESENT', [configPath(p.groupId, configId)]);
      const leftTeam = await call(
        'DELETE',
        `${t.apiUrl}/orgs/${p.orgId}/teams/${teamId}/users/${member.id}`,
        {
          auth: p.orgOwner,
        },
      );
      expectRefusal(leftTeam, 'USER_NOTIFICATIONS_PRESENT', [configPath(p.groupId, configId)]);
      expect(await auditedFor('REMOVED_FROM_TEAM', (row) => row.subject?.teamId === teamId)).toEqual([]);
      expect(await auditedFor('TEAM_REMOVED_FROM_GROUP', (row) => row.subject?.teamId === teamId)).toEqual(
        [],
      );
      await expectNotified(configId, [member]);
    });
  });

  describe('DELETE /users/{userId}', () => {
    it('should refuse with 409 USER_NOTIFICATIONS_PRESENT listing every configuration, keep the user and record nothing when USER notifications name it', async () => {
      const named = await person([reader()]);
      const first = await createAlertConfig(t, p.monitoringAdmin, p.groupId, [userNotification(named)]);
      const second = await createAlertConfig(t, p.monitoringAdmin, p.groupId, [
        { typeName: 'EMAIL', emailAddress: 'oncall@example.com', delayMin: 0, intervalMin: 60 },
        userNotification(named),
      ]);

      const refused = await call('DELETE', `${t.apiUrl}/users/${named.id}`, { auth: p.globalOwner });

      expectRefusal(refused, 'USER_NOTIFICATIONS_PRESENT', [
        configPath(p.groupId, first),
        configPath(p.groupId, second),
      ]);
      expect((await call('GET', `${t.apiUrl}/users/${named.id}`, { auth: p.globalOwner })).status).toBe(200);
      const leftRoles = await auditedFor('REMOVED_FROM_GROUP', (row) => row.raw?.targetUserId === named.id);
      expect(leftRoles).toEqual([]);
      expect(await auditedFor('USER_DELETED', (row) => row.raw?.targetUserId === named.id)).toEqual([]);
      await expectNotified(first, [named]);

      await deleteConfig(p.groupId, first);
      await deleteConfig(p.groupId, second);
      expect(
        (await call('DELETE', `${t.apiUrl}/users/${named.id}`, { auth: p.globalOwner })).status,
      ).toBeLessThan(300);
      expect(await auditedFor('USER_DELETED', (row) => row.raw?.targetUserId === named.id)).toHaveLength(1);
    });
  });

  describe('DELETE /groups/{groupId}/users/{userId}', () => {
    it('should refuse with 409 USER_NOTIFICATIONS_PRESENT when the user would leave a project whose USER notification names it', async () => {
      const named = await person([reader()]);
      const configId = await createAlertConfig(t, p.monitoringAdmin, p.groupId, [userNotification(named)]);

      const refused = await call('DELETE', `${t.apiUrl}/groups/${p.groupId}/users/${named.id}`, {
        auth: p.orgOwner,
      });
      expectRefusal(refused, 'USER_NOTIFICATIONS_PRESENT', [configPath(p.groupId, configId)]);
      const fromOrg = await call('DELETE', `${t.apiUrl}/orgs/${p.orgId}/users/${named.id}`, {
        auth: p.orgOwner,
      });
      expectRefusal(fromOrg, 'USER_NOTIFICATIONS_PRESENT', [configPath(p.groupId, configId)]);
      expect(await auditedFor('REMOVED_FROM_GROUP', (row) => row.raw?.targetUserId === named.id)).toEqual([]);
      await expectNotified(configId, [named]);
    });

    it('should remove the user when it still reaches the project through a team or is named only elsewhere', async () => {
      const other = (await createProject(t, boot.globalKey, p.orgId)).id;
      const named = await person([reader(), reader(other)]);
      const teamId = await createTeam([named.username]);
      await assignTeam(teamId);
      await createAlertConfig(t, p.monitoringAdmin, p.groupId, [userNotification(named)]);
      const otherConfig = await createAlertConfig(t, p.globalOwner, other, [userNotification(named)]);

      const removed = await call('DELETE', `${t.apiUrl}/groups/${p.groupId}/users/${named.id}`, {
        auth: p.orgOwner,
      });
      expect(removed.status).toBe(204);
      expect(
        await auditedFor(
          'REMOVED_FROM_GROUP',
          (row) => row.raw?.targetUserId === named.id && row.subject?.targetUsername === named.username,
        ),
      ).toHaveLength(1);
      const fromOther = await call('DELETE', `${t.apiUrl}/groups/${other}/users/${named.id}`, {
        auth: p.orgOwner,
      });
      expectRefusal(fromOther, 'USER_NOTIFICATIONS_PRESENT', [configPath(other, otherConfig)]);
    });
  });
});
