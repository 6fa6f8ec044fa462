import { Client } from 'pg';
import { ManualClock } from '../../../src/platform/clock/clock';
import { call } from '../../support/digest-client';
import {
  expectUnexpectedError,
  installEventWriteFailure,
  whileEventWriteFails,
} from '../../support/event-write-failure';
import { HttpReceiver } from '../../support/receivers/http-receiver';
import type { TestApp } from '../../support/test-app';
import { MINUTE } from '../../support/time';
import {
  deployment,
  hostReport,
  monitoringReport,
  report,
  type Deployment,
} from '../automation/automation.fixture';
import { alertsOfConfig, startEngineApp, webhook } from './engine.fixture';

// No global configuration change without its audit event: the alerts its reconciliation raised or
// cancelled in the projects roll back with it.
describe('POST /globalAlertConfigs (transaction)', () => {
  const clock = new ManualClock(new Date('2024-03-01T10:00:00Z'));
  let t: TestApp;
  let receiver: HttpReceiver;
  let db: Client;
  let d: Deployment;

  const count = async (sql: string, params: unknown[] = []) =>
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) AS q`, params)).rows[0].n;
  const body = () => ({
    eventTypeName: 'HOST_DOWN',
    enabled: true,
    forAllGroups: true,
    notifications: [webhook(receiver, '/tx')],
  });

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    t = await startEngineApp(clock, receiver);
    d = await deployment(t);
    await report(t, d, monitoringReport([hostReport()]));
    clock.advance(MINUTE);
    await report(t, d, monitoringReport([hostReport({ up: false })]));
    db = new Client({ connectionString: t.databaseUrl });
    await db.connect();
    await installEventWriteFailure(db);
  });

  afterAll(async () => {
    await db.end();
    await t.close();
    await receiver.close();
  });

  it('should keep no configuration and no alert when ALERT_CONFIG_ADDED_AUDIT cannot be written', async () => {
    const response = await whileEventWriteFails(db, 'ALERT_CONFIG_ADDED_AUDIT', () =>
      call('POST', `${t.apiUrl}/globalAlertConfigs`, { auth: d.globalOwner, body: body() }),
    );

    expectUnexpectedError(response);
    expect(await count('SELECT 1 FROM global_alert_configs')).toBe(0);
    expect(
      await count(`SELECT 1 FROM alerts WHERE event_type_name = 'HOST_DOWN' AND group_id = $1`, [d.groupId]),
    ).toBe(0);
  });

  it('should keep the configuration and its open alert when ALERT_CONFIG_DELETED_AUDIT cannot be written', async () => {
    const created = await call('POST', `${t.apiUrl}/globalAlertConfigs`, {
      auth: d.globalOwner,
      body: body(),
    });
    expect(created.status).toBe(201);
    const configId = created.body.id as string;
    expect((await alertsOfConfig(t, d.readOnly, d.groupId, configId)).map((alert) => alert.status)).toEqual([
      'OPEN',
    ]);

    const response = await whileEventWriteFails(db, 'ALERT_CONFIG_DELETED_AUDIT', () =>
      call('DELETE', `${t.apiUrl}/globalAlertConfigs/${configId}`, { auth: d.globalOwner }),
    );

    expectUnexpectedError(response);
    expect(
      (await call('GET', `${t.apiUrl}/globalAlertConfigs/${configId}`, { auth: d.globalOwner })).status,
    ).toBe(200);
    expect((await alertsOfConfig(t, d.readOnly, d.groupId, configId)).map((alert) => alert.status)).toEqual([
      'OPEN',
    ]);
  });
});
