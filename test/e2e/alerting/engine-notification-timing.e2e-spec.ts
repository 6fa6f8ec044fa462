import { ManualClock } from '../../../src/platform/clock/clock';
import { call } from '../../support/digest-client';
import { HttpReceiver } from '../../support/receivers/http-receiver';
import type { TestApp } from '../../support/test-app';
import { deployment, hostReport, monitoringReport, report } from '../automation/automation.fixture';
import { alertsOfConfig, createConfig, deliver, engineOf, startEngineApp } from './engine.fixture';
import { MINUTE } from '../../support/time';

// When an alert opens and when each of its notifications goes out, driven by the test clock: the alert
// opens after the smallest delayMin of its notifications (TRACKING until then); each notification is
// first sent at its own delay, then every intervalMin while the alert is OPEN and unacknowledged.
describe('POST /agents/v1/groups/{groupId}/reports (notification timing)', () => {
  const clock = new ManualClock(new Date('2024-07-01T09:00:00Z'));
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

  // What the service does on its timers, at the clock's time: promote, re-notify, deliver.
  const tick = async (minutes: number) => {
    clock.advance(minutes * MINUTE);
    await engineOf(t.app).runSweep();
    await deliver(t.app);
  };
  const sent = (path: string) =>
    receiver.requests
      .filter((request) => request.path === path)
      .map((request) => request.headers['x-mms-event']);

  it('should open after the smallest delay and send each notification at its own delay, then every interval', async () => {
    const d = await deployment(t);
    const slow = `/slow/${d.groupId}`;
    const fast = `/fast/${d.groupId}`;
    // Listed first but with the longer delay: the first notification's delay does not decide.
    const configId = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'HOST_DOWN',
      notifications: [
        { typeName: 'WEBHOOK', webhookUrl: receiver.url(slow), delayMin: 10, intervalMin: 30 },
        { typeName: 'WEBHOOK', webhookUrl: receiver.url(fast), delayMin: 5, intervalMin: 5 },
      ],
    });
    await report(t, d, monitoringReport([hostReport()]));
    await report(t, d, monitoringReport([hostReport({ up: false })]));
    const status = async () => (await alertsOfConfig(t, d.readOnly, d.groupId, configId))[0].status;
    expect(await status()).toBe('TRACKING');

    await tick(4);
    expect(await status()).toBe('TRACKING');
    expect(sent(fast)).toEqual([]);

    await tick(1); // 5 min: the smallest delay has passed
    expect(await status()).toBe('OPEN');
    expect(sent(fast)).toEqual(['alert.open']);
    expect(sent(slow)).toEqual([]);

    await tick(5); // 10 min: the second notification's own delay, and the first one's interval
    expect(sent(slow)).toEqual(['alert.open']);
    expect(sent(fast)).toEqual(['alert.open', 'alert.open']);

    await tick(4); // 14 min: nothing due
    expect(sent(fast)).toHaveLength(2);
    await tick(1); // 15 min
    expect(sent(fast)).toHaveLength(3);
    expect(sent(slow)).toHaveLength(1);
  });

  it('should not repeat while acknowledged, and resume once the acknowledgement lapses', async () => {
    const d = await deployment(t);
    const path = `/ack/${d.groupId}`;
    const configId = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'HOST_DOWN',
      notifications: [{ typeName: 'WEBHOOK', webhookUrl: receiver.url(path), delayMin: 0, intervalMin: 5 }],
    });
    await report(t, d, monitoringReport([hostReport()]));
    await report(t, d, monitoringReport([hostReport({ up: false })]));
    await deliver(t.app);
    expect(sent(path)).toEqual(['alert.open']);
    const [alert] = await alertsOfConfig(t, d.readOnly, d.groupId, configId);

    const until = new Date(clock.now().getTime() + 12 * MINUTE).toISOString();
    const ack = await call('PATCH', `${t.apiUrl}/groups/${d.groupId}/alerts/${alert.id}`, {
      auth: d.monitoringAdmin,
      body: { acknowledgedUntil: until, acknowledgementComment: 'on it' },
    });
    expect(ack.status).toBe(200);
    await deliver(t.app);
    expect(sent(path)).toEqual(['alert.open', 'alert.acknowledge']);

    await tick(5);
    await tick(5); // 10 min: two intervals passed while acknowledged
    expect(sent(path)).toEqual(['alert.open', 'alert.acknowledge']);

    await tick(3); // 13 min: the acknowledgement lapsed at 12
    expect(sent(path)).toEqual(['alert.open', 'alert.acknowledge', 'alert.open']);
  });

  it('should send an informational alert once per notification, each at its delay, never again', async () => {
    const d = await deployment(t);
    const now = `/inform-now/${d.groupId}`;
    const later = `/inform-later/${d.groupId}`;
    await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'ADD_HOST_AUDIT',
      notifications: [
        { typeName: 'WEBHOOK', webhookUrl: receiver.url(now), delayMin: 0, intervalMin: 5 },
        { typeName: 'WEBHOOK', webhookUrl: receiver.url(later), delayMin: 5, intervalMin: 5 },
      ],
    });
    const added = await call('POST', `${t.apiUrl}/groups/${d.groupId}/hosts`, {
      auth: d.groupOwner,
      body: { hostname: 'new.example.com', port: 27017 },
    });
    expect(added.status).toBeLessThan(300);
    await deliver(t.app);
    expect(sent(now)).toEqual(['alert.inform']);
    expect(sent(later)).toEqual([]);

    await tick(5);
    expect(sent(later)).toEqual(['alert.inform']);
    await tick(5);
    await tick(5);
    expect(sent(now)).toEqual(['alert.inform']);
    expect(sent(later)).toEqual(['alert.inform']);
  });
});
