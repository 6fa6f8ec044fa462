import { ManualClock } from '../../src/platform/clock/clock';
import { call } from '../support/digest-client';
import {
  alertsOf,
  createMaintenanceWindow,
  projectWithCallers,
  windowBody,
  type ProjectCallers,
} from '../support/factories/alerting.fixture';
import { bootstrapFirstUser } from '../support/factories/identity.fixture';
import { HttpReceiver } from '../support/receivers/http-receiver';
import { startTestApp, type TestApp } from '../support/test-app';
import {
  createAlertConfig,
  deliveriesEnv,
  hostDownAlert,
  policyOf,
  workerOf,
} from '../e2e/deliveries/deliveries.fixture';
import {
  alertHref,
  FORGED_HEADERS,
  FORGED_HOST,
  receivedText,
  storedDeliveries,
} from './support/outbound-documents';
import { MINUTE, isoSeconds } from '../support/time';

// Every notification, first or later, carries links under PUBLIC_BASE_URL: the later ones are built by
// sweeps outside any request (they once read http://localhost), and those built inside a request never
// follow the caller's Host.

const PUBLIC_BASE_URL = 'https://dms.example.com:8443';
const PUBLIC_API = `${PUBLIC_BASE_URL}/api/public/v1.0`;

describe('PATCH /groups/{groupId}/alerts/{alertId} and later notifications with PUBLIC_BASE_URL set', () => {
  const clock = new ManualClock(new Date('2024-03-01T10:00:00Z'));
  let t: TestApp;
  let p: ProjectCallers;
  let receiver: HttpReceiver;

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    t = await startTestApp({ ...deliveriesEnv(receiver), PUBLIC_BASE_URL }, clock);
    p = await projectWithCallers(t, await bootstrapFirstUser(t));
  });

  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  beforeEach(() => receiver.reset());

  const sweepAndDeliver = async (): Promise<void> => {
    await policyOf(t.app).runSweep();
    await workerOf(t.app).runDue();
  };
  const hooks = (path: string) => receiver.requests.filter((request) => request.path === path);
  const eventsAndLinks = (path: string) =>
    hooks(path).map((request) => [request.headers['x-mms-event'], request.json().links[0].href]);
  const openWebhookAlert = async (path: string) => {
    const configId = await createAlertConfig(t, p.monitoringAdmin, p.groupId, [
      { typeName: 'WEBHOOK', webhookUrl: receiver.url(path), delayMin: 0, intervalMin: 5 },
    ]);
    const alert = await alertsOf(t).open(hostDownAlert(p.groupId, configId));
    return { alert, href: alertHref(PUBLIC_API, p.groupId, alert.id) };
  };

  it('should link every repeat notification under PUBLIC_BASE_URL when intervalMin has passed', async () => {
    const { href } = await openWebhookAlert('/hook-repeat');
    await workerOf(t.app).runDue();
    for (let repeat = 0; repeat < 2; repeat++) {
      clock.advance(5 * MINUTE);
      await sweepAndDeliver();
    }

    expect(eventsAndLinks('/hook-repeat')).toEqual([
      ['alert.open', href],
      ['alert.open', href],
      ['alert.open', href],
    ]);
  });

  it('should link the notification under PUBLIC_BASE_URL when a maintenance window has ended', async () => {
    await createMaintenanceWindow(
      t,
      p.monitoringAdmin,
      p.groupId,
      windowBody(clock.now(), { startInMs: -MINUTE, endInMs: 10 * MINUTE, alertTypeNames: ['HOST'] }),
    );
    const { href } = await openWebhookAlert('/hook-window');
    await workerOf(t.app).runDue();
    expect(hooks('/hook-window')).toHaveLength(0);

    clock.advance(11 * MINUTE);
    await sweepAndDeliver();
    expect(eventsAndLinks('/hook-window')).toEqual([['alert.open', href]]);
  });

  it('should link the acknowledge notice and the notification after the acknowledgement expires under PUBLIC_BASE_URL', async () => {
    const { alert, href } = await openWebhookAlert('/hook-ack-expiry');
    await workerOf(t.app).runDue();
    const acknowledged = await call('PATCH', `${t.apiUrl}/groups/${p.groupId}/alerts/${alert.id}`, {
      auth: p.monitoringAdmin,
      body: { acknowledgedUntil: isoSeconds(new Date(clock.now().getTime() + 10 * MINUTE)) },
    });
    expect(acknowledged.status).toBe(200);
    await workerOf(t.app).runDue();

    clock.advance(11 * MINUTE);
    await sweepAndDeliver();
    expect(eventsAndLinks('/hook-ack-expiry')).toEqual([
      ['alert.open', href],
      ['alert.acknowledge', href],
      ['alert.open', href],
    ]);
  });

  it('should queue and send the acknowledge notice without the forged host when the acknowledgement forges Host', async () => {
    const { alert, href } = await openWebhookAlert('/hook-ack-forged');
    await workerOf(t.app).runDue();
    const acknowledged = await call('PATCH', `${t.apiUrl}/groups/${p.groupId}/alerts/${alert.id}`, {
      auth: p.monitoringAdmin,
      body: { acknowledgedUntil: isoSeconds(new Date(clock.now().getTime() + 60 * MINUTE)) },
      headers: FORGED_HEADERS,
    });
    expect(acknowledged.status).toBe(200);

    const queued = (await storedDeliveries(t, p.groupId)).filter((row) => row.alertId === alert.id);
    expect(queued.map((row) => [row.eventKind, row.selfHref]).sort()).toEqual([
      ['alert.acknowledge', href],
      ['alert.open', href],
    ]);
    expect(queued.map((row) => row.text).join('\n')).not.toContain(FORGED_HOST);
    await workerOf(t.app).runDue();
    expect(eventsAndLinks('/hook-ack-forged')).toEqual([
      ['alert.open', href],
      ['alert.acknowledge', href],
    ]);
    expect(receivedText(hooks('/hook-ack-forged'))).not.toContain(FORGED_HOST);
  });

  it('should send the test notification without the forged host when the request forges Host', async () => {
    const response = await call('POST', `${t.apiUrl}/groups/${p.groupId}/alertConfigs/notifications/test`, {
      auth: p.monitoringAdmin,
      body: { notification: { typeName: 'WEBHOOK', webhookUrl: receiver.url('/hook-test-forged') } },
      headers: FORGED_HEADERS,
    });
    expect(response.status).toBe(200);
    expect(response.body.results).toEqual([expect.objectContaining({ ok: true })]);

    const [sent] = hooks('/hook-test-forged');
    const { id } = sent.json();
    expect(sent.json().links).toEqual([{ rel: 'self', href: alertHref(PUBLIC_API, p.groupId, id) }]);
    expect(receivedText([sent])).not.toContain(FORGED_HOST);
  });
});
