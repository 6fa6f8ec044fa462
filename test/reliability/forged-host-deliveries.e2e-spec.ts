import { ManualClock } from '../../src/platform/clock/clock';
import { call, type ApiResponse } from '../support/digest-client';
import { alertsOf, projectWithCallers, type ProjectCallers } from '../support/factories/alerting.fixture';
import { bootstrapFirstUser } from '../support/factories/identity.fixture';
import { HttpReceiver } from '../support/receivers/http-receiver';
import { startTestApp, type TestApp } from '../support/test-app';
import { basic, createAgentKey, monitoringReport, reportUrl } from '../e2e/automation/automation.fixture';
import {
  createAlertConfig,
  deliveriesEnv,
  deliveriesOf,
  hostDownAlert,
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

// Every request that queues an outbound document, sent with a forged Host and X-Forwarded-Host (and
// TRUST_PROXY on, so a forwarded host would be believed by anything that read it): what is queued, what
// the delivery log shows and what receivers get never names the forged host. PUBLIC_BASE_URL is unset,
// so links use the address stored for the service: the one it listens on.

interface Variant {
  route: string;
  // The event kind the request queues.
  queues: string;
  // Sets up what the request needs (without forged headers) and returns the request to send with them.
  prepare(hook: string): Promise<(headers: Record<string, string>) => Promise<ApiResponse>>;
}

describe('PATCH /groups/{groupId}/alerts/{alertId} and every other request that queues a notification, with a forged Host', () => {
  const clock = new ManualClock(new Date('2024-03-01T10:00:00Z'));
  let t: TestApp;
  let p: ProjectCallers;
  let receiver: HttpReceiver;

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    t = await startTestApp({ ...deliveriesEnv(receiver), TRUST_PROXY: 'true' }, clock);
    p = await projectWithCallers(t, await bootstrapFirstUser(t));
  });

  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  beforeEach(() => receiver.reset());

  const api = (path: string) => `${t.apiUrl}/groups/${p.groupId}${path}`;
  const webhook = (hook: string) => ({
    typeName: 'WEBHOOK',
    webhookUrl: receiver.url(hook),
    delayMin: 0,
    intervalMin: 60,
  });
  // An OPEN alert whose webhook has already been notified.
  const notifiedAlert = async (hook: string) => {
    const configId = await createAlertConfig(t, p.monitoringAdmin, p.groupId, [webhook(hook)]);
    const alert = await alertsOf(t).open(hostDownAlert(p.groupId, configId));
    await workerOf(t.app).runDue();
    return { configId, alertId: alert.id };
  };
  const informOn = (eventTypeName: string, hook: string) =>
    createAlertConfig(t, p.monitoringAdmin, p.groupId, [webhook(hook)], eventTypeName);
  const addHost = (headers: Record<string, string>, hostname: string) =>
    call('POST', api('/hosts'), { auth: p.monitoringAdmin, body: { hostname, port: 27017 }, headers });

  const variants: Variant[] = [
    {
      route: 'PATCH /groups/{groupId}/alerts/{alertId}',
      queues: 'alert.acknowledge',
      prepare: async (hook) => {
        const { alertId } = await notifiedAlert(hook);
        const acknowledgedUntil = isoSeconds(new Date(clock.now().getTime() + 60 * MINUTE));
        return (headers) =>
          call('PATCH', api(`/alerts/${alertId}`), {
            auth: p.monitoringAdmin,
            body: { acknowledgedUntil },
            headers,
          });
      },
    },
    {
      route: 'PATCH /groups/{groupId}/alertConfigs/{alertConfigId}',
      queues: 'alert.cancel',
      prepare: async (hook) => {
        const { configId } = await notifiedAlert(hook);
        return (headers) =>
          call('PATCH', api(`/alertConfigs/${configId}`), {
            auth: p.monitoringAdmin,
            body: { enabled: false },
            headers,
          });
      },
    },
    {
      route: 'DELETE /groups/{groupId}/alertConfigs/{alertConfigId}',
      queues: 'alert.cancel',
      prepare: async (hook) => {
        const { configId } = await notifiedAlert(hook);
        return (headers) =>
          call('DELETE', api(`/alertConfigs/${configId}`), { auth: p.monitoringAdmin, headers });
      },
    },
    {
      route: 'POST /groups/{groupId}/deliveries/{deliveryId}/redeliver',
      queues: 'alert.open',
      prepare: async (hook) => {
        const { alertId } = await notifiedAlert(hook);
        const [sent] = await deliveriesOf(t, p.monitoringAdmin, p.groupId, `&alertId=${alertId}`);
        return (headers) =>
          call('POST', api(`/deliveries/${sent.id}/redeliver`), { auth: p.monitoringAdmin, headers });
      },
    },
    {
      route: 'POST /groups/{groupId}/hosts',
      queues: 'alert.inform',
      prepare: async (hook) => {
        await informOn('ADD_HOST_AUDIT', hook);
        return (headers) => addHost(headers, 'added.example.com');
      },
    },
    {
      route: 'DELETE /groups/{groupId}/hosts/{hostId}',
      queues: 'alert.inform',
      prepare: async (hook) => {
        await informOn('DELETE_HOST_AUDIT', hook);
        const added = await addHost({}, 'removed.example.com');
        return (headers) =>
          call('DELETE', api(`/hosts/${added.body.id}`), { auth: p.monitoringAdmin, headers });
      },
    },
    {
      route: 'POST /groups/{groupId}/apiKeys',
      queues: 'alert.inform',
      prepare: async (hook) => {
        await informOn('API_KEY_ADDED_TO_GROUP', hook);
        return (headers) =>
          call('POST', api('/apiKeys'), {
            auth: p.groupOwner,
            body: { desc: 'scraper', roles: ['GROUP_READ_ONLY'] },
            headers,
          });
      },
    },
    {
      route: 'POST /agents/v1/groups/{groupId}/reports',
      queues: 'alert.inform',
      prepare: async (hook) => {
        await informOn('NEW_AGENT', hook);
        const agentKey = await createAgentKey(t, p.groupOwner, p.groupId);
        return (headers) =>
          call('POST', reportUrl(t, p.groupId), {
            body: monitoringReport([], { hostname: 'agent-forged.example.com' }),
            headers: { ...headers, Authorization: basic(p.groupId, agentKey.key) },
          });
      },
    },
  ];

  it.each(variants.map((variant, index) => [variant.route, variant, `/hook-${index}`] as const))(
    'should queue and send no forged host when %s carries Host and X-Forwarded-Host',
    async (_route, variant, hook) => {
      const send = await variant.prepare(hook);
      const before = new Set((await deliveriesOf(t, p.readOnly, p.groupId)).map((delivery) => delivery.id));
      receiver.reset();

      const response = await send(FORGED_HEADERS);
      expect(response.status).toBeGreaterThanOrEqual(200);
      expect(response.status).toBeLessThan(300);
      await workerOf(t.app).runDue();

      const logged = (await deliveriesOf(t, p.readOnly, p.groupId)).filter(
        (delivery) => !before.has(delivery.id),
      );
      expect(logged.filter((delivery) => delivery.eventKind === variant.queues).length).toBeGreaterThan(0);
      expect(logged.map((delivery) => delivery.status)).toEqual(logged.map(() => 'SUCCEEDED'));
      expect(JSON.stringify(logged)).not.toContain(FORGED_HOST);
      const queued = (await storedDeliveries(t, p.groupId)).filter((row) => !before.has(row.id));
      expect(queued.map((row) => row.selfHref)).toEqual(
        queued.map((row) => alertHref(t.apiUrl, p.groupId, row.alertId)),
      );
      expect(queued.map((row) => row.text).join('\n')).not.toContain(FORGED_HOST);
      expect(receiver.requests.length).toBeGreaterThan(0);
      expect(receivedText(receiver.requests)).not.toContain(FORGED_HOST);
    },
  );

  it('should send the test notification with links under the listening address when the request forges Host', async () => {
    const response = await call('POST', api('/alertConfigs/notifications/test'), {
      auth: p.monitoringAdmin,
      body: { notification: { typeName: 'WEBHOOK', webhookUrl: receiver.url('/hook-test') } },
      headers: FORGED_HEADERS,
    });
    expect(response.status).toBe(200);

    const [sent] = await receiver.waitFor(1);
    expect(sent.json().links).toEqual([
      { rel: 'self', href: alertHref(t.apiUrl, p.groupId, sent.json().id) },
    ]);
    expect(receivedText([sent])).not.toContain(FORGED_HOST);
  });
});
