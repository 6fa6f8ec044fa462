import { ManualClock } from '../../../src/platform/clock/clock';
import { call } from '../../support/digest-client';
import { createMaintenanceWindow, projectEvents, windowBody } from '../../support/factories/alerting.fixture';
import { HttpReceiver } from '../../support/receivers/http-receiver';
import type { TestApp } from '../../support/test-app';
import { deployment, monitoringReport, report, type Deployment } from '../automation/automation.fixture';
import {
  alertsOfConfig,
  connectionsAbove,
  createConfig,
  deliver,
  measuredHost,
  startEngineApp,
  webhook,
} from './engine.fixture';
import { HOUR } from '../../support/time';
import { expectApiError } from '../../support/api-error';

// Beyond the product: a maintenance window with matchers silences only the hosts or replica sets they
// match; the others notify as usual. Driven by agent reports, delivered to a local receiver.
describe('POST /groups/{groupId}/maintenanceWindows (scoped by matchers)', () => {
  const clock = new ManualClock(new Date('2024-03-01T10:00:00Z'));
  let t: TestApp;
  let receiver: HttpReceiver;

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    t = await startEngineApp(clock, receiver);
  });

  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  beforeEach(() => receiver.reset());

  // Which hosts the receiver heard about on `path`, in order.
  const notifiedHosts = (path: string) =>
    receiver.requests
      .filter((request) => request.path === path)
      .map((request) => `${request.headers['x-mms-event'] as string} ${request.json().hostnameAndPort}`);

  const busyHosts = (d: Deployment, hosts: Array<Record<string, unknown>>) =>
    report(
      t,
      d,
      monitoringReport(
        hosts.map(({ hostname, ...overrides }) =>
          measuredHost(clock, hostname as string, { CONNECTIONS: 500 }, overrides),
        ),
      ),
    );

  const connectionsConfig = (d: Deployment, path: string) =>
    createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      metricThreshold: connectionsAbove(100),
      notifications: [webhook(receiver, path)],
    });

  it('should silence only the replica set its matcher names, and let it notify once the window ends', async () => {
    const d = await deployment(t);
    const configId = await connectionsConfig(d, '/by-replica-set');
    const window = await createMaintenanceWindow(
      t,
      d.monitoringAdmin,
      d.groupId,
      windowBody(clock.now(), {
        startInMs: 0,
        endInMs: HOUR,
        alertTypeNames: ['HOST'],
        matchers: [{ fieldName: 'REPLICA_SET_NAME', operator: 'EQUALS', value: 'rs1' }],
      }),
    );
    expect(window.matchers).toEqual([{ fieldName: 'REPLICA_SET_NAME', operator: 'EQUALS', value: 'rs1' }]);

    await busyHosts(d, [
      { hostname: 'db0.example.com', replicaSetName: 'rs0' },
      { hostname: 'db1.example.com', replicaSetName: 'rs1' },
    ]);
    const alerts = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    expect(alerts.map((alert) => `${alert.status} ${alert.hostnameAndPort}`).sort()).toEqual([
      'OPEN db0.example.com:27017',
      'OPEN db1.example.com:27017',
    ]);
    await deliver(t.app);
    expect(notifiedHosts('/by-replica-set')).toEqual(['alert.open db0.example.com:27017']);

    // The window's end is exclusive; db0's hourly re-notification falls due at the same instant.
    clock.advance(HOUR);
    await deliver(t.app);
    expect(notifiedHosts('/by-replica-set').slice(1).sort()).toEqual([
      'alert.open db0.example.com:27017',
      'alert.open db1.example.com:27017',
    ]);
  });

  it("should match the host's current type with TYPE_NAME and a hostname with REGEX", async () => {
    const d = await deployment(t);
    const configId = await connectionsConfig(d, '/by-type');
    await createMaintenanceWindow(
      t,
      d.monitoringAdmin,
      d.groupId,
      windowBody(clock.now(), {
        startInMs: 0,
        endInMs: HOUR,
        alertTypeNames: ['HOST', 'REPLICA_SET'],
        matchers: [
          { fieldName: 'TYPE_NAME', operator: 'EQUALS', value: 'SECONDARY' },
          { fieldName: 'HOSTNAME', operator: 'REGEX', value: '^db[0-9]+\\.example\\.com$' },
        ],
      }),
    );

    await busyHosts(d, [
      { hostname: 'db0.example.com', typeName: 'REPLICA_PRIMARY' },
      { hostname: 'db1.example.com', typeName: 'REPLICA_SECONDARY' },
      { hostname: 'web1.example.com', typeName: 'REPLICA_SECONDARY' },
    ]);
    expect(await alertsOfConfig(t, d.readOnly, d.groupId, configId)).toHaveLength(3);
    await deliver(t.app);
    expect(notifiedHosts('/by-type').sort()).toEqual([
      'alert.open db0.example.com:27017',
      'alert.open web1.example.com:27017',
    ]);
  });

  it('should silence every host again once PATCH drops the matchers, and record the change', async () => {
    const d = await deployment(t);
    const configId = await connectionsConfig(d, '/widened');
    const window = await createMaintenanceWindow(
      t,
      d.monitoringAdmin,
      d.groupId,
      windowBody(clock.now(), {
        startInMs: 0,
        endInMs: HOUR,
        alertTypeNames: ['HOST'],
        matchers: [{ fieldName: 'HOSTNAME', operator: 'EQUALS', value: 'db9.example.com' }],
      }),
    );
    const patched = await call<{ matchers: unknown[] }>(
      'PATCH',
      `${t.apiUrl}/groups/${d.groupId}/maintenanceWindows/${window.id}`,
      { auth: d.monitoringAdmin, body: { matchers: [] } },
    );
    expect(patched.status).toBe(201);
    expect(patched.body.matchers).toEqual([]);
    const [changed] = await projectEvents(t, d.readOnly, d.groupId, 'MAINTENANCE_WINDOW_CHANGED');
    expect(changed.diffs?.[0].params).toEqual([
      {
        param: 'matchers',
        old: [{ fieldName: 'HOSTNAME', operator: 'EQUALS', value: 'db9.example.com' }],
        new: [],
      },
    ]);

    await busyHosts(d, [{ hostname: 'db0.example.com' }]);
    expect(await alertsOfConfig(t, d.readOnly, d.groupId, configId)).toHaveLength(1);
    await deliver(t.app);
    expect(notifiedHosts('/widened')).toEqual([]);
  });

  describe('refusals', () => {
    let d: Deployment;
    beforeAll(async () => {
      d = await deployment(t);
    });

    const create = (body: Record<string, unknown>) =>
      call('POST', `${t.apiUrl}/groups/${d.groupId}/maintenanceWindows`, { auth: d.monitoringAdmin, body });
    const base = (matchers: unknown, alertTypeNames = ['HOST']) => ({
      ...windowBody(clock.now(), { alertTypeNames }),
      matchers,
    });

    it.each([
      [
        'a field the alert types do not have',
        base([{ fieldName: 'CLUSTER_NAME', operator: 'EQUALS', value: 'c0' }]),
        'INVALID_ENUM_VALUE',
        ['CLUSTER_NAME', 'matchers[0].fieldName'],
      ],
      [
        'an unknown host type',
        base([{ fieldName: 'TYPE_NAME', operator: 'EQUALS', value: 'LEADER' }]),
        'INVALID_ENUM_VALUE',
        ['LEADER', 'matchers[0].value'],
      ],
      [
        'a regular expression that does not compile',
        base([{ fieldName: 'HOSTNAME', operator: 'REGEX', value: '([' }]),
        'VALIDATION_ERROR',
        // The alert configurations' regular expression engine (RE2 syntax) says why.
        ['matchers[0].value', expect.stringContaining('it is not a valid regular expression')],
      ],
      [
        'matchers on agent alerts',
        base([{ fieldName: 'HOSTNAME', operator: 'EQUALS', value: 'a' }], ['AGENT']),
        'VALIDATION_ERROR',
        ['matchers', 'alert types AGENT cannot be narrowed by matchers'],
      ],
    ])('should refuse %s with a 400 naming the field', async (_what, body, errorCode, parameters) => {
      const response = await create(body);
      expectApiError(response, 400, errorCode, parameters);
    });

    it('should refuse a matcher with an unknown operator through the request validation', async () => {
      const response = await create(base([{ fieldName: 'HOSTNAME', operator: 'LIKE', value: 'a' }]));
      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body)).toContain('operator');
    });

    it('should write nothing when refused', async () => {
      const list = await call<{ totalCount: number }>(
        'GET',
        `${t.apiUrl}/groups/${d.groupId}/maintenanceWindows`,
        { auth: d.readOnly },
      );
      expect(list.body.totalCount).toBe(0);
      expect(await projectEvents(t, d.readOnly, d.groupId, 'MAINTENANCE_WINDOW_ADDED')).toEqual([]);
    });
  });
});
