import { ManualClock } from '../../../src/platform/clock/clock';
import { call } from '../../support/digest-client';
import { projectEvents } from '../../support/factories/alerting.fixture';
import { createUser, type RoleView, type UserView } from '../../support/factories/identity.fixture';
import { HttpReceiver } from '../../support/receivers/http-receiver';
import { SmtpReceiver } from '../../support/receivers/smtp-receiver';
import { startTestApp, type TestApp } from '../../support/test-app';
import {
  deployment,
  hostReport,
  monitoringReport,
  report,
  type Deployment,
} from '../automation/automation.fixture';
import { deliver } from '../alerting/engine.fixture';
import { createAlertConfig, deliveriesEnv, deliveriesOf } from './deliveries.fixture';
import { MINUTE } from '../../support/time';

// USER, GROUP, ORG and TEAM notifications with smsEnabled text the mobile number each user stored with
// PATCH /users/{userId}, through the configured SMS gateway (a local receiver here), one message per
// number; a person without a number is a failed delivery saying so. The alert is opened by an agent report.
describe('PATCH /users/{userId} (mobile numbers reached by SMS notifications)', () => {
  const clock = new ManualClock(new Date('2024-03-01T10:00:00Z'));
  let t: TestApp;
  let gateway: HttpReceiver;
  let smtp: SmtpReceiver;

  beforeAll(async () => {
    gateway = await HttpReceiver.start();
    smtp = await SmtpReceiver.start();
    t = await startTestApp(
      {
        ...deliveriesEnv(gateway, smtp),
        ALERT_ENGINE_SWEEP_MS: '0',
        SMS_GATEWAY_URL: gateway.url('/sms'),
        SMS_GATEWAY_TOKEN: 'sms-token',
      },
      clock,
    );
  });

  afterAll(async () => {
    await t.close();
    await gateway.close();
    await smtp.close();
  });

  beforeEach(() => {
    gateway.reset();
    smtp.reset();
  });

  let numbers = 0;
  // USER notifications name members of the project (GROUP_DATA_ACCESS_READ_ONLY where no GROUP notification
  // of the test names the role). A user of the deployment's organization with the given roles and, unless told otherwise, a mobile
  // number of its own stored through the API.
  async function person(d: Deployment, roles: RoleView[], prefix: string, withNumber = true) {
    const { user } = await createUser(
      t,
      d.globalOwner,
      [{ orgId: d.orgId, roleName: 'ORG_MEMBER' }, ...roles],
      prefix,
    );
    if (!withNumber) return { user, mobileNumber: null };
    const mobileNumber = `+1555${String(7_000_000 + ++numbers)}`;
    const patched = await call<UserView & { mobileNumber?: string }>(
      'PATCH',
      `${t.apiUrl}/users/${user.id}`,
      {
        auth: d.globalOwner,
        body: { mobileNumber },
      },
    );
    expect(patched.status).toBe(200);
    expect(patched.body.mobileNumber).toBe(mobileNumber);
    return { user, mobileNumber };
  }

  async function hostGoesDown(d: Deployment): Promise<void> {
    await report(t, d, monitoringReport([hostReport()]));
    clock.advance(MINUTE);
    await report(t, d, monitoringReport([hostReport({ up: false })]));
    await deliver(t.app);
  }

  const texted = () =>
    gateway.requests
      .filter((request) => request.path === '/sms')
      .map((request) => request.json() as { to: string; message: string });

  it('should text each USER, GROUP, ORG and TEAM recipient at the number stored on the user', async () => {
    const d = await deployment(t);
    const named = await person(
      d,
      [{ groupId: d.groupId, roleName: 'GROUP_DATA_ACCESS_READ_ONLY' }],
      'sms-named',
    );
    const owner = await person(d, [{ groupId: d.groupId, roleName: 'GROUP_OWNER' }], 'sms-owner');
    const orgOwner = await person(d, [{ orgId: d.orgId, roleName: 'ORG_OWNER' }], 'sms-org-owner');
    const member = await person(d, [], 'sms-team');
    const team = await call<{ id: string }>('POST', `${t.apiUrl}/orgs/${d.orgId}/teams`, {
      auth: d.orgOwner,
      body: { name: `sms-${d.groupId}`, usernames: [member.user.username] },
    });
    expect(team.status).toBe(201);
    await createAlertConfig(t, d.monitoringAdmin, d.groupId, [
      { typeName: 'USER', username: named.user.username, smsEnabled: true, delayMin: 0, intervalMin: 60 },
      { typeName: 'GROUP', roles: ['GROUP_OWNER'], smsEnabled: true, delayMin: 0, intervalMin: 60 },
      { typeName: 'ORG', roles: ['ORG_OWNER'], smsEnabled: true, delayMin: 0, intervalMin: 60 },
      { typeName: 'TEAM', teamId: team.body.id, smsEnabled: true, delayMin: 0, intervalMin: 60 },
    ]);
    await hostGoesDown(d);

    const expected = [named, owner, orgOwner, member].map((who) => String(who.mobileNumber)).sort();
    await gateway.waitFor(4);
    const messages = texted();
    expect(messages.map((message) => message.to).sort()).toEqual(expected);
    expect(gateway.requests.every((request) => request.headers.authorization === 'Bearer sms-token')).toBe(
      true,
    );
    // People read where (organization and project by name), what (the host as hostname:port) and a link.
    const org = await call<{ name: string }>('GET', `${t.apiUrl}/orgs/${d.orgId}`, { auth: d.globalOwner });
    const project = await call<{ name: string }>('GET', `${t.apiUrl}/groups/${d.groupId}`, {
      auth: d.globalOwner,
    });
    const { hostname, port } = hostReport() as { hostname: string; port: number };
    for (const { message } of messages) {
      expect(message.startsWith(`[${org.body.name} / ${project.body.name}] Alert opened: `)).toBe(true);
      expect(message).toContain(`${hostname}:${port}`);
      expect(message).toMatch(new RegExp(`/api/public/v1\\.0/groups/${d.groupId}/alerts/[0-9a-f]{24}$`));
    }
    expect(smtp.messages).toHaveLength(0);

    const deliveries = await deliveriesOf(t, d.readOnly, d.groupId);
    expect(
      deliveries
        .map((row) => `${row.notificationTypeName} ${row.targetType} ${row.recipient} ${row.status}`)
        .sort(),
    ).toEqual(
      [
        `USER SMS ${named.mobileNumber} SUCCEEDED`,
        `GROUP SMS ${owner.mobileNumber} SUCCEEDED`,
        `ORG SMS ${orgOwner.mobileNumber} SUCCEEDED`,
        `TEAM SMS ${member.mobileNumber} SUCCEEDED`,
      ].sort(),
    );
    const sent = await projectEvents(t, d.readOnly, d.groupId, 'ALERT_NOTIFICATION_SENT');
    expect(sent.map((event) => event.raw?.recipient).sort()).toEqual(expected);
  });

  it('should send both an e-mail and an SMS when both are enabled, and fail for a user without a number', async () => {
    const d = await deployment(t);
    const both = await person(
      d,
      [{ groupId: d.groupId, roleName: 'GROUP_DATA_ACCESS_READ_ONLY' }],
      'sms-both',
    );
    const noNumber = await person(
      d,
      [{ groupId: d.groupId, roleName: 'GROUP_READ_ONLY' }],
      'sms-none',
      false,
    );
    await createAlertConfig(t, d.monitoringAdmin, d.groupId, [
      {
        typeName: 'USER',
        username: both.user.username,
        emailEnabled: true,
        smsEnabled: true,
        delayMin: 0,
        intervalMin: 60,
      },
      { typeName: 'GROUP', roles: ['GROUP_READ_ONLY'], smsEnabled: true, delayMin: 0, intervalMin: 60 },
      {
        typeName: 'USER',
        username: noNumber.user.username,
        smsEnabled: true,
        delayMin: 0,
        intervalMin: 60,
      },
    ]);
    await hostGoesDown(d);

    await gateway.waitFor(1);
    expect(texted().map((message) => message.to)).toEqual([both.mobileNumber]);
    expect(smtp.messages.flatMap((message) => message.to)).toEqual([both.user.emailAddress]);
    const rows = await deliveriesOf(t, d.readOnly, d.groupId);
    expect(
      rows
        .map(
          (row) =>
            `${row.notificationTypeName} ${row.targetType} ${row.status} ${row.recipient ?? row.lastError}`,
        )
        .sort(),
    ).toEqual(
      [
        `USER EMAIL SUCCEEDED ${both.user.emailAddress}`,
        `USER SMS SUCCEEDED ${both.mobileNumber}`,
        'GROUP GROUP FAILED no user with these project roles has a mobile number',
        `USER USER FAILED user ${noNumber.user.username} has no mobile number`,
      ].sort(),
    );
  });

  it('should text the number a user changed after the alert configuration was saved', async () => {
    const d = await deployment(t);
    const changing = await person(
      d,
      [{ groupId: d.groupId, roleName: 'GROUP_DATA_ACCESS_READ_ONLY' }],
      'sms-changing',
    );
    await createAlertConfig(t, d.monitoringAdmin, d.groupId, [
      { typeName: 'USER', username: changing.user.username, smsEnabled: true, delayMin: 0, intervalMin: 60 },
    ]);
    const patched = await call('PATCH', `${t.apiUrl}/users/${changing.user.id}`, {
      auth: d.globalOwner,
      body: { mobileNumber: '+15550009999' },
    });
    expect(patched.status).toBe(200);
    await hostGoesDown(d);

    await gateway.waitFor(1);
    expect(texted().map((message) => message.to)).toEqual(['+15550009999']);
  });

  it('should refuse to store a mobile number that no SMS could reach, naming the field', async () => {
    const d = await deployment(t);
    const { user } = await person(d, [], 'sms-invalid', false);
    for (const mobileNumber of ['call me', '+', '12', `+1${'5'.repeat(40)}`]) {
      const response = await call('PATCH', `${t.apiUrl}/users/${user.id}`, {
        auth: d.globalOwner,
        body: { mobileNumber },
      });
      expect([mobileNumber, response.status]).toEqual([mobileNumber, 400]);
      expect(JSON.stringify(response.body)).toContain('mobileNumber');
    }
    const stored = await call<{ mobileNumber?: string }>('GET', `${t.apiUrl}/users/${user.id}`, {
      auth: d.globalOwner,
    });
    expect(stored.body.mobileNumber).toBeUndefined();
  });
});
