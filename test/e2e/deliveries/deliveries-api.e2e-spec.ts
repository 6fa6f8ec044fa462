import { ManualClock } from '../../../src/platform/clock/clock';
import { call } from '../../support/digest-client';
import { alertsOf, projectWithCallers, type ProjectCallers } from '../../support/factories/alerting.fixture';
import { bootstrapFirstUser } from '../../support/factories/identity.fixture';
import { HttpReceiver } from '../../support/receivers/http-receiver';
import type { TestApp } from '../../support/test-app';
import {
  createAlertConfig,
  hostDownAlert,
  startDeliveriesApp,
  workerOf,
  type DeliveryView,
} from './deliveries.fixture';
import { expectApiError } from '../../support/api-error';

const clock = new ManualClock(new Date('2024-03-01T10:00:00Z'));
let t: TestApp;
let p: ProjectCallers;
let receiver: HttpReceiver;
let alertId: string;
let configId: string;

beforeAll(async () => {
  receiver = await HttpReceiver.start();
  t = await startDeliveriesApp(clock, receiver);
  p = await projectWithCallers(t, await bootstrapFirstUser(t));
  configId = await createAlertConfig(t, p.monitoringAdmin, p.groupId, [
    { typeName: 'WEBHOOK', webhookUrl: receiver.url('/hook-api'), delayMin: 0, intervalMin: 60 },
    { typeName: 'TEAM', teamId: '5e8cc670a16506712e0b1e99', delayMin: 0, intervalMin: 60 },
  ]);
  receiver.respondWith({ status: 404, body: 'no such hook' });
  alertId = (await alertsOf(t).open(hostDownAlert(p.groupId, configId))).id;
  await workerOf(t.app).runDue();
});

afterAll(async () => {
  await t.close();
  await receiver.close();
});

const base = () => `${t.apiUrl}/groups/${p.groupId}`;

describe('GET /groups/{groupId}/deliveries', () => {
  it('should list every delivery with its attempts when the caller can read the project', async () => {
    const response = await call('GET', `${base()}/deliveries`, { auth: p.readOnly });
    expect(response.status).toBe(200);
    expect(response.body.totalCount).toBe(2);
    const byType = Object.fromEntries(
      (response.body.results as DeliveryView[]).map((delivery) => [delivery.targetType, delivery]),
    );
    expect(byType.WEBHOOK).toMatchObject({
      alertId,
      alertConfigId: configId,
      notificationIndex: 0,
      notificationTypeName: 'WEBHOOK',
      eventKind: 'alert.open',
      status: 'FAILED',
      attemptCount: 1,
      lastStatusCode: 404,
    });
    expect(byType.WEBHOOK.attempts).toEqual([
      expect.objectContaining({
        attemptNumber: 1,
        outcome: 'FAILED',
        statusCode: 404,
      }),
    ]);
    // The receiver is on loopback: a private target's answer is never stored.
    expect(byType.WEBHOOK.attempts[0]).not.toHaveProperty('response');
    expect(JSON.stringify(byType.WEBHOOK)).not.toContain('no such hook');
    expect(byType.WEBHOOK).not.toHaveProperty('target');
    expect(byType.TEAM).toMatchObject({
      status: 'FAILED',
      attemptCount: 0,
      lastError: "team 5e8cc670a16506712e0b1e99 is not a team of the project's organization",
    });
  });

  it('should filter by status, target type and alert when they are given', async () => {
    const webhooks = await call(
      'GET',
      `${base()}/deliveries?targetType=WEBHOOK&status=FAILED&alertId=${alertId}`,
      {
        auth: p.readOnly,
      },
    );
    expect(webhooks.body.results.map((d: DeliveryView) => d.targetType)).toEqual(['WEBHOOK']);
    const none = await call('GET', `${base()}/deliveries?status=SUCCEEDED`, { auth: p.readOnly });
    expect(none.body).toMatchObject({ totalCount: 0, results: [] });
  });

  it('should answer 400 when the status filter is unknown', async () => {
    const response = await call('GET', `${base()}/deliveries?status=LOST`, { auth: p.readOnly });
    expectApiError(response, 400, 'INVALID_QUERY_PARAMETER');
  });

  it('should answer 401 NOT_IN_GROUP when the caller has no role on the project', async () => {
    const response = await call('GET', `${base()}/deliveries`, { auth: p.outsider });
    expectApiError(response, 401, 'NOT_IN_GROUP');
  });
});

describe('GET /groups/{groupId}/deliveries/{deliveryId}', () => {
  it('should answer 404 DELIVERY_NOT_FOUND when the delivery does not exist', async () => {
    const response = await call('GET', `${base()}/deliveries/65a5042e0c2d4b0a9a1b2c3d`, {
      auth: p.readOnly,
    });
    expectApiError(response, 404, 'DELIVERY_NOT_FOUND');
  });
});

