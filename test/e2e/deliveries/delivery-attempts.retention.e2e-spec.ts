import { ManualClock } from '../../../src/platform/clock/clock';
import { call } from '../../support/digest-client';
import { alertsOf, projectWithCallers, type ProjectCallers } from '../../support/factories/alerting.fixture';
import { bootstrapFirstUser } from '../../support/factories/identity.fixture';
import { HttpReceiver } from '../../support/receivers/http-receiver';
import { startTestApp, type TestApp } from '../../support/test-app';
import {
  createAlertConfig,
  deliveriesEnv,
  hostDownAlert,
  workerOf,
  type DeliveryView,
} from './deliveries.fixture';

// A receiver failing for a day kept ~1,440 attempt rows per delivery. Only the latest
// DELIVERY_ATTEMPTS_KEPT stay; the delivery still counts every attempt.

const KEPT = 3;
const ATTEMPTS = 8;

describe('GET /groups/{groupId}/deliveries/{deliveryId} of a delivery retried many times', () => {
  const clock = new ManualClock(new Date('2024-03-01T10:00:00Z'));
  let t: TestApp;
  let p: ProjectCallers;
  let receiver: HttpReceiver;

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    receiver.respondByDefault({ status: 503, body: 'down' });
    t = await startTestApp({ ...deliveriesEnv(receiver), DELIVERY_ATTEMPTS_KEPT: String(KEPT) }, clock);
    p = await projectWithCallers(t, await bootstrapFirstUser(t));
  });

  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('should keep the latest attempts only and count them all when the receiver keeps failing', async () => {
    const configId = await createAlertConfig(t, p.monitoringAdmin, p.groupId, [
      { typeName: 'WEBHOOK', webhookUrl: receiver.url('/down'), delayMin: 0, intervalMin: 60 },
    ]);
    await alertsOf(t).open(hostDownAlert(p.groupId, configId));
    for (let i = 0; i < ATTEMPTS; i++) {
      expect(await workerOf(t.app).runDue()).toBe(1);
      // Past the longest backoff (60 s), so the next run finds the retry due.
      clock.advance(61_000);
    }
    expect(receiver.requests).toHaveLength(ATTEMPTS);

    const list = await call('GET', `${t.apiUrl}/groups/${p.groupId}/deliveries`, { auth: p.readOnly });
    expect(list.status).toBe(200);
    const [delivery] = list.body.results as DeliveryView[];
    expect(delivery).toMatchObject({ status: 'PENDING', attemptCount: ATTEMPTS, lastStatusCode: 503 });
    expect(delivery.attempts.map((attempt) => attempt.attemptNumber)).toEqual([6, 7, 8]);
    expect(delivery.attempts.every((attempt) => attempt.outcome === 'RETRY')).toBe(true);

    const one = await call('GET', `${t.apiUrl}/groups/${p.groupId}/deliveries/${delivery.id}`, {
      auth: p.readOnly,
    });
    expect(one.body).toMatchObject({ attemptCount: ATTEMPTS });
    expect((one.body as DeliveryView).attempts).toHaveLength(KEPT);
  });
});
