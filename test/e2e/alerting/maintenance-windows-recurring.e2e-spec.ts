import { ManualClock } from '../../../src/platform/clock/clock';
import { expectApiError } from '../../support/api-error';
import { call } from '../../support/digest-client';
import { createMaintenanceWindow, projectEvents } from '../../support/factories/alerting.fixture';
import { HttpReceiver } from '../../support/receivers/http-receiver';
import type { TestApp } from '../../support/test-app';
import { MINUTE } from '../../support/time';
import { deployment, monitoringReport, report, type Deployment } from '../automation/automation.fixture';
import {
  alertsOfConfig,
  connectionsAbove,
  createConfig,
  deliver,
  measuredHost,
  startEngineApp,
  webhook,
} from './engine.fixture';

// The local day and HH:MM of an instant on a time zone's wall clock, as a recurring window names them.
function wallClock(at: Date, timeZone: string): { day: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return { day: part('weekday').toUpperCase(), time: `${part('hour')}:${part('minute')}` };
}

// A recurrence whose occurrence today runs from `fromMs` to `toMs` after `now`, on the zone's wall clock.
function recurrenceAround(now: Date, fromMs: number, toMs: number, timeZone: string) {
  const opens = wallClock(new Date(now.getTime() + fromMs), timeZone);
  const closes = wallClock(new Date(now.getTime() + toMs), timeZone);
  return { daysOfWeek: [opens.day], startTime: opens.time, endTime: closes.time, timeZone };
}

