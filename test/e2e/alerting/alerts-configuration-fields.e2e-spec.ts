import { newObjectId } from '../../../src/platform/ids/object-id';
import { call } from '../../support/digest-client';
import {
  alertsOf,
  metricAlert,
  projectAlert,
  projectWithCallers,
  type ProjectCallers,
} from '../../support/factories/alerting.fixture';
import { bootstrapFirstUser } from '../../support/factories/identity.fixture';
import type { TestApp } from '../../support/test-app';
import { expectApiError } from '../../support/api-error';
import { configsApi, metricBody, startConfigsApp, type ConfigView } from './alert-configs.fixture';

const SLACK_TOKEN = 'xoxb-1111-2222-slacktoken7890';
const PAGER_DUTY_KEY = 'pd-service-key-0000-1234';

// An alert repeats its configuration's enabled, matchers, metricThreshold and notifications (the product's
// alert carries them; the Go client's Alert decodes them), as the configuration's GET prints them.
describe('GET /groups/{groupId}/alerts/{alertId}', () => {
  let t: TestApp;
  let p: ProjectCallers;
  let config: ConfigView;
  let alertId: string;
  let api: ReturnType<typeof configsApi>;

  const settingsOf = (view: Record<string, unknown>) => ({
    enabled: view.enabled,
    matchers: view.matchers,
    metricThreshold: view.metricThreshold,
    notifications: view.notifications,
  });

  beforeAll(async () => {
    t = await startConfigsApp();
    p = await projectWithCallers(t, await bootstrapFirstUser(t));
    api = configsApi(t, p.groupId);
    const created = await api.create(
      p.groupOwner,
      metricBody(
        { metricName: 'ASSERT_REGULAR', operator: 'LESS_THAN', threshold: 99, units: 'RAW', mode: 'AVERAGE' },
        {
          matchers: [{ fieldName: 'HOSTNAME_AND_PORT', operator: 'EQUALS', value: 'db0.example.com:27017' }],
          notifications: [
            { typeName: 'SMS', mobileNumber: '2343454567', delayMin: 0, intervalMin: 5 },
            { typeName: 'SLACK', apiToken: SLACK_TOKEN, channelName: '#alerts', delayMin: 0, intervalMin: 5 },
          ],
        },
      ),
    );
    if (created.status !== 201) throw new Error(`alert config: ${created.status} ${created.text}`);
    config = created.body as ConfigView;
    alertId = (await alertsOf(t).open(metricAlert(p.groupId, { alertConfigId: config.id }))).id;
  });

  afterAll(async () => {
    await t.close();
  });

  it("should carry its configuration's settings, secrets redacted as the configuration's GET redacts them, when read", async () => {
    const configuration = await api.get(p.readOnly, config.id);
    const response = await call('GET', `${t.apiUrl}/groups/${p.groupId}/alerts/${alertId}`, {
      auth: p.readOnly,
    });

    expect(response.status).toBe(200);
    expect(settingsOf(response.body)).toEqual(settingsOf(configuration.body));
    expect(response.body).toMatchObject({
      enabled: true,
      matchers: [{ fieldName: 'HOSTNAME_AND_PORT', operator: 'EQUALS', value: 'db0.example.com:27017' }],
      metricThreshold: {
        metricName: 'ASSERT_REGULAR',
        mode: 'AVERAGE',
        operator: 'LESS_THAN',
        threshold: 99,
        units: 'RAW',
      },
      notifications: [
        { typeName: 'SMS', mobileNumber: '2343454567', delayMin: 0, intervalMin: 5 },
        { typeName: 'SLACK', apiToken: '******7890', channelName: '#alerts', delayMin: 0, intervalMin: 5 },
      ],
    });
    expect(response.text).not.toContain(SLACK_TOKEN);
  });

  it('should carry the same settings on every listed alert of a page when listed', async () => {
    const other = await alertsOf(t).open(
      metricAlert(p.groupId, { alertConfigId: config.id, hostnameAndPort: 'db1.example.com:27017' }),
    );
    const response = await call('GET', `${t.apiUrl}/groups/${p.groupId}/alerts`, { auth: p.readOnly });

    expect(response.status).toBe(200);
    const listed = response.body.results as Array<Record<string, unknown>>;
    expect(listed.map((alert) => alert.id).sort()).toEqual([other.id, alertId].sort());
    for (const alert of listed)
      expect(alert.notifications).toEqual((await api.get(p.readOnly, config.id)).body.notifications);
    expect(response.text).not.toContain(SLACK_TOKEN);
    const ofConfig = await api.alerts(p.readOnly, config.id);
    expect((ofConfig.body.results as Array<Record<string, unknown>>)[0].enabled).toBe(true);
  });

  it('should accept the alert as GET printed it and refuse a changed setting when acknowledged', async () => {
    const read = await call('GET', `${t.apiUrl}/groups/${p.groupId}/alerts/${alertId}`, { auth: p.readOnly });
    const url = `${t.apiUrl}/groups/${p.groupId}/alerts/${alertId}`;

    const acknowledged = await call('PATCH', url, {
      auth: p.monitoringAdmin,
      body: { ...read.body, acknowledgedUntil: '2124-01-01T00:00:00Z' },
    });
    expect(acknowledged.status).toBe(200);
    expect(settingsOf(acknowledged.body)).toEqual(settingsOf(read.body));

    expectApiError(
      // What the acknowledgement answered (its `updated` moved on), with one setting changed.
      await call('PATCH', url, { auth: p.monitoringAdmin, body: { ...acknowledged.body, enabled: false } }),
      400,
      'ATTRIBUTE_READ_ONLY',
      ['enabled'],
    );
  });

  it('should follow the configuration when it is disabled and leave the settings out once it is deleted', async () => {
    const url = `${t.apiUrl}/groups/${p.groupId}/alerts/${alertId}`;
    expect((await api.toggle(p.groupOwner, config.id, { enabled: false })).status).toBe(200);
    expect((await call('GET', url, { auth: p.readOnly })).body.enabled).toBe(false);

    expect((await api.remove(p.groupOwner, config.id)).status).toBe(204);
    const response = await call('GET', url, { auth: p.readOnly });
    expect(response.status).toBe(200);
    for (const field of ['enabled', 'matchers', 'metricThreshold', 'notifications']) {
      expect(response.body).not.toHaveProperty(field);
    }
  });
});

