import { ManualClock } from '../../../src/platform/clock/clock';
import { projectEvents } from '../../support/factories/alerting.fixture';
import { HttpReceiver } from '../../support/receivers/http-receiver';
import type { TestApp } from '../../support/test-app';
import {
  deployment,
  hostReport,
  monitoringReport,
  report,
  type Deployment,
} from '../automation/automation.fixture';
import { alertsOfConfig, createConfig, deliver, startEngineApp, webhook } from './engine.fixture';
import { MINUTE } from '../../support/time';

// One agent report may change several things of a host at once (its state, its version, its uptime): each
// event it records, and each informational alert raised from it, describes its own change only. Checked on
// what the webhook receives, on the alert resource and on the recorded event.
describe('POST /agents/v1/groups/{groupId}/reports (informational alert details)', () => {
  const clock = new ManualClock(new Date('2024-06-01T12:00:00Z'));
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

  const TYPES = [
    'HOST_NOW_PRIMARY',
    'PRIMARY_ELECTED',
    'HOST_NOW_SECONDARY',
    'HOST_RESTARTED',
    'VERSION_CHANGED',
  ] as const;

  // A project with one webhook per informational type, on a path named after the type.
  async function watched(): Promise<{ d: Deployment; configs: Record<string, string> }> {
    const d = await deployment(t);
    const configs: Record<string, string> = {};
    for (const type of TYPES) {
      configs[type] = await createConfig(t, d.groupOwner, d.groupId, {
        eventTypeName: type,
        notifications: [webhook(receiver, `/${d.groupId}/${type}`)],
      });
    }
    return { d, configs };
  }

  // What each webhook received: humanReadable by event type.
  async function notified(d: Deployment, count: number): Promise<Record<string, string>> {
    await deliver(t.app);
    const requests = (await receiver.waitFor(count)).filter((request) =>
      request.path.startsWith(`/${d.groupId}/`),
    );
    expect(requests).toHaveLength(count);
    return Object.fromEntries(
      requests.map((request) => [request.path.split('/')[2], String(request.json().humanReadable)]),
    );
  }

  // The version fields of an event's raw document, when it has them.
  const versionsOf = (raw: Record<string, unknown> | undefined) =>
    Object.fromEntries(
      Object.entries(raw ?? {}).filter(([field]) => field === 'previousVersion' || field === 'version'),
    );

  const changes = async (d: Deployment, from: Record<string, unknown>, to: Record<string, unknown>) => {
    await report(t, d, monitoringReport([hostReport({ hostname: `${d.groupId}.example.com`, ...from })]));
    clock.advance(MINUTE);
    await report(t, d, monitoringReport([hostReport({ hostname: `${d.groupId}.example.com`, ...to })]));
  };

  it('should give the version change to VERSION_CHANGED only when one report also elects a primary', async () => {
    const { d, configs } = await watched();
    const host = `${d.groupId}.example.com:27017`;
    await changes(
      d,
      { typeName: 'REPLICA_SECONDARY', version: '7.0.5' },
      { typeName: 'REPLICA_PRIMARY', version: '7.0.6' },
    );

    expect(await notified(d, 3)).toEqual({
      HOST_NOW_PRIMARY: `HOST_NOW_PRIMARY on ${host}`,
      PRIMARY_ELECTED: `PRIMARY_ELECTED on ${host}`,
      VERSION_CHANGED: `VERSION_CHANGED on ${host} (7.0.5 -> 7.0.6)`,
    });
    const [primary] = await alertsOfConfig(t, d.readOnly, d.groupId, configs.HOST_NOW_PRIMARY);
    expect(primary.humanReadable).toBe(`HOST_NOW_PRIMARY on ${host}`);
    for (const type of ['HOST_NOW_PRIMARY', 'PRIMARY_ELECTED', 'HOST_UPGRADED', 'VERSION_CHANGED']) {
      const [event] = await projectEvents(t, d.readOnly, d.groupId, type);
      const versions = type === 'HOST_UPGRADED' || type === 'VERSION_CHANGED';
      expect({ type, ...versionsOf(event.raw) }).toEqual({
        type,
        ...(versions ? { previousVersion: '7.0.5', version: '7.0.6' } : {}),
      });
    }
  });

  it('should keep the version out of a restart and a step down reported with a downgrade', async () => {
    const { d } = await watched();
    const host = `${d.groupId}.example.com:27017`;
    await changes(
      d,
      { typeName: 'REPLICA_PRIMARY', version: '7.0.6', uptimeMsec: 900_000 },
      { typeName: 'REPLICA_SECONDARY', version: '6.0.15', uptimeMsec: 1_000 },
    );

    expect(await notified(d, 3)).toEqual({
      HOST_NOW_SECONDARY: `HOST_NOW_SECONDARY on ${host}`,
      HOST_RESTARTED: `HOST_RESTARTED on ${host}`,
      VERSION_CHANGED: `VERSION_CHANGED on ${host} (7.0.6 -> 6.0.15)`,
    });
    const [restart] = await projectEvents(t, d.readOnly, d.groupId, 'HOST_RESTARTED');
    expect(versionsOf(restart.raw)).toEqual({});
  });

  it('should describe each change alone when every change of a report is of a different host', async () => {
    const { d } = await watched();
    const a = `a-${d.groupId}.example.com`;
    const b = `b-${d.groupId}.example.com`;
    await report(
      t,
      d,
      monitoringReport([
        hostReport({ hostname: a, typeName: 'REPLICA_SECONDARY', version: '7.0.5' }),
        hostReport({ hostname: b, typeName: 'REPLICA_PRIMARY', version: '7.0.5' }),
      ]),
    );
    clock.advance(MINUTE);
    await report(
      t,
      d,
      monitoringReport([
        hostReport({ hostname: a, typeName: 'REPLICA_PRIMARY', version: '7.0.5' }),
        hostReport({ hostname: b, typeName: 'REPLICA_PRIMARY', version: '7.0.6' }),
      ]),
    );

    expect(await notified(d, 3)).toEqual({
      HOST_NOW_PRIMARY: `HOST_NOW_PRIMARY on ${a}:27017`,
      PRIMARY_ELECTED: `PRIMARY_ELECTED on ${a}:27017`,
      VERSION_CHANGED: `VERSION_CHANGED on ${b}:27017 (7.0.5 -> 7.0.6)`,
    });
  });
});