// Beyond the product: a recurring window silences alerts during its occurrences only, and a window naming
// alert configurations silences only their alerts. Driven by agent reports, delivered to a local receiver;
// a silenced notification goes out at the first sweep after the occurrence ends, as after a one-off window.
describe('POST /groups/{groupId}/maintenanceWindows (recurring, naming alert configurations)', () => {
  // Friday 1 March 2024, 10:00 UTC: already Saturday 00:00 on Kiritimati (UTC+14).
  const clock = new ManualClock(new Date('2024-03-01T10:00:00Z'));
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

  beforeEach(() => receiver.reset());

  const notified = (path: string) =>
    receiver.requests
      .filter((request) => request.path === path)
      .map((request) => `${request.headers['x-mms-event'] as string} ${request.json().hostnameAndPort}`);

  const busyHosts = (d: Deployment, hostnames: string[]) =>
    report(
      t,
      d,
      monitoringReport(hostnames.map((hostname) => measuredHost(clock, hostname, { CONNECTIONS: 500 }))),
    );

  const connectionsConfig = (d: Deployment, path: string) =>
    createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      metricThreshold: connectionsAbove(100),
      notifications: [webhook(receiver, path)],
    });

  it('should mute alerts only while an occurrence runs, in its own time zone, and notify them once it ends', async () => {
    const d = await deployment(t);
    const configId = await connectionsConfig(d, '/recurring');
    const recurrence = recurrenceAround(clock.now(), MINUTE, 3 * MINUTE, 'Pacific/Kiritimati');
    // The local day, not the UTC one (a Friday), decides.
    expect(recurrence).toEqual({
      daysOfWeek: ['SATURDAY'],
      startTime: '00:01',
      endTime: '00:03',
      timeZone: 'Pacific/Kiritimati',
    });
    const window = await createMaintenanceWindow(t, d.monitoringAdmin, d.groupId, {
      alertTypeNames: ['HOST'],
      recurrence,
    });
    expect(window).toMatchObject({ recurrence, startDate: '2024-03-01T10:00:00Z' });
    expect(window).not.toHaveProperty('endDate');

    // Before the occurrence opens: notified at once.
    await busyHosts(d, ['db0.example.com']);
    await deliver(t.app);
    expect(notified('/recurring')).toEqual(['alert.open db0.example.com:27017']);

    // During it: db1's alert opens but its notification waits.
    clock.advance(MINUTE);
    await busyHosts(d, ['db0.example.com', 'db1.example.com']);
    const open = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    expect(open.map((alert) => `${alert.status} ${alert.hostnameAndPort}`).sort()).toEqual([
      'OPEN db0.example.com:27017',
      'OPEN db1.example.com:27017',
    ]);
    await deliver(t.app);
    clock.advance(MINUTE);
    await deliver(t.app);
    expect(notified('/recurring')).toEqual(['alert.open db0.example.com:27017']);

    // Its end is exclusive: at 00:03 local the muted notification goes out.
    clock.advance(MINUTE);
    await deliver(t.app);
    expect(notified('/recurring')).toEqual([
      'alert.open db0.example.com:27017',
      'alert.open db1.example.com:27017',
    ]);
  });

  it('should mute only the alerts of the alert configuration it names', async () => {
    const d = await deployment(t);
    const named = await connectionsConfig(d, '/named');
    await connectionsConfig(d, '/unnamed');
    const window = await createMaintenanceWindow(t, d.monitoringAdmin, d.groupId, {
      alertTypeNames: ['HOST'],
      recurrence: recurrenceAround(clock.now(), 0, 30 * MINUTE, 'UTC'),
      alertConfigIds: [named],
    });
    expect(window.alertConfigIds).toEqual([named]);

    await busyHosts(d, ['db0.example.com']);
    await deliver(t.app);
    expect(notified('/unnamed')).toEqual(['alert.open db0.example.com:27017']);
    expect(notified('/named')).toEqual([]);

    clock.advance(30 * MINUTE);
    await deliver(t.app);
    expect(notified('/named')).toEqual(['alert.open db0.example.com:27017']);
  });

  describe('fields', () => {
    let d: Deployment;
    beforeAll(async () => {
      d = await deployment(t);
    });

    const windowsUrl = (windowId = '') =>
      `${t.apiUrl}/groups/${d.groupId}/maintenanceWindows${windowId === '' ? '' : `/${windowId}`}`;
    const create = (body: Record<string, unknown>) =>
      call<Record<string, unknown>>('POST', windowsUrl(), { auth: d.monitoringAdmin, body });
    const patch = (windowId: string, body: Record<string, unknown>) =>
      call<Record<string, unknown>>('PATCH', windowsUrl(windowId), { auth: d.monitoringAdmin, body });
    const nights = {
      daysOfWeek: ['MONDAY', 'TUESDAY'],
      startTime: '22:00',
      endTime: '02:00',
      timeZone: 'Europe/Berlin',
    };

    it('should return from GET what POST and PATCH accept, list it, and take it back unchanged', async () => {
      const created = await create({
        alertTypeNames: ['HOST', 'REPLICA_SET'],
        recurrence: nights,
        endDate: '2024-06-01T00:00:00Z',
        description: 'nightly batch',
      });
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({ recurrence: nights, endDate: '2024-06-01T00:00:00Z' });
      const id = created.body.id as string;
      const got = await call<Record<string, unknown>>('GET', windowsUrl(id), { auth: d.readOnly });
      expect(got.body).toEqual(created.body);
      const list = await call<{ results: Array<{ id: string }> }>('GET', windowsUrl(), { auth: d.readOnly });
      expect(list.body.results.map((window) => window.id)).toContain(id);

      const written = await patch(id, got.body);
      expect(written.status).toBe(201);
      expect(written.body).toEqual(created.body);
      // Read back from the database, the recurrence is the same value: no field reads as changed.
      const events = await projectEvents(t, d.readOnly, d.groupId, 'MAINTENANCE_WINDOW_CHANGED');
      const change = events.find((event) => event.maintenanceWindowId === id);
      expect(change?.diffs?.[0].params).toEqual([]);
    });

    it('should make a window recur, drop its end date, and record both changes', async () => {
      const created = await create({
        alertTypeNames: ['HOST'],
        startDate: '2024-03-02T00:00:00Z',
        endDate: '2024-03-03T00:00:00Z',
      });
      const id = created.body.id as string;
      const recurring = await patch(id, { recurrence: nights, endDate: null });
      expect(recurring.status).toBe(201);
      expect(recurring.body).toMatchObject({ recurrence: nights, startDate: '2024-03-02T00:00:00Z' });
      expect(recurring.body).not.toHaveProperty('endDate');

      const events = await projectEvents(t, d.readOnly, d.groupId, 'MAINTENANCE_WINDOW_CHANGED');
      const changes = events.filter((event) => event.maintenanceWindowId === id);
      expect(changes).toHaveLength(1);
      expect(changes[0].diffs?.[0].params).toEqual([
        { param: 'endDate', old: '2024-03-03T00:00:00Z' },
        { param: 'recurrence', new: nights },
      ]);

      const oneOff = await patch(id, { recurrence: null });
      expectApiError(oneOff, 400, 'MISSING_MAINTENANCE_WINDOW_END_DATE');
    });

    it.each([
      [
        'an unknown time zone',
        'VALIDATION_ERROR',
        'recurrence.timeZone',
        { recurrence: { ...nights, timeZone: 'Europe/Atlantis' } },
      ],
      [
        'an unknown day',
        'INVALID_ENUM_VALUE',
        'recurrence.daysOfWeek',
        { recurrence: { ...nights, daysOfWeek: ['FUNDAY'] } },
      ],
      [
        'eight days',
        'VALIDATION_ERROR',
        'recurrence.daysOfWeek',
        { recurrence: { ...nights, daysOfWeek: Array(8).fill('MONDAY') } },
      ],
      [
        'a start time past 23:59',
        'VALIDATION_ERROR',
        'recurrence.startTime',
        { recurrence: { ...nights, startTime: '25:00' } },
      ],
      [
        'no end time',
        'MISSING_ATTRIBUTE',
        'recurrence.endTime',
        { recurrence: { ...nights, endTime: undefined } },
      ],
      [
        'an end time that is no string',
        'INVALID_JSON_ATTRIBUTE',
        'recurrence.endTime',
        { recurrence: { ...nights, endTime: 2 } },
      ],
      [
        'an end date before the first occurrence',
        'VALIDATION_ERROR',
        'recurrence',
        { recurrence: nights, endDate: '2024-03-01T12:00:00Z' },
      ],
      [
        'what is no configuration id',
        'VALIDATION_ERROR',
        'alertConfigIds[0]',
        { recurrence: nights, alertConfigIds: ['nope'] },
      ],
      [
        'a configuration of no project',
        'VALIDATION_ERROR',
        'alertConfigIds[0]',
        { recurrence: nights, alertConfigIds: ['5efda6aea3f2ed2e7dd6ce05'] },
      ],
      [
        '51 configurations',
        'VALIDATION_ERROR',
        'alertConfigIds',
        { recurrence: nights, alertConfigIds: Array(51).fill('5efda6aea3f2ed2e7dd6ce05') },
      ],
    ])('should refuse %s with %s naming %s and write nothing', async (_case, code, field, fields) => {
      const before = await call<{ totalCount: number }>('GET', windowsUrl(), { auth: d.readOnly });
      const response = await create({ alertTypeNames: ['HOST'], ...fields });
      expectApiError(response, 400, code, { parameters: expect.arrayContaining([field]) });
      const after = await call<{ totalCount: number }>('GET', windowsUrl(), { auth: d.readOnly });
      expect(after.body.totalCount).toBe(before.body.totalCount);
    });

    it("should refuse a configuration whose alerts are none of the window's alert types", async () => {
      const replicaSetConfig = await createConfig(t, d.monitoringAdmin, d.groupId, {
        eventTypeName: 'NO_PRIMARY',
        notifications: [webhook(receiver, '/no-primary')],
      });
      const refused = await create({
        alertTypeNames: ['HOST'],
        recurrence: nights,
        alertConfigIds: [replicaSetConfig],
      });
      expect([refused.status, refused.body.parameters]).toEqual([
        400,
        ['alertConfigIds[0]', expect.stringContaining('NO_PRIMARY')],
      ]);
      const accepted = await create({
        alertTypeNames: ['REPLICA_SET'],
        recurrence: nights,
        alertConfigIds: [replicaSetConfig],
      });
      expect(accepted.status).toBe(200);
      // Changing the alert types checks the named configurations again.
      const narrowed = await patch(accepted.body.id as string, { alertTypeNames: ['HOST'] });
      expect([narrowed.status, narrowed.body.parameters]).toEqual([
        400,
        expect.arrayContaining(['alertConfigIds[0]']),
      ]);
    });

    // Last in this file: it moves the clock a year on.
    it('should keep a window without an end date for good, until it is deleted', async () => {
      const created = await create({ alertTypeNames: ['HOST'], recurrence: nights });
      const id = created.body.id as string;
      clock.advance(365 * 24 * 60 * MINUTE);
      expect((await call('GET', windowsUrl(id), { auth: d.readOnly })).status).toBe(200);
      expect((await call('DELETE', windowsUrl(id), { auth: d.monitoringAdmin })).status).toBe(204);
      expect((await call('GET', windowsUrl(id), { auth: d.readOnly })).status).toBe(404);
      const deleted = await projectEvents(t, d.readOnly, d.groupId, 'MAINTENANCE_WINDOW_DELETED');
      expect(deleted.map((event) => event.maintenanceWindowId)).toContain(id);
    });
  });
});
