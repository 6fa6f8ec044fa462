import { NotifierRegistry, type AlertEventKind } from '../../../src/modules/deliveries';
import { HttpReceiver } from '../../support/receivers/http-receiver';
import type { TestApp } from '../../support/test-app';
import { RECEIVER_PATHS, sampleAlert, startNotifierApp } from './notifiers.fixture';

const alert = sampleAlert();

describe('POST /v2/enqueue (PagerDuty Events v2, Opsgenie, VictorOps, Datadog and New Relic notifiers)', () => {
  let receiver: HttpReceiver;
  let t: TestApp;
  let notifiers: NotifierRegistry;

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    t = await startNotifierApp(receiver);
    notifiers = t.app.get(NotifierRegistry);
  });

  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  beforeEach(() => receiver.reset());

  describe('PAGER_DUTY', () => {
    const target = { type: 'PAGER_DUTY', serviceKey: 'pd-routing-key-0001' } as const;

    it('should enqueue a trigger event deduplicated by the alert id when the alert opens', async () => {
      receiver.respondWith({ status: 202, body: { status: 'success', dedup_key: alert.id } });
      const result = await notifiers.notify(target, alert, 'alert.open', {
        projectName: 'Payments',
        orgName: 'Acme',
      });
      expect(result).toMatchObject({ ok: true, status: 202 });
      const [request] = await receiver.waitFor(1);
      expect(request.method).toBe('POST');
      expect(request.path).toBe(RECEIVER_PATHS.pagerDuty);
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.json()).toEqual({
        routing_key: 'pd-routing-key-0001',
        event_action: 'trigger',
        dedup_key: alert.id,
        client: 'Deployment Management Service',
        client_url: alert.links[0].href,
        links: [{ href: alert.links[0].href, text: 'Open the alert' }],
        payload: {
          summary: `[Acme / Payments] ${alert.humanReadable}`,
          source: 'db0.example.com:27017',
          severity: 'error',
          timestamp: alert.created,
          component: 'ASSERT_REGULAR',
          group: 'rs1',
          class: 'OUTSIDE_METRIC_THRESHOLD',
          custom_details: alert,
        },
      });
    });

    it.each<[AlertEventKind, string]>([
      ['alert.acknowledge', 'acknowledge'],
      ['alert.close', 'resolve'],
      ['alert.cancel', 'resolve'],
    ])(
      'should send only the routing key, action and dedup key when the event is %s',
      async (event, action) => {
        await notifiers.notify(target, alert, event);
        const [request] = await receiver.waitFor(1);
        expect(request.json()).toEqual({
          routing_key: 'pd-routing-key-0001',
          event_action: action,
          dedup_key: alert.id,
        });
      },
    );

    it('should trigger with severity info when the alert is informational', async () => {
      await notifiers.notify(target, alert, 'alert.inform');
      const [request] = await receiver.waitFor(1);
      expect(request.json()).toMatchObject({ event_action: 'trigger', payload: { severity: 'info' } });
    });

    it('should be retryable and honour Retry-After when PagerDuty throttles with 429', async () => {
      receiver.respondWith({ status: 429, headers: { 'Retry-After': '30' } });
      const result = await notifiers.notify(target, alert, 'alert.open');
      expect(result).toMatchObject({ ok: false, status: 429, retryable: true, retryAfterMs: 30000 });
    });

    it('should give up when PagerDuty refuses the event with 400', async () => {
      receiver.respondWith({
        status: 400,
        body: { status: 'invalid event', message: 'Event object is invalid' },
      });
      const result = await notifiers.notify(target, alert, 'alert.open');
      expect(result).toMatchObject({ ok: false, status: 400, retryable: false });
      // The relay is on loopback: a private target's answer is never kept.
      expect(result.response).toBeUndefined();
    });
  });

  describe('OPS_GENIE', () => {
    const us = { type: 'OPS_GENIE', apiKey: 'genie-key-us', region: 'US' } as const;

    it('should create an alert aliased by the alert id with the GenieKey header when the alert opens', async () => {
      receiver.respondWith({ status: 202, body: { result: 'Request will be processed', requestId: 'r1' } });
      const result = await notifiers.notify(us, { ...alert, tags: ['production', 'eu'] }, 'alert.open', {
        projectName: 'Payments',
      });
      expect(result).toMatchObject({ ok: true, status: 202 });
      const [request] = await receiver.waitFor(1);
      expect(request.method).toBe('POST');
      expect(request.path).toBe(`${RECEIVER_PATHS.opsGenieUs}/v2/alerts`);
      expect(request.headers.authorization).toBe('GenieKey genie-key-us');
      const body = request.json();
      expect(body).toMatchObject({
        message: alert.humanReadable,
        alias: alert.id,
        entity: 'db0.example.com:27017',
        source: 'Deployment Management Service',
        tags: ['production', 'eu'],
        priority: 'P3',
      });
      expect(body.details).toMatchObject({
        'Alert id': alert.id,
        Project: `Payments (${alert.groupId})`,
        Metric: 'ASSERT_REGULAR',
      });
      expect(body.description).toContain('Host: db0.example.com:27017');
    });

    it('should cut the message to Opsgenie’s 130 characters when the headline is longer', async () => {
      await notifiers.notify(us, { ...alert, humanReadable: 'x'.repeat(400) }, 'alert.open');
      const [request] = await receiver.waitFor(1);
      expect(request.json().message).toHaveLength(130);
    });

    it.each<[AlertEventKind, string]>([
      ['alert.acknowledge', 'acknowledge'],
      ['alert.close', 'close'],
      ['alert.cancel', 'close'],
    ])('should address the Opsgenie alert by alias when the event is %s', async (event, action) => {
      await notifiers.notify(us, alert, event);
      const [request] = await receiver.waitFor(1);
      expect(request.method).toBe('POST');
      expect(request.path).toBe(
        `${RECEIVER_PATHS.opsGenieUs}/v2/alerts/${alert.id}/${action}?identifierType=alias`,
      );
      expect(request.headers.authorization).toBe('GenieKey genie-key-us');
      expect(request.json()).toMatchObject({ source: 'Deployment Management Service' });
    });

    it('should use the EU endpoint when the region is EU', async () => {
      await notifiers.notify(
        { type: 'OPS_GENIE', apiKey: 'genie-key-eu', region: 'EU' },
        alert,
        'alert.open',
      );
      const [request] = await receiver.waitFor(1);
      expect(request.path).toBe(`${RECEIVER_PATHS.opsGenieEu}/v2/alerts`);
      expect(request.headers.authorization).toBe('GenieKey genie-key-eu');
    });

    it('should give up when Opsgenie refuses the key with 422', async () => {
      receiver.respondWith({ status: 422, body: { message: 'Key format is not valid!' } });
      const result = await notifiers.notify(us, alert, 'alert.open');
      expect(result).toMatchObject({ ok: false, status: 422, retryable: false });
    });
  });

  describe('VICTOR_OPS', () => {
    it('should post to .../{apiKey}/{routingKey} with entity_id = alert id when the alert opens', async () => {
      const result = await notifiers.notify(
        { type: 'VICTOR_OPS', apiKey: 'vo-api-key', routingKey: 'database team' },
        alert,
        'alert.open',
      );
      expect(result.ok).toBe(true);
      const [request] = await receiver.waitFor(1);
      expect(request.method).toBe('POST');
      expect(request.path).toBe(`${RECEIVER_PATHS.victorOps}/vo-api-key/database%20team`);
      const body = request.json();
      expect(body).toMatchObject({
        message_type: 'CRITICAL',
        entity_id: alert.id,
        entity_display_name: alert.humanReadable,
        monitoring_tool: 'Deployment Management Service',
        state_start_time: Date.parse(alert.updated) / 1000,
      });
      expect(body.state_message).toContain('Metric: ASSERT_REGULAR');
    });

    it('should leave the routing key segment out when none is set', async () => {
      await notifiers.notify({ type: 'VICTOR_OPS', apiKey: 'vo-api-key' }, alert, 'alert.open');
      const [request] = await receiver.waitFor(1);
      expect(request.path).toBe(`${RECEIVER_PATHS.victorOps}/vo-api-key`);
    });

    it.each<[AlertEventKind, string]>([
      ['alert.update', 'CRITICAL'],
      ['alert.inform', 'INFO'],
      ['alert.acknowledge', 'ACKNOWLEDGEMENT'],
      ['alert.close', 'RECOVERY'],
      ['alert.cancel', 'RECOVERY'],
    ])('should send message_type %s → %s', async (event, messageType) => {
      await notifiers.notify({ type: 'VICTOR_OPS', apiKey: 'k', routingKey: 'r' }, alert, event);
      const [request] = await receiver.waitFor(1);
      expect(request.json()).toMatchObject({ message_type: messageType, entity_id: alert.id });
    });
  });

  describe('DATADOG', () => {
    it('should post an event with the DD-API-KEY header aggregated by the alert id when the alert opens', async () => {
      receiver.respondWith({ status: 202, body: { status: 'ok' } });
      const result = await notifiers.notify(
        { type: 'DATADOG', apiKey: 'dd-key', region: 'EU' },
        alert,
        'alert.open',
      );
      expect(result).toMatchObject({ ok: true, status: 202 });
      const [request] = await receiver.waitFor(1);
      expect(request.path).toBe(`${RECEIVER_PATHS.datadog}/api/v1/events`);
      expect(request.headers['dd-api-key']).toBe('dd-key');
      expect(request.json()).toMatchObject({
        title: `Alert opened: ${alert.humanReadable}`,
        alert_type: 'error',
        aggregation_key: alert.id,
        tags: [
          `alert_id:${alert.id}`,
          `group_id:${alert.groupId}`,
          'event_type:OUTSIDE_METRIC_THRESHOLD',
          'status:OPEN',
        ],
      });
    });

    it('should mark the event as a success when the alert closes', async () => {
      await notifiers.notify(
        { type: 'DATADOG', apiKey: 'dd-key' },
        { ...alert, status: 'CLOSED' },
        'alert.close',
      );
      const [request] = await receiver.waitFor(1);
      expect(request.json()).toMatchObject({
        alert_type: 'success',
        title: `Alert resolved: ${alert.humanReadable}`,
      });
    });
  });

  describe('NEW_RELIC', () => {
    it('should insert a custom event with the X-Insert-Key header into the account', async () => {
      const result = await notifiers.notify(
        { type: 'NEW_RELIC', accountId: '1234567', writeToken: 'nr-insert-key' },
        alert,
        'alert.open',
      );
      expect(result.ok).toBe(true);
      const [request] = await receiver.waitFor(1);
      expect(request.path).toBe(`${RECEIVER_PATHS.newRelic}/1234567/events`);
      expect(request.headers['x-insert-key']).toBe('nr-insert-key');
      expect(request.json()).toEqual([
        {
          eventType: 'DeploymentManagementAlert',
          timestamp: Date.parse(alert.updated) / 1000,
          event: 'alert.open',
          alertId: alert.id,
          alertConfigId: alert.alertConfigId,
          groupId: alert.groupId,
          eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
          status: 'OPEN',
          humanReadable: alert.humanReadable,
          metricName: 'ASSERT_REGULAR',
          currentValue: 0.5,
          units: 'RAW',
          hostnameAndPort: 'db0.example.com:27017',
          replicaSetName: 'rs1',
        },
      ]);
    });
  });

  it('should hold a notifier for every target type', () => {
    expect(notifiers.types().sort()).toEqual(
      [
        'DATADOG',
        'EMAIL',
        'MICROSOFT_TEAMS',
        'NEW_RELIC',
        'OPS_GENIE',
        'PAGER_DUTY',
        'SLACK',
        'SMS',
        'VICTOR_OPS',
        'WEBHOOK',
      ].sort(),
    );
  });
});
