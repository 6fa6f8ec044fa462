import { ManualClock } from '../../../src/platform/clock/clock';
import { expectApiError } from '../../support/api-error';
import { call, type Credentials } from '../../support/digest-client';
import { createProject, type ApiKeyCredentials } from '../../support/factories/identity.fixture';
import { HttpReceiver } from '../../support/receivers/http-receiver';
import type { TestApp } from '../../support/test-app';
import {
  deployment,
  hostReport,
  monitoringReport,
  report,
  type Deployment,
} from '../automation/automation.fixture';
import { countRows } from '../identity/audit-events';
import { MINUTE } from '../../support/time';
import { alertsOfConfig, deliver, engineOf, livenessOf, startEngineApp, webhook } from './engine.fixture';

interface GlobalKey {
  id: string;
  publicKey: string;
  privateKey: string;
}

// Global configurations raise, notify and cancel alerts in each project they apply to, through the
// engine of project configurations; their alerts are read and acknowledged under /globalAlerts too.
describe('POST /globalAlertConfigs', () => {
  const clock = new ManualClock(new Date('2024-03-01T10:00:00Z'));
  let t: TestApp;
  let receiver: HttpReceiver;
  let d1: Deployment;
  let d2: Deployment;
  let d3: Deployment;
  let owner: Credentials;
  let monitoring: ApiKeyCredentials;
  let reader: ApiKeyCredentials;

  const createGlobalKey = async (roles: string[]): Promise<ApiKeyCredentials> => {
    const response = await call<GlobalKey>('POST', `${t.apiUrl}/admin/apiKeys`, {
      auth: owner,
      body: { desc: roles.join(' '), roles },
    });
    if (response.status !== 200) throw new Error(`global key: ${response.status} ${response.text}`);
    return response.body;
  };
  const url = (path = '') => `${t.apiUrl}/globalAlertConfigs${path}`;
  const heard = (path: string) =>
    receiver.requests
      .filter((request) => request.path === path)
      .map((request) => ({
        event: request.headers['x-mms-event'],
        groupId: (request.json() as { groupId?: string }).groupId,
      }));
  // Audit events of a global configuration name no project and no organization.
  const configEvents = (eventTypeName: string, configId: string) =>
    countRows(
      t,
      `SELECT 1 FROM events WHERE event_type_name = $1 AND alert_config_id = $2 AND group_id IS NULL AND org_id IS NULL`,
      [eventTypeName, configId],
    );
  const hostDown = (path: string, scope: Record<string, unknown>) => ({
    eventTypeName: 'HOST_DOWN',
    enabled: true,
    notifications: [webhook(receiver, path)],
    ...scope,
  });

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    t = await startEngineApp(clock, receiver);
    d1 = await deployment(t);
    d2 = await deployment(t);
    d3 = await deployment(t);
    owner = d1.globalOwner;
    monitoring = await createGlobalKey(['GLOBAL_MONITORING_ADMIN']);
    reader = await createGlobalKey(['GLOBAL_READ_ONLY']);
    // The same host name in every project: one configuration, one target key, three projects.
    for (const d of [d1, d2, d3]) await report(t, d, monitoringReport([hostReport()]));
  });

  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  beforeEach(() => receiver.reset());

  it('should raise, notify, acknowledge and cancel alerts in each named project when a host is down in all of them', async () => {
    clock.advance(MINUTE);
    for (const d of [d1, d2, d3]) await report(t, d, monitoringReport([hostReport({ up: false })]));

    // Created while the hosts are already down: raised at once in the projects it names, not in d3.
    const created = await call('POST', url(), {
      auth: monitoring,
      body: hostDown('/global-down', { forAllGroups: false, groupIds: [d1.groupId, d2.groupId] }),
    });

    expect(created.status).toBe(201);
    expect(created.body).toEqual(
      expect.objectContaining({ forAllGroups: false, groupIds: [d1.groupId, d2.groupId], tags: [] }),
    );
    expect(created.body).not.toHaveProperty('groupId');
    const configId = created.body.id as string;
    const [a1] = await alertsOfConfig(t, d1.readOnly, d1.groupId, configId);
    const [a2] = await alertsOfConfig(t, d2.readOnly, d2.groupId, configId);
    expect([a1?.status, a2?.status]).toEqual(['OPEN', 'OPEN']);
    expect(a1.hostnameAndPort).toBe('db0.example.com:27017');
    expect(await alertsOfConfig(t, d3.readOnly, d3.groupId, configId)).toEqual([]);
    expect(await configEvents('ALERT_CONFIG_ADDED_AUDIT', configId)).toBe(1);

    await deliver(t.app);
    expect(heard('/global-down')).toEqual(
      expect.arrayContaining([
        { event: 'alert.open', groupId: d1.groupId },
        { event: 'alert.open', groupId: d2.groupId },
      ]),
    );
    expect(heard('/global-down')).toHaveLength(2);

    const listed = await call('GET', `${t.apiUrl}/globalAlerts?status=OPEN`, { auth: monitoring });
    expect(listed.status).toBe(200);
    expect(listed.body.results.map((alert: { id: string }) => alert.id).sort()).toEqual(
      [a1.id, a2.id].sort(),
    );
    const open = await call('GET', url(`/${configId}/alerts`), { auth: monitoring });
    expect(open.body.totalCount).toBe(2);

    const acked = await call('PATCH', `${t.apiUrl}/globalAlerts/${a1.id}`, {
      auth: monitoring,
      body: { acknowledgedUntil: '2030-01-01T00:00:00Z', acknowledgementComment: 'known' },
    });
    expect(acked.status).toBe(200);
    expect(acked.body).toEqual(
      expect.objectContaining({
        id: a1.id,
        acknowledgedUntil: '2030-01-01T00:00:00Z',
        acknowledgingUsername: monitoring.publicKey,
        links: [{ href: `${t.apiUrl}/globalAlerts/${a1.id}`, rel: 'self' }],
      }),
    );
    const seenInProject = await call('GET', `${t.apiUrl}/groups/${d1.groupId}/alerts/${a1.id}`, {
      auth: d1.readOnly,
    });
    expect(seenInProject.body.acknowledgementComment).toBe('known');
    expect(
      await countRows(
        t,
        `SELECT 1 FROM events WHERE event_type_name = 'ALERT_ACKNOWLEDGED_AUDIT' AND alert_id = $1`,
        [a1.id],
      ),
    ).toBe(1);

    // Acknowledged as a project's alert is: notified with alert.acknowledge.
    await deliver(t.app);
    expect(heard('/global-down').slice(2)).toEqual([{ event: 'alert.acknowledge', groupId: d1.groupId }]);

    receiver.reset();
    expect((await call('DELETE', url(`/${configId}`), { auth: monitoring })).status).toBe(204);

    expectApiError(
      await call('GET', url(`/${configId}`), { auth: monitoring }),
      404,
      'GLOBAL_ALERT_CONFIG_NOT_FOUND',
    );
    for (const [d, alert] of [
      [d1, a1],
      [d2, a2],
    ] as const) {
      const [after] = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
      expect(after).toMatchObject({ id: alert.id, status: 'CANCELLED' });
    }
    const kept = await call('GET', `${t.apiUrl}/globalAlerts/${a2.id}`, { auth: monitoring });
    expect(kept.body.status).toBe('CANCELLED');
    await deliver(t.app);
    expect(heard('/global-down').map((hook) => hook.event)).toEqual(['alert.cancel', 'alert.cancel']);
    expect(await configEvents('ALERT_CONFIG_DELETED_AUDIT', configId)).toBe(1);
    // The hosts come back, for the next test.
    clock.advance(MINUTE);
    for (const d of [d1, d2, d3]) await report(t, d, monitoringReport([hostReport()]));
  });

  it('should raise the alert of a configuration for all projects in every project when their hosts fall silent', async () => {
    const created = await call('POST', url(), {
      auth: owner,
      body: hostDown('/all-down', { forAllGroups: true }),
    });
    expect(created.status).toBe(201);
    const configId = created.body.id as string;

    // The agents go on reporting, without the host.
    clock.advance(3 * MINUTE);
    for (const d of [d1, d2, d3]) await report(t, d, monitoringReport([]));
    await livenessOf(t.app).sweep();

    for (const d of [d1, d2, d3]) {
      const alerts = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
      expect(alerts.map((alert) => alert.status)).toEqual(['OPEN']);
    }
    await deliver(t.app);
    expect(new Set(heard('/all-down').map((hook) => hook.groupId))).toEqual(
      new Set([d1.groupId, d2.groupId, d3.groupId]),
    );

    // Narrowed to projects tagged "prod", which none is: cancelled everywhere.
    const narrowed = await call('PUT', url(`/${configId}`), {
      auth: owner,
      body: hostDown('/all-down', { forAllGroups: true, tags: ['prod'] }),
    });
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.tags).toEqual(['prod']);
    for (const d of [d1, d2, d3]) {
      const alerts = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
      expect(alerts.map((alert) => alert.status)).toEqual(['CANCELLED']);
    }

    // d2 is tagged "prod": the configuration applies there now, and its host is still silent.
    const tagged = await call('PATCH', `${t.apiUrl}/groups/${d2.groupId}`, {
      auth: owner,
      body: { tags: ['prod'] },
    });
    expect(tagged.status).toBe(200);
    const statusesOf = async (d: Deployment) =>
      (await alertsOfConfig(t, d.readOnly, d.groupId, configId)).map((alert) => alert.status).sort();
    expect(await statusesOf(d2)).toEqual(['CANCELLED', 'OPEN']);
    expect(await statusesOf(d1)).toEqual(['CANCELLED']);

    // And no longer once the tag is gone.
    await call('PATCH', `${t.apiUrl}/groups/${d2.groupId}`, { auth: owner, body: { tags: [] } });
    expect(await statusesOf(d2)).toEqual(['CANCELLED', 'CANCELLED']);
  });

  it('should cancel its alerts in every project when disabled and raise them again when enabled', async () => {
    // Every host is silent since the previous test: the condition holds everywhere.
    const created = await call('POST', url(), {
      auth: owner,
      body: hostDown('/toggle', { forAllGroups: true }),
    });
    const configId = created.body.id as string;
    const statuses = async () =>
      Promise.all(
        [d1, d2, d3].map(async (d) =>
          (await alertsOfConfig(t, d.readOnly, d.groupId, configId)).map((alert) => alert.status).sort(),
        ),
      );
    expect(await statuses()).toEqual([['OPEN'], ['OPEN'], ['OPEN']]);

    const disabled = await call('PATCH', url(`/${configId}`), { auth: owner, body: { enabled: false } });

    expect(disabled.status).toBe(200);
    expect(disabled.body.enabled).toBe(false);
    expect(await statuses()).toEqual([['CANCELLED'], ['CANCELLED'], ['CANCELLED']]);
    expectApiError(
      await call('PATCH', url(`/${configId}`), { auth: owner, body: { enabled: true, forAllGroups: false } }),
      400,
      'ATTRIBUTE_READ_ONLY',
      ['forAllGroups'],
    );

    expect((await call('PATCH', url(`/${configId}`), { auth: owner, body: { enabled: true } })).status).toBe(
      200,
    );
    expect(await statuses()).toEqual([
      ['CANCELLED', 'OPEN'],
      ['CANCELLED', 'OPEN'],
      ['CANCELLED', 'OPEN'],
    ]);
    expect(await configEvents('ALERT_CONFIG_DISABLED_AUDIT', configId)).toBe(1);
    expect(await configEvents('ALERT_CONFIG_ENABLED_AUDIT', configId)).toBe(1);
  });

  it('should keep an alert TRACKING during the delay and open it on the engine sweep when the configuration delays', async () => {
    const created = await call('POST', url(), {
      auth: owner,
      body: {
        eventTypeName: 'HOST_DOWN',
        enabled: true,
        forAllGroups: false,
        groupIds: [d1.groupId],
        notifications: [webhook(receiver, '/delayed', 5)],
      },
    });
    const configId = created.body.id as string;
    expect((await alertsOfConfig(t, d1.readOnly, d1.groupId, configId)).map((alert) => alert.status)).toEqual(
      ['TRACKING'],
    );

    clock.advance(5 * MINUTE);
    await engineOf(t.app).runSweep();

    expect((await alertsOfConfig(t, d1.readOnly, d1.groupId, configId)).map((alert) => alert.status)).toEqual(
      ['OPEN'],
    );
    await deliver(t.app);
    expect(heard('/delayed')).toEqual([{ event: 'alert.open', groupId: d1.groupId }]);
  });

  it('should accept its GET body back when a project it names has been deleted since', async () => {
    const extra = await createProject(t, owner, d1.orgId);
    const created = await call('POST', url(), {
      auth: owner,
      body: hostDown('/gone', { forAllGroups: false, groupIds: [d1.groupId, extra.id] }),
    });
    expect(created.status).toBe(201);
    expect((await call('DELETE', `${t.apiUrl}/groups/${extra.id}`, { auth: owner })).status).toBe(200);
    const fetched = await call('GET', url(`/${created.body.id}`), { auth: owner });

    const replaced = await call('PUT', url(`/${created.body.id}`), { auth: owner, body: fetched.body });

    expect(replaced.status).toBe(200);
    expect(replaced.body.groupIds).toEqual([d1.groupId, extra.id]);
  });

  it('should refuse every caller without a global monitoring role when it reads or writes', async () => {
    const body = hostDown('/refused', { forAllGroups: true });
    for (const auth of [reader, d1.orgOwner, d1.monitoringAdmin]) {
      expectApiError(await call('GET', url(), { auth }), 401, 'USER_UNAUTHORIZED');
      expectApiError(await call('POST', url(), { auth, body }), 401, 'USER_UNAUTHORIZED');
      expectApiError(await call('GET', `${t.apiUrl}/globalAlerts`, { auth }), 401, 'USER_UNAUTHORIZED');
    }
  });

  it('should refuse bad input naming the field and write nothing when the scope, notifications or caps are wrong', async () => {
    const before = await countRows(t, 'SELECT 1 FROM global_alert_configs');
    const post = (body: Record<string, unknown>) => call('POST', url(), { auth: owner, body });
    const base = hostDown('/bad', {});

    expectApiError(await post(base), 400, 'MISSING_ATTRIBUTE', ['forAllGroups']);
    expectApiError(await post({ ...base, forAllGroups: false }), 400, 'MISSING_ATTRIBUTE', ['groupIds']);
    expectApiError(
      await post({ ...base, forAllGroups: false, groupIds: ['0123456789abcdef01234567'] }),
      400,
      'VALIDATION_ERROR',
      ['groupIds[0]', 'no project with ID 0123456789abcdef01234567 exists'],
    );
    expectApiError(
      await post({
        ...base,
        forAllGroups: true,
        notifications: [{ typeName: 'USER', username: 'x@example.com', emailEnabled: true, intervalMin: 60 }],
      }),
      400,
      'UNSUPPORTED_NOTIFICATION_TYPE',
      ['USER', 'notifications[0].typeName'],
    );
    const matcher = { fieldName: 'HOSTNAME', operator: 'EQUALS', value: 'db0' };
    expectApiError(
      await post({ ...base, forAllGroups: true, matchers: Array.from({ length: 21 }, () => matcher) }),
      400,
      'VALIDATION_ERROR',
      ['matchers', 'at most 20 matchers'],
    );
    expectApiError(
      await post({
        ...base,
        forAllGroups: true,
        notifications: Array.from({ length: 26 }, () => webhook(receiver, '/x')),
      }),
      400,
      'VALIDATION_ERROR',
      ['notifications', 'at most 25 notifications'],
    );
    expect(await countRows(t, 'SELECT 1 FROM global_alert_configs')).toBe(before);
  });
});