describe('POST /groups/{groupId}/deliveries/{deliveryId}/redeliver', () => {
  it('should queue a copy that is delivered when the receiver works again', async () => {
    const list = await call('GET', `${base()}/deliveries?targetType=WEBHOOK`, { auth: p.readOnly });
    const original = list.body.results[0] as DeliveryView;

    const response = await call('POST', `${base()}/deliveries/${original.id}/redeliver`, {
      auth: p.monitoringAdmin,
    });
    expect(response.status).toBe(202);
    expect(response.body).toMatchObject({ status: 'PENDING', redeliveryOf: original.id, attempts: [] });

    await workerOf(t.app).runDue();
    const copy = await call('GET', `${base()}/deliveries/${response.body.id}`, { auth: p.readOnly });
    expect(copy.body).toMatchObject({ status: 'SUCCEEDED', attemptCount: 1 });
    expect(receiver.requests.filter((request) => request.path === '/hook-api')).toHaveLength(2);
    const kept = await call('GET', `${base()}/deliveries/${original.id}`, { auth: p.readOnly });
    expect(kept.body.status).toBe('FAILED');
  });

  it('should answer 401 USER_UNAUTHORIZED when the caller only reads the project', async () => {
    const list = await call('GET', `${base()}/deliveries`, { auth: p.readOnly });
    const response = await call('POST', `${base()}/deliveries/${list.body.results[0].id}/redeliver`, {
      auth: p.readOnly,
    });
    expectApiError(response, 401, 'USER_UNAUTHORIZED');
  });
});

describe('POST /groups/{groupId}/alertConfigs/notifications/test', () => {
  it("should answer the receiver's status, never a private receiver's body, when the notification is unsaved", async () => {
    receiver.respondWith({ status: 418, body: 'teapot' });
    const response = await call('POST', `${base()}/alertConfigs/notifications/test`, {
      auth: p.monitoringAdmin,
      body: { notification: { typeName: 'WEBHOOK', webhookUrl: receiver.url('/hook-test') } },
    });
    expect(response.status).toBe(200);
    expect(response.body.results).toEqual([
      expect.objectContaining({ targetType: 'WEBHOOK', ok: false, statusCode: 418 }),
    ]);
    expect(response.text).not.toContain('teapot');
    const [request] = receiver.requests.filter((r) => r.path === '/hook-test');
    expect(request.headers['x-mms-event']).toBe('alert.inform');
  });

  it('should send to the saved notification when alertConfigId and notificationIndex name it', async () => {
    const response = await call('POST', `${base()}/alertConfigs/notifications/test`, {
      auth: p.monitoringAdmin,
      body: { alertConfigId: configId, notificationIndex: 0 },
    });
    expect(response.status).toBe(200);
    expect(response.body.results).toEqual([
      expect.objectContaining({ targetType: 'WEBHOOK', ok: true, statusCode: 200 }),
    ]);
  });

  it('should answer 404 NOTIFICATION_NOT_FOUND when the index is past the notifications', async () => {
    const response = await call('POST', `${base()}/alertConfigs/notifications/test`, {
      auth: p.monitoringAdmin,
      body: { alertConfigId: configId, notificationIndex: 5 },
    });
    expectApiError(response, 404, 'NOTIFICATION_NOT_FOUND');
  });

  it('should answer 400 naming the field when the unsaved notification is invalid', async () => {
    const response = await call('POST', `${base()}/alertConfigs/notifications/test`, {
      auth: p.monitoringAdmin,
      body: { notification: { typeName: 'EMAIL' } },
    });
    expectApiError(response, 400, 'MISSING_ATTRIBUTE', ['notification.emailAddress']);
  });

  it('should answer 400 MISSING_ONE_OF_ATTRIBUTES when the body names no notification', async () => {
    const response = await call('POST', `${base()}/alertConfigs/notifications/test`, {
      auth: p.monitoringAdmin,
      body: {},
    });
    expectApiError(response, 400, 'MISSING_ONE_OF_ATTRIBUTES');
  });
});

describe('POST /groups/{groupId}/alertConfigs/webhookTemplates/preview', () => {
  it('should render the templates against a sample alert when they are valid', async () => {
    const response = await call('POST', `${base()}/alertConfigs/webhookTemplates/preview`, {
      auth: p.monitoringAdmin,
      body: { bodyTemplate: '{"host": "${hostnameAndPort}"}', headersTemplate: '{"X-Alert": "${id}"}' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      body: '{"host": "db0.example.com:27017"}',
      headers: { 'X-Alert': response.body.sampleAlert.id, 'Content-Type': 'application/json' },
      fellBack: false,
    });
  });

  it('should show the error and the default body when the body template fails', async () => {
    const response = await call('POST', `${base()}/alertConfigs/webhookTemplates/preview`, {
      auth: p.monitoringAdmin,
      body: { bodyTemplate: '{"cluster": "${clusterName}"}' },
    });
    expect(response.status).toBe(200);
    expect(response.body.fellBack).toBe(true);
    expect(response.body.renderFallback.body).toContain('clusterName');
    expect(JSON.parse(response.body.body)).toEqual(response.body.sampleAlert);
  });
});
