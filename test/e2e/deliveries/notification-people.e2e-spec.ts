import { ManualClock } from '../../../src/platform/clock/clock';
import { call } from '../../support/digest-client';
import {
  alertsOf,
  projectEvents,
  projectWithCallers,
  type ProjectCallers,
} from '../../support/factories/alerting.fixture';
import {
  bootstrapFirstUser,
  createUser,
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
  policyOf,
  workerOf,
} from './deliveries.fixture';
import { MINUTE } from '../../support/time';
import { expectApiError } from '../../support/api-error';

// USER, GROUP and ORG notifications reach people: the users holding the named roles now, directly (or,
// for project roles, through a team), each by e-mail on its own; the delivery log and the audit trail
// name each address. Recipients are resolved when a notification is sent, so a user removed in between
// gets nothing. Proven by what a local SMTP server receives.
describe('GET /groups/{groupId}/deliveries (notifications to people)', () => {
  const clock = new ManualClock(new Date('2024-03-01T10:00:00Z'));
  const mail = mailSuite(clock);
  let t: TestApp;
  let p: ProjectCallers;
  let smtp: SmtpReceiver;

  beforeAll(async () => {
    ({ t, smtp } = mail);
    p = await projectWithCallers(t, await bootstrapFirstUser(t));
  });

  const person = async (roles: RoleView[], prefix: string): Promise<UserView> =>
    (await createUser(t, p.globalOwner, roles, prefix)).user;
  const project = (roleName: string): RoleView => ({ groupId: p.groupId, roleName });
  const org = (roleName: string): RoleView => ({ orgId: p.orgId, roleName });
  // Each message goes to one address: who received what, sorted.
  const mailedTo = () => smtp.messages.flatMap((message) => message.to).sort();
  // The same, among some users only: other tests' alerts stay open and are notified again by a sweep.
  const mailedAmong = (users: UserView[]) =>
    mailedTo().filter((address) => users.some((user) => user.emailAddress === address));
  const sweepAndDeliver = async () => {
    await policyOf(t.app).runSweep();
    await workerOf(t.app).runDue();
  };

  it('should e-mail each holder of the GROUP roles, the ORG roles and the USER, and record every address', async () => {
    const owner = await person([org('ORG_MEMBER'), project('GROUP_OWNER')], 'owner');
    const admin = await person([org('ORG_MEMBER'), project('GROUP_MONITORING_ADMIN')], 'admin');
    await person([org('ORG_MEMBER'), project('GROUP_READ_ONLY')], 'reader');
    const orgOwner = await person([org('ORG_OWNER')], 'org-owner');
    const named = await person([org('ORG_MEMBER'), project('GROUP_READ_ONLY')], 'named');
    const configId = await createAlertConfig(t, p.monitoringAdmin, p.groupId, [
      {
        typeName: 'GROUP',
        roles: ['GROUP_OWNER', 'GROUP_MONITORING_ADMIN'],
        emailEnabled: true,
        delayMin: 0,
        intervalMin: 60,
      },
      { typeName: 'ORG', roles: ['ORG_OWNER'], emailEnabled: true, delayMin: 0, intervalMin: 60 },
      { typeName: 'USER', username: named.username, emailEnabled: true, delayMin: 0, intervalMin: 60 },
    ]);
    const alert = await alertsOf(t).open(hostDownAlert(p.groupId, configId));
    await workerOf(t.app).runDue();

    // The bootstrap user is a global owner, not an organization owner: it is not mailed.
    const expected = [owner, admin, orgOwner, named].map((user) => user.emailAddress).sort();
    expect(mailedTo()).toEqual(expected);
    expect(smtp.messages.every((message) => message.to.length === 1)).toBe(true);
    const deliveries = await deliveriesOf(t, p.readOnly, p.groupId, `&alertId=${alert.id}`);
    expect(
      deliveries.map((row) => `${row.notificationTypeName} ${row.recipient} ${row.status}`).sort(),
    ).toEqual(
      [
        `GROUP ${owner.emailAddress} SUCCEEDED`,
        `GROUP ${admin.emailAddress} SUCCEEDED`,
        `ORG ${orgOwner.emailAddress} SUCCEEDED`,
        `USER ${named.emailAddress} SUCCEEDED`,
      ].sort(),
    );
    const sent = await projectEvents(t, p.readOnly, p.groupId, 'ALERT_NOTIFICATION_SENT');
    expect(
      sent
        .filter((event) => event.alertId === alert.id)
        .map((event) => event.raw?.recipient)
        .sort(),
    ).toEqual(expected);
  });

  it('should resolve the recipients at each sending, so a user removed in between receives nothing', async () => {
    const staying = await person([org('ORG_MEMBER'), project('GROUP_USER_ADMIN')], 'staying');
    const leaving = await person([org('ORG_MEMBER'), project('GROUP_USER_ADMIN')], 'leaving');
    const configId = await createAlertConfig(t, p.monitoringAdmin, p.groupId, [
      { typeName: 'GROUP', roles: ['GROUP_USER_ADMIN'], emailEnabled: true, delayMin: 0, intervalMin: 30 },
    ]);
    const alert = await alertsOf(t).open(hostDownAlert(p.groupId, configId));
    await workerOf(t.app).runDue();
    expect(mailedTo()).toEqual([staying.emailAddress, leaving.emailAddress].sort());

    smtp.reset();
    const removed = await call('DELETE', `${t.apiUrl}/groups/${p.groupId}/users/${leaving.id}`, {
      auth: p.orgOwner,
    });
    expect(removed.status).toBe(204);
    clock.advance(30 * MINUTE);
    await sweepAndDeliver();

    expect(mailedAmong([staying, leaving])).toEqual([staying.emailAddress]);
    const renotified = (await deliveriesOf(t, p.readOnly, p.groupId, `&alertId=${alert.id}`)).filter(
      (row) => row.recipient === leaving.emailAddress,
    );
    expect(renotified).toHaveLength(1);
  });

  it('should e-mail the holders of a GROUP role through a team and the members of a TEAM, and stop at a member removed from the team', async () => {
    const inTeam = await person([org('ORG_MEMBER')], 'in-team');
    const leavingTeam = await person([org('ORG_MEMBER')], 'leaving-team');
    const direct = await person([org('ORG_MEMBER'), project('GROUP_AUTOMATION_ADMIN')], 'direct');
    await person([org('ORG_MEMBER')], 'outside-team');
    const team = await call<{ id: string }>('POST', `${t.apiUrl}/orgs/${p.orgId}/teams`, {
      auth: p.orgOwner,
      body: { name: 'operators', usernames: [inTeam.username, leavingTeam.username] },
    });
    expect(team.status).toBe(201);
    const assigned = await call('POST', `${t.apiUrl}/groups/${p.groupId}/teams`, {
      auth: p.groupOwner,
      body: [{ teamId: team.body.id, roleNames: ['GROUP_AUTOMATION_ADMIN'] }],
    });
    expect(assigned.status).toBe(200);
    const configId = await createAlertConfig(t, p.monitoringAdmin, p.groupId, [
      {
        typeName: 'GROUP',
        roles: ['GROUP_AUTOMATION_ADMIN'],
        emailEnabled: true,
        delayMin: 0,
        intervalMin: 30,
      },
      { typeName: 'TEAM', teamId: team.body.id, emailEnabled: true, delayMin: 0, intervalMin: 30 },
    ]);
    const alert = await alertsOf(t).open(hostDownAlert(p.groupId, configId));
    await workerOf(t.app).runDue();

    // Team members hold the role through the team and are mailed once per notification.
    expect(mailedTo()).toEqual(
      [inTeam, inTeam, leavingTeam, leavingTeam, direct].map((user) => user.emailAddress).sort(),
    );
    const teamDeliveries = (await deliveriesOf(t, p.readOnly, p.groupId, `&alertId=${alert.id}`)).filter(
      (row) => row.notificationTypeName === 'TEAM',
    );
    expect(teamDeliveries.map((row) => row.recipient).sort()).toEqual(
      [inTeam.emailAddress, leavingTeam.emailAddress].sort(),
    );

    smtp.reset();
    const removed = await call(
      'DELETE',
      `${t.apiUrl}/orgs/${p.orgId}/teams/${team.body.id}/users/${leavingTeam.id}`,
      { auth: p.orgOwner },
    );
    expect(removed.status).toBe(204);
    clock.advance(30 * MINUTE);
    await sweepAndDeliver();
    expect(mailedAmong([inTeam, leavingTeam, direct])).toEqual(
      [inTeam, inTeam, direct].map((user) => user.emailAddress).sort(),
    );
  });

  it('should e-mail a USER notification to each member it names when taking one out of the project is refused', async () => {
    const named = await person([org('ORG_MEMBER'), project('GROUP_READ_ONLY')], 'user-only');
    const staying = await person([org('ORG_MEMBER'), project('GROUP_READ_ONLY')], 'user-staying');
    const configId = await createAlertConfig(t, p.monitoringAdmin, p.groupId, [
      { typeName: 'USER', username: named.username, emailEnabled: true, delayMin: 0, intervalMin: 60 },
      { typeName: 'USER', username: staying.username, emailEnabled: true, delayMin: 0, intervalMin: 60 },
    ]);
    // A member named by a USER notification cannot leave the project while it names them, so the
    // notification never starts failing.
    const removed = await call('DELETE', `${t.apiUrl}/groups/${p.groupId}/users/${staying.id}`, {
      auth: p.orgOwner,
    });
    expectApiError(removed, 409, 'USER_NOTIFICATIONS_PRESENT');
    const alert = await alertsOf(t).open(hostDownAlert(p.groupId, configId));
    await workerOf(t.app).runDue();

    expect(mailedAmong([named, staying]).sort()).toEqual([named.emailAddress, staying.emailAddress].sort());
    const statuses = (await deliveriesOf(t, p.readOnly, p.groupId, `&alertId=${alert.id}`)).map(
      (row) => row.status,
    );
    expect(statuses).toEqual(['SUCCEEDED', 'SUCCEEDED']);
  });

  it('should e-mail every member of the organization when an ORG notification names no role', async () => {
    const member = await person([org('ORG_MEMBER')], 'member');
    const projectOnly = await person([project('GROUP_READ_ONLY')], 'project-only');
    const configId = await createAlertConfig(t, p.monitoringAdmin, p.groupId, [
      { typeName: 'ORG', emailEnabled: true, delayMin: 0, intervalMin: 60 },
    ]);
    await alertsOf(t).open(hostDownAlert(p.groupId, configId));
    await workerOf(t.app).runDue();

    const mailed = mailedTo();
    expect(mailed).toEqual(expect.arrayContaining([member.emailAddress, projectOnly.emailAddress]));
    expect(mailed).not.toContain('jane.doe@example.com');
  });

  it('should refuse an ORG notification naming a project role or an empty role list, naming the field', async () => {
    const post = (notification: Record<string, unknown>) =>
      call('POST', `${t.apiUrl}/groups/${p.groupId}/alertConfigs`, {
        auth: p.monitoringAdmin,
        body: { eventTypeName: 'HOST_DOWN', enabled: true, notifications: [notification] },
      });
    const projectRole = await post({ typeName: 'ORG', emailEnabled: true, roles: ['GROUP_OWNER'] });
    expectApiError(projectRole, 400, 'INVALID_ENUM_VALUE', ['GROUP_OWNER', 'notifications[0].roles[0]']);
    const empty = await post({ typeName: 'ORG', emailEnabled: true, roles: [] });
    expectApiError(empty, 400, 'MISSING_ROLES_FOR_ORG_NOTIFICATION', ['notifications[0]']);
  });
});
