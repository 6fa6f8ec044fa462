import { ManualClock } from '../../../src/platform/clock/clock';
import {
  DuplicateActiveAlertError,
  IllegalAlertTransitionError,
  InvalidAlertError,
  type AlertsService,
} from '../../../src/modules/alerting';
import { PageQuery } from '../../../src/platform/http/pagination/page.query';
import { newObjectId } from '../../../src/platform/ids/object-id';
import { call } from '../../support/digest-client';
import {
  alertsOf,
  metricAlert,
  newAlertConfigId,
  projectAlert,
  projectEvents,
  projectWithCallers,
  type ProjectCallers,
} from '../../support/factories/alerting.fixture';
import { bootstrapFirstUser, createProject } from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';
import { isoSeconds } from '../../support/time';

function page(pageNum = 1, itemsPerPage = 100): PageQuery {
  return Object.assign(new PageQuery(), { pageNum, itemsPerPage });
}

// The model's state machine and invariants: moves made through the AlertsService the alert engine
// will call, observed through the alert and event endpoints.
describe('GET /groups/{groupId}/alerts/{alertId} (lifecycle moves made by the alert engine)', () => {
  const clock = new ManualClock(new Date('2024-01-15T10:00:00Z'));
  let t: TestApp;
  let p: ProjectCallers;
  let alerts: AlertsService;

  beforeAll(async () => {
    t = await startTestApp({}, clock);
    p = await projectWithCallers(t, await bootstrapFirstUser(t));
    alerts = alertsOf(t);
  });

  afterAll(async () => {
    await t.close();
  });

  const read = async (alertId: string) =>
    (await call('GET', `${t.apiUrl}/groups/${p.groupId}/alerts/${alertId}`, { auth: p.readOnly })).body;
  const eventsFor = async (type: string, alertId: string) =>
    (await projectEvents(t, p.readOnly, p.groupId, type)).filter((event) => event.alertId === alertId);

  describe('transitions', () => {
    it('should go TRACKING -> OPEN -> CLOSED, setting resolved and recording the product events on the way', async () => {
      const input = metricAlert(p.groupId);
      const tracked = await alerts.track(input);
      expect(tracked.status).toBe('TRACKING');
      expect(await eventsFor('OUTSIDE_METRIC_THRESHOLD', tracked.id)).toEqual([]);

      clock.advance(5 * 60_000);
      const opened = await alerts.promote(tracked.id);
      expect(opened).toMatchObject({
        status: 'OPEN',
        created: tracked.created,
        updated: isoSeconds(clock.now()),
      });
      const [openEvent] = await eventsFor('OUTSIDE_METRIC_THRESHOLD', tracked.id);
      expect(openEvent).toMatchObject({
        groupId: p.groupId,
        orgId: p.orgId,
        alertId: tracked.id,
        alertConfigId: input.alertConfigId,
        hostId: input.hostId,
        hostname: 'db0.example.com',
        port: 27017,
        replicaSetName: 'rs1',
        metricName: 'ASSERT_REGULAR',
        currentValue: { number: 0.5, units: 'RAW' },
        created: isoSeconds(clock.now()),
      });

      clock.advance(60 * 60_000);
      const closed = await alerts.close(tracked.id);
      expect(closed).toMatchObject({
        status: 'CLOSED',
        resolved: isoSeconds(clock.now()),
        updated: isoSeconds(clock.now()),
      });
      expect(await read(tracked.id)).toMatchObject({ status: 'CLOSED', resolved: isoSeconds(clock.now()) });
      expect(await eventsFor('INSIDE_METRIC_THRESHOLD', tracked.id)).toHaveLength(1);
    });

    it('should open at once and record the event named after the alert type when opened without tracking', async () => {
      const opened = await alerts.open(
        projectAlert(p.groupId, { eventTypeName: 'HOST_DOWN', hostId: newObjectId() }),
      );
      expect(opened.status).toBe('OPEN');
      expect(await eventsFor('HOST_DOWN', opened.id)).toHaveLength(1);
      await alerts.close(opened.id);
      expect(await eventsFor('HOST_UP', opened.id)).toHaveLength(1);
    });

    it('should record ALERT_CLOSED when the alert type has no product counterpart', async () => {
      const opened = await alerts.open(
        projectAlert(p.groupId, { eventTypeName: 'REPLICATION_OPLOG_WINDOW_RUNNING_OUT' }),
      );
      await alerts.close(opened.id);
      expect(await eventsFor('ALERT_CLOSED', opened.id)).toHaveLength(1);
    });

    it.each(['track', 'open'] as const)(
      'should cancel a %sed alert and record ALERT_CANCELLED',
      async (how) => {
        const raised = await alerts[how](metricAlert(p.groupId));
        const cancelled = await alerts.cancel(raised.id);
        expect(cancelled.status).toBe('CANCELLED');
        expect(cancelled).not.toHaveProperty('resolved');
        expect(await eventsFor('ALERT_CANCELLED', raised.id)).toHaveLength(1);
      },
    );
  });

  describe('invariants', () => {
    it.each([
      ['close a TRACKING alert', 'track', ['close']],
      ['promote an OPEN alert', 'open', ['promote']],
      ['reopen or move a CLOSED alert', 'closed', ['promote', 'close', 'cancel']],
      ['reopen or move a CANCELLED alert', 'cancelled', ['promote', 'close', 'cancel']],
    ] as const)('should refuse to %s and leave it as it was', async (_case, start, moves) => {
      let alertId: string;
      if (start === 'track') alertId = (await alerts.track(metricAlert(p.groupId))).id;
      else {
        alertId = (await alerts.open(metricAlert(p.groupId))).id;
        if (start === 'closed') await alerts.close(alertId);
        if (start === 'cancelled') await alerts.cancel(alertId);
      }
      const before = await read(alertId);
      clock.advance(1000);
      for (const move of moves) {
        await expect(alerts[move](alertId)).rejects.toThrow(IllegalAlertTransitionError);
      }
      expect(await read(alertId)).toEqual(before);
    });

    it('should refuse a second active alert for the same configuration and target', async () => {
      const first = metricAlert(p.groupId);
      const opened = await alerts.open(first);
      await expect(alerts.open({ ...first, currentValue: { number: 2, units: 'RAW' } })).rejects.toThrow(
        DuplicateActiveAlertError,
      );
      await expect(alerts.track(first)).rejects.toThrow(`(${opened.id})`);
      // Another host of the same configuration is another target.
      expect((await alerts.open({ ...first, hostId: newObjectId() })).status).toBe('OPEN');
    });

    it('should open a new alert instead of reopening when the condition recurs after closing', async () => {
      const input = metricAlert(p.groupId);
      const first = await alerts.open(input);
      await alerts.close(first.id);
      const second = await alerts.open(input);
      expect(second.id).not.toBe(first.id);
      expect(await read(first.id)).toMatchObject({ status: 'CLOSED' });
      expect(await read(second.id)).toMatchObject({ status: 'OPEN' });
    });

    it('should hold one active project-wide alert per configuration', async () => {
      const input = projectAlert(p.groupId);
      await alerts.track(input);
      await expect(alerts.open(input)).rejects.toThrow(DuplicateActiveAlertError);
    });

    it('should let exactly one of several concurrent opens for one target win', async () => {
      const input = metricAlert(p.groupId);
      const results = await Promise.allSettled(Array.from({ length: 6 }, () => alerts.open(input)));
      const won = results.filter((result) => result.status === 'fulfilled');
      const lost = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(5);
      const winner = (won[0] as PromiseFulfilledResult<{ id: string }>).value.id;
      for (const failure of lost) {
        expect(failure.reason).toBeInstanceOf(DuplicateActiveAlertError);
        expect((failure.reason as DuplicateActiveAlertError).activeAlertId).toBe(winner);
      }
      const listed = await alerts.openAlertsForConfig(p.groupId, input.alertConfigId, page());
      expect(listed.totalCount).toBe(1);
      expect(await eventsFor('OUTSIDE_METRIC_THRESHOLD', listed.results[0].id)).toHaveLength(1);
    });

    it.each([
      ['a metric alert without its metric', { metricName: undefined }],
      ["a unit outside the product's list", { currentValue: { number: 1, units: 'PERCENT' } }],
      ['a malformed configuration id', { alertConfigId: 'cfg-1' }],
      ['an unknown source type', { sourceTypeName: 'STANDALONE' }],
      ['an unknown project', { groupId: newObjectId() }],
    ])('should refuse %s and store nothing', async (_case, overrides) => {
      const input = { ...metricAlert(p.groupId), ...overrides };
      await expect(alerts.open(input)).rejects.toThrow(InvalidAlertError);
      if (input.alertConfigId.length === 24) {
        expect((await alerts.openAlertsForConfig(p.groupId, input.alertConfigId, page())).totalCount).toBe(0);
      }
    });

    it('should refuse a move of an alert that does not exist', async () => {
      await expect(alerts.close(newObjectId())).rejects.toThrow(InvalidAlertError);
      await expect(alerts.markNotified(newObjectId())).rejects.toThrow(InvalidAlertError);
    });
  });

  describe('openAlertsForConfig', () => {
    it('should page the OPEN alerts of one configuration in one project, newest first', async () => {
      const alertConfigId = newAlertConfigId();
      const openIds: string[] = [];
      for (let i = 0; i < 3; i++) {
        clock.advance(1000);
        openIds.unshift((await alerts.open(metricAlert(p.groupId, { alertConfigId }))).id);
      }
      await alerts.track(metricAlert(p.groupId, { alertConfigId }));
      const closed = await alerts.open(metricAlert(p.groupId, { alertConfigId }));
      await alerts.close(closed.id);
      await alerts.open(metricAlert(p.groupId));
      const other = await createProject(t, p.globalOwner, p.orgId);
      await alerts.open(metricAlert(other.id, { alertConfigId }));

      const first = await alerts.openAlertsForConfig(p.groupId, alertConfigId, page(1, 2));
      expect(first.totalCount).toBe(3);
      expect(first.results.map((alert) => alert.id)).toEqual(openIds.slice(0, 2));
      expect(first.links.map((link) => link.rel)).toEqual(['self', 'next']);
      const second = await alerts.openAlertsForConfig(p.groupId, alertConfigId, page(2, 2));
      expect(second.results.map((alert) => alert.id)).toEqual(openIds.slice(2));
      expect(second.results[0]).toMatchObject({ status: 'OPEN', alertConfigId, groupId: p.groupId });
    });
  });

  describe('cancelActiveForConfig', () => {
    it('should cancel the TRACKING and OPEN alerts of the configuration and no others', async () => {
      const alertConfigId = newAlertConfigId();
      const tracked = await alerts.track(metricAlert(p.groupId, { alertConfigId }));
      const opened = await alerts.open(metricAlert(p.groupId, { alertConfigId }));
      const closed = await alerts.open(metricAlert(p.groupId, { alertConfigId }));
      await alerts.close(closed.id);
      const unrelated = await alerts.open(metricAlert(p.groupId));

      expect(await alerts.cancelActiveForConfig(p.groupId, alertConfigId)).toBe(2);
      expect((await read(tracked.id)).status).toBe('CANCELLED');
      expect((await read(opened.id)).status).toBe('CANCELLED');
      expect((await read(closed.id)).status).toBe('CLOSED');
      expect((await read(unrelated.id)).status).toBe('OPEN');
      expect(await eventsFor('ALERT_CANCELLED', opened.id)).toHaveLength(1);
      expect(await alerts.cancelActiveForConfig(p.groupId, alertConfigId)).toBe(0);
    });
  });
});