describe('GET /globalAlerts/{alertId}', () => {
  let t: TestApp;
  let p: ProjectCallers;

  beforeAll(async () => {
    t = await startConfigsApp();
    p = await projectWithCallers(t, await bootstrapFirstUser(t));
  });

  afterAll(async () => {
    await t.close();
  });

  it("should carry its global configuration's settings with secrets redacted when read and listed", async () => {
    const created = await call('POST', `${t.apiUrl}/globalAlertConfigs`, {
      auth: p.globalOwner,
      body: {
        eventTypeName: 'HOST_DOWN',
        enabled: true,
        forAllGroups: true,
        matchers: [{ fieldName: 'HOSTNAME', operator: 'STARTS_WITH', value: 'db' }],
        notifications: [{ typeName: 'PAGER_DUTY', serviceKey: PAGER_DUTY_KEY, delayMin: 0, intervalMin: 15 }],
      },
    });
    expect(created.status).toBe(201);
    const alert = await alertsOf(t).open(
      projectAlert(p.groupId, {
        alertConfigId: created.body.id,
        eventTypeName: 'HOST_DOWN',
        hostId: newObjectId(),
        hostnameAndPort: 'db0.example.com:27017',
      }),
    );
    const expected = {
      enabled: true,
      matchers: [{ fieldName: 'HOSTNAME', operator: 'STARTS_WITH', value: 'db' }],
      notifications: [{ typeName: 'PAGER_DUTY', serviceKey: '******1234', delayMin: 0, intervalMin: 15 }],
    };

    const one = await call('GET', `${t.apiUrl}/globalAlerts/${alert.id}`, { auth: p.globalOwner });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject(expected);
    expect(one.body).not.toHaveProperty('metricThreshold');
    expect(one.body.notifications).toEqual(created.body.notifications);
    const listed = await call('GET', `${t.apiUrl}/globalAlerts`, { auth: p.globalOwner });
    expect(listed.body.results).toEqual([expect.objectContaining({ id: alert.id, ...expected })]);
    for (const text of [one.text, listed.text]) expect(text).not.toContain(PAGER_DUTY_KEY);

    const acknowledged = await call('PATCH', `${t.apiUrl}/globalAlerts/${alert.id}`, {
      auth: p.globalOwner,
      body: { ...one.body, acknowledgedUntil: '2124-01-01T00:00:00Z' },
    });
    expect(acknowledged.status).toBe(200);
    expect(acknowledged.body).toMatchObject({
      ...expected,
      links: [{ href: `${t.apiUrl}/globalAlerts/${alert.id}`, rel: 'self' }],
    });
  });
});
