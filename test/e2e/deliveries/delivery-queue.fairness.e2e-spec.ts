import { performance } from 'node:perf_hooks';
import { call } from '../../support/digest-client';
import { alertsOf, projectWithCallers, type ProjectCallers } from '../../support/factories/alerting.fixture';
import { bootstrapFirstUser } from '../../support/factories/identity.fixture';
import { eventually } from '../../support/eventually';
import { HttpReceiver } from '../../support/receivers/http-receiver';
import { startTestApp, type TestApp } from '../../support/test-app';
import {
  createAlertConfig,
  deliveriesEnv,
  deliveriesOf,
  hostDownAlert,
  workerOf,
} from './deliveries.fixture';

// Sixty alerts to one project's webhook that never answers must not delay another project's only
// delivery (each project in an organization of its own here). Real timers: the worker polls every 100 ms as in production, and
// the unresponsive calls last until OUTBOUND_TIMEOUT_MS (60 s), far beyond this test.

const NOISY_ALERTS = 60;
const PROJECT_CAP = 4;
const OUTBOUND_TIMEOUT_MS = 60_000;

describe('GET /groups/{groupId}/deliveries while another project floods an unresponsive receiver', () => {
  let t: TestApp;
  let boot: Awaited<ReturnType<typeof bootstrapFirstUser>>;
  let noisy: ProjectCallers;
  let quiet: ProjectCallers;
  let silent: HttpReceiver;
  let receiver: HttpReceiver;

  beforeAll(async () => {
    silent = await HttpReceiver.start();
    silent.respondByDefault({ status: 200, delayMs: 10 * OUTBOUND_TIMEOUT_MS });
    receiver = await HttpReceiver.start();
    t = await startTestApp({
      ...deliveriesEnv(receiver),
      DELIVERY_POLL_MS: '100',
      OUTBOUND_TIMEOUT_MS: String(OUTBOUND_TIMEOUT_MS),
      DELIVERY_PROJECT_CONCURRENCY: String(PROJECT_CAP),
      TEST_NOTIFICATION_TIMEOUT_MS: '1000',
    });
    boot = await bootstrapFirstUser(t);
    noisy = await projectWithCallers(t, boot);
    quiet = await projectWithCallers(t, boot);
  });

  afterAll(async () => {
    // The silent receiver's connections are cut first, so the app's in-flight calls end at once.
    await silent.close();
    await t.close();
    await receiver.close();
  });

  it("should deliver another project's only notification while the noisy project's are still pending", async () => {
    const noisyConfig = await createAlertConfig(t, noisy.monitoringAdmin, noisy.groupId, [
      { typeName: 'WEBHOOK', webhookUrl: silent.url('/never'), delayMin: 0, intervalMin: 60 },
    ]);
    for (let i = 0; i < NOISY_ALERTS; i++) await alertsOf(t).open(hostDownAlert(noisy.groupId, noisyConfig));
    // The noisy project's calls are under way (and hanging) before the quiet project's alert opens.
    await eventually(
      'the noisy project fills its slots',
      () => (silent.requests.length >= PROJECT_CAP ? true : undefined),
      10_000,
    );

    const quietConfig = await createAlertConfig(t, quiet.monitoringAdmin, quiet.groupId, [
      { typeName: 'WEBHOOK', webhookUrl: receiver.url('/quiet'), delayMin: 0, intervalMin: 60 },
    ]);
    const opened = performance.now();
    const alert = await alertsOf(t).open(hostDownAlert(quiet.groupId, quietConfig));
    const delivered = await eventually(
      "the quiet project's delivery",
      async () => {
        const [delivery] = await deliveriesOf(t, quiet.readOnly, quiet.groupId);
        return delivery?.status === 'SUCCEEDED' ? delivery : undefined;
      },
      5_000,
    );
    const delayMs = Math.round(performance.now() - opened);
    expect(delivered.alertId).toBe(alert.id);
    expect(receiver.requests.map((request) => request.path)).toEqual(['/quiet']);

    const noisyDeliveries = await deliveriesOf(t, noisy.readOnly, noisy.groupId);
    expect(noisyDeliveries).toHaveLength(NOISY_ALERTS);
    expect(noisyDeliveries.every((delivery) => delivery.status === 'PENDING')).toBe(true);
    // The cap: the noisy project never held more than its slots, whatever its backlog.
    expect(silent.requests.length).toBe(PROJECT_CAP);
    expect(workerOf(t.app).attemptsInFlight).toBe(PROJECT_CAP);
    console.log(
      `fairness figure: the quiet project's delivery succeeded ${delayMs} ms after its alert opened, ` +
        `with ${NOISY_ALERTS} deliveries of the noisy project pending and ${PROJECT_CAP} of them hanging`,
    );
  });

  it('should answer a test notification to the unresponsive receiver within TEST_NOTIFICATION_TIMEOUT_MS', async () => {
    const started = performance.now();
    const response = await call(
      'POST',
      `${t.apiUrl}/groups/${noisy.groupId}/alertConfigs/notifications/test`,
      {
        auth: noisy.monitoringAdmin,
        body: { notification: { typeName: 'WEBHOOK', webhookUrl: silent.url('/test') } },
      },
    );
    const tookMs = Math.round(performance.now() - started);
    expect(response.status).toBe(200);
    const [result] = (response.body as { results: Array<{ ok: boolean; error: string; latencyMs: number }> })
      .results;
    expect(result).toMatchObject({
      ok: false,
      error: 'UNREACHABLE: the receiver could not be reached or did not answer in time',
    });
    // The call itself gave up at the test timeout (1 s), not at OUTBOUND_TIMEOUT_MS (60 s).
    expect(result.latencyMs).toBeGreaterThanOrEqual(950);
    expect(result.latencyMs).toBeLessThan(OUTBOUND_TIMEOUT_MS);
    console.log(`test notification to an unresponsive receiver answered in ${tookMs} ms`);
  });
});
