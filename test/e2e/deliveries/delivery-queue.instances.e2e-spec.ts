import type { INestApplication } from '@nestjs/common';
import { ManualClock } from '../../../src/platform/clock/clock';
import { alertsOf, projectWithCallers, type ProjectCallers } from '../../support/factories/alerting.fixture';
import { bootstrapFirstUser } from '../../support/factories/identity.fixture';
import { HttpReceiver } from '../../support/receivers/http-receiver';
import type { TestApp } from '../../support/test-app';
import {
  createAlertConfig,
  deliveriesEnv,
  deliveriesOf,
  hostDownAlert,
  startDeliveriesApp,
  startInstance,
  workerOf,
} from './deliveries-fixture';

const ALERTS = 12;

describe('GET /groups/{groupId}/deliveries across service instances and restarts', () => {
  const clock = new ManualClock(new Date('2024-03-01T10:00:00Z'));
  let t: TestApp;
  let p: ProjectCallers;
  let receiver: HttpReceiver;
  const extra: INestApplication[] = [];

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    t = await startDeliveriesApp(clock, receiver);
    p = await projectWithCallers(t, await bootstrapFirstUser(t));
  });

  afterAll(async () => {
    for (const app of extra) await app.close();
    await t.close();
    await receiver.close();
  });

  beforeEach(() => receiver.reset());

  const openAlerts = async (path: string): Promise<string[]> => {
    const configId = await createAlertConfig(t, p.monitoringAdmin, p.groupId, [
      { typeName: 'WEBHOOK', webhookUrl: receiver.url(path), delayMin: 0, intervalMin: 60 },
    ]);
    const ids: string[] = [];
    for (let i = 0; i < ALERTS; i++)
      ids.push((await alertsOf(t).open(hostDownAlert(p.groupId, configId))).id);
    return ids;
  };
  const alertIdsReceived = (path: string): string[] =>
    receiver.requests
      .filter((request) => request.path === path)
      .map((request) => request.json().id as string);

  it('should deliver each row once when two instances run the worker at the same time', async () => {
    const second = await startInstance(t, clock, deliveriesEnv(receiver));
    extra.push(second);
    receiver.respondByDefault({ status: 200, body: { ok: true }, delayMs: 20 });
    const ids = await openAlerts('/hook-two');

    const [a, b] = await Promise.all([workerOf(t.app).runDue(), workerOf(second).runDue()]);

    expect(a + b).toBe(ALERTS);
    expect(alertIdsReceived('/hook-two').sort()).toEqual([...ids].sort());
    const logged = (await deliveriesOf(t, p.readOnly, p.groupId)).filter((d) => ids.includes(d.alertId));
    expect(logged.map((d) => [d.status, d.attempts.length])).toEqual(ids.map(() => ['SUCCEEDED', 1]));
  });

  it('should lose none and repeat none when the service restarts with deliveries pending', async () => {
    const first = await startInstance(t, clock, deliveriesEnv(receiver));
    const delivered = await openAlerts('/hook-restart');
    await workerOf(first).runDue();
    // Stopped with a second batch queued and never attempted.
    const pending = await openAlerts('/hook-restart');
    await first.close();

    const restarted = await startInstance(t, clock, deliveriesEnv(receiver));
    extra.push(restarted);
    await workerOf(restarted).runDue();
    await workerOf(restarted).runDue();

    expect(alertIdsReceived('/hook-restart').sort()).toEqual([...delivered, ...pending].sort());
  });
});
