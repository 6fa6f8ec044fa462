import { ManualClock } from '../../../src/platform/clock/clock';
import { call, type Credentials } from '../../support/digest-client';
import {
  cancelledAlert,
  closedAlert,
  metricAlert,
  openAlert,
  projectEvents,
  projectWithCallers,
  trackAlert,
  type ProjectCallers,
} from '../../support/factories/alerting.fixture';
import { bootstrapFirstUser, type BootstrapResult } from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';
import { HOUR, isoSeconds } from '../../support/time';
import { expectApiError } from '../../support/api-error';

// The product's own example is acknowledged until 2016-04-15T00:00:00-0400.
const START = new Date('2016-04-10T12:00:00Z');

describe('PATCH /groups/{groupId}/alerts/{alertId}', () => {
  const clock = new ManualClock(START);
  let t: TestApp;
  let boot: BootstrapResult;
  let p: ProjectCallers;

  beforeAll(async () => {
    t = await startTestApp({}, clock);
    boot = await bootstrapFirstUser(t);
    p = await projectWithCallers(t, boot);
  });

  afterAll(async () => {
    await t.close();
  });

  const patch = (alertId: string, body: unknown, auth: Credentials = p.monitoringAdmin) =>
    call('PATCH', `${t.apiUrl}/groups/${p.groupId}/alerts/${alertId}`, { auth, body });
  const get = (alertId: string) =>
    call('GET', `${t.apiUrl}/groups/${p.groupId}/alerts/${alertId}`, { auth: p.readOnly });
  const inHours = (hours: number) => isoSeconds(new Date(clock.now().getTime() + hours * HOUR));

  describe('acknowledging', () => {
    it('should acknowledge until the given time in UTC when the timestamp carries an offset', async () => {
      const alert = await openAlert(t, metricAlert(p.groupId));
      clock.advance(1000);
      const response = await patch(alert.id, {
        acknowledgedUntil: '2016-04-15T00:00:00-0400',
        acknowledgementComment: 'This is normal. Please ignore.',
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: alert.id,
        status: 'OPEN',
        acknowledgedUntil: '2016-04-15T04:00:00Z',
        acknowledgementComment: 'This is normal. Please ignore.',
        acknowledgingUsername: p.monitoringAdmin.publicKey,
        updated: isoSeconds(clock.now()),
        created: alert.created,
      });
      expect((await get(alert.id)).body).toEqual(response.body);
    });

    it('should record the user name when a user acknowledges', async () => {
      const alert = await openAlert(t, metricAlert(p.groupId));
      const response = await patch(alert.id, { acknowledgedUntil: inHours(2) }, boot.userCredentials);
      expect(response.status).toBe(200);
      expect(response.body.acknowledgingUsername).toBe(boot.user.username);
      expect(response.body).not.toHaveProperty('acknowledgementComment');
    });

    it('should acknowledge a TRACKING alert and leave its status alone', async () => {
      const alert = await trackAlert(t, metricAlert(p.groupId));
      const response = await patch(alert.id, { acknowledgedUntil: inHours(1) });
      expect(response.status).toBe(200);
      expect(response.body.status).toBe('TRACKING');
      expect(response.body.acknowledgedUntil).toBe(inHours(1));
    });

    it('should acknowledge for 100 years when asked to acknowledge indefinitely', async () => {
      const alert = await openAlert(t, metricAlert(p.groupId));
      const hundredYears = isoSeconds(new Date(Date.UTC(2116, 3, 10, 12, 0, 0)));
      const response = await patch(alert.id, { acknowledgedUntil: hundredYears });
      expect(response.status).toBe(200);
      expect(response.body.acknowledgedUntil).toBe('2116-04-10T12:00:00Z');
      expect((await get(alert.id)).body.acknowledgedUntil).toBe('2116-04-10T12:00:00Z');
    });

    it('should replace the earlier acknowledgement when acknowledged again', async () => {
      const alert = await openAlert(t, metricAlert(p.groupId));
      await patch(alert.id, { acknowledgedUntil: inHours(1), acknowledgementComment: 'first' });
      const response = await patch(alert.id, { acknowledgedUntil: inHours(5) }, p.groupOwner);
      expect(response.body).toMatchObject({
        acknowledgedUntil: inHours(5),
        acknowledgingUsername: p.groupOwner.publicKey,
      });
      expect(response.body).not.toHaveProperty('acknowledgementComment');
    });

    it('should accept a comment of exactly 200 characters, counting characters rather than bytes', async () => {
      for (const comment of ['x'.repeat(200), '🔥'.repeat(200)]) {
        const alert = await openAlert(t, metricAlert(p.groupId));
        const response = await patch(alert.id, {
          acknowledgedUntil: inHours(1),
          acknowledgementComment: comment,
        });
        expect(response.status).toBe(200);
        expect(response.body.acknowledgementComment).toBe(comment);
      }
    });
  });

  describe('expiry', () => {
    it('should read as unacknowledged once acknowledgedUntil has passed, without anyone calling', async () => {
      const alert = await openAlert(t, metricAlert(p.groupId));
      await patch(alert.id, { acknowledgedUntil: inHours(1), acknowledgementComment: 'deploying' });
      clock.advance(HOUR - 1000);
      expect((await get(alert.id)).body).toMatchObject({
        acknowledgedUntil: inHours(1 / 3600),
        acknowledgementComment: 'deploying',
      });
      clock.advance(1000);
      const lapsed = (await get(alert.id)).body;
      for (const field of ['acknowledgedUntil', 'acknowledgementComment', 'acknowledgingUsername']) {
        expect(lapsed).not.toHaveProperty(field);
      }
      const listed = await call(
        'GET',
        `${t.apiUrl}/groups/${p.groupId}/alerts?status=OPEN&itemsPerPage=500`,
        {
          auth: p.readOnly,
        },
      );
      const item = listed.body.results.find((result: { id: string }) => result.id === alert.id);
      expect(item).toBeDefined();
      expect(item).not.toHaveProperty('acknowledgedUntil');
    });

    it('should acknowledge afresh when acknowledged again after the earlier one lapsed', async () => {
      const alert = await openAlert(t, metricAlert(p.groupId));
      await patch(alert.id, { acknowledgedUntil: inHours(1) });
      clock.advance(2 * HOUR);
      const response = await patch(alert.id, {
        acknowledgedUntil: inHours(1),
        acknowledgementComment: 'again',
      });
      expect(response.body).toMatchObject({ acknowledgedUntil: inHours(1), acknowledgementComment: 'again' });
    });
  });

  describe('unacknowledging', () => {
    it.each([
      ['omitted', {}],
      ['null', { acknowledgedUntil: null }],
      ['omitted with a comment, which is ignored', { acknowledgementComment: 'ignored' }],
    ])('should clear the three acknowledgement fields when acknowledgedUntil is %s', async (_case, body) => {
      const alert = await openAlert(t, metricAlert(p.groupId));
      await patch(alert.id, { acknowledgedUntil: inHours(3), acknowledgementComment: 'known issue' });
      clock.advance(1000);
      const response = await patch(alert.id, body);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: alert.id, status: 'OPEN', updated: isoSeconds(clock.now()) });
      for (const field of ['acknowledgedUntil', 'acknowledgementComment', 'acknowledgingUsername']) {
        expect(response.body).not.toHaveProperty(field);
      }
      expect((await get(alert.id)).body).toEqual(response.body);
    });
  });

  describe('validation', () => {
    let alertId: string;

    beforeAll(async () => {
      alertId = (await openAlert(t, metricAlert(p.groupId))).id;
    });

    it('should refuse a 201-character comment with ACKNOWLEDGEMENT_COMMENT_TOO_LONG', async () => {
      const response = await patch(alertId, {
        acknowledgedUntil: inHours(1),
        acknowledgementComment: 'x'.repeat(201),
      });
      expectApiError(response, 400, 'ACKNOWLEDGEMENT_COMMENT_TOO_LONG', {
        parameters: [200],
        detail: 'The acknowledgement comment is too long; it can hold at most 200 characters.',
      });
    });

    it.each(['tomorrow', '2016-04-15', '2016-04-15 00:00:00', '2016-02-30T00:00:00Z', 1460692800])(
      'should refuse acknowledgedUntil=%s with INVALID_JSON_ATTRIBUTE naming the field',
      async (value) => {
        const response = await patch(alertId, { acknowledgedUntil: value });
        expectApiError(response, 400, 'INVALID_JSON_ATTRIBUTE', {
          parameters: ['acknowledgedUntil'],
          detail: 'Received JSON for the acknowledgedUntil attribute does not match expected format.',
        });
      },
    );

    it.each([
      ['in the past', -1],
      ['now', 0],
    ])('should refuse acknowledgedUntil %s with VALIDATION_ERROR naming the field', async (_case, hours) => {
      const response = await patch(alertId, { acknowledgedUntil: inHours(hours) });
      expectApiError(response, 400, 'VALIDATION_ERROR', {
        parameters: ['acknowledgedUntil', 'it must be in the future'],
        detail: 'Invalid value for acknowledgedUntil: it must be in the future.',
      });
    });

    it('should refuse a non-string comment with INVALID_JSON_ATTRIBUTE', async () => {
      const response = await patch(alertId, { acknowledgedUntil: inHours(1), acknowledgementComment: 42 });
      expectApiError(response, 400, 'INVALID_JSON_ATTRIBUTE', ['acknowledgementComment']);
    });

    it('should refuse an unknown field with INVALID_ATTRIBUTE', async () => {
      const response = await patch(alertId, { acknowledgedUntil: inHours(1), severity: 'HIGH' });
      expectApiError(response, 400, 'INVALID_ATTRIBUTE', ['severity']);
    });

    it('should refuse a field the service sets, sent with another value, with ATTRIBUTE_READ_ONLY', async () => {
      const response = await patch(alertId, { acknowledgedUntil: inHours(1), status: 'CLOSED' });
      expectApiError(response, 400, 'ATTRIBUTE_READ_ONLY', ['status']);
    });

    it('should leave the alert unchanged when a request is refused', async () => {
      const before = (await get(alertId)).body;
      expect(before).not.toHaveProperty('acknowledgedUntil');
      expect(before.status).toBe('OPEN');
    });

    it.each([
      ['CLOSED', closedAlert],
      ['CANCELLED', cancelledAlert],
    ] as const)(
      'should refuse to acknowledge or unacknowledge a %s alert with ALERT_ALREADY_CLOSED',
      async (status, make) => {
        const alert = await make(t, metricAlert(p.groupId));
        for (const body of [{ acknowledgedUntil: inHours(1) }, {}]) {
          const response = await patch(alert.id, body);
          expectApiError(response, 400, 'ALERT_ALREADY_CLOSED', {
            parameters: [alert.id, status],
            detail: `Alert ${alert.id} is ${status}; a closed or cancelled alert cannot be acknowledged or unacknowledged.`,
          });
        }
        expect((await get(alert.id)).body).toEqual({ ...alert, links: expect.any(Array) });
      },
    );

    it('should answer INVALID_ALERT_ID and ALERT_NOT_FOUND when the id is malformed or unknown', async () => {
      const malformed = await patch('xyz', { acknowledgedUntil: inHours(1) });
      expectApiError(malformed, 404, 'INVALID_ALERT_ID', ['xyz']);
      const unknown = await patch('5e8cc670a16506712e0b1e9f', { acknowledgedUntil: inHours(1) });
      expectApiError(unknown, 404, 'ALERT_NOT_FOUND', {
        detail: `No alert with ID 5e8cc670a16506712e0b1e9f exists in group ${p.groupId}.`,
      });
    });
  });

  describe('roles', () => {
    it('should let GROUP_OWNER, GROUP_MONITORING_ADMIN, ORG_OWNER and GLOBAL_OWNER acknowledge', async () => {
      for (const auth of [p.groupOwner, p.monitoringAdmin, p.orgOwner, p.globalOwner]) {
        const alert = await openAlert(t, metricAlert(p.groupId));
        const response = await patch(alert.id, { acknowledgedUntil: inHours(1) }, auth);
        expect(response.status).toBe(200);
        expect(response.body.acknowledgingUsername).toBe(auth.publicKey);
      }
    });

    it('should refuse read-only and other project roles with USER_UNAUTHORIZED', async () => {
      const alert = await openAlert(t, metricAlert(p.groupId));
      for (const auth of [p.readOnly, p.automationAdmin]) {
        const response = await patch(alert.id, { acknowledgedUntil: inHours(1) }, auth);
        expectApiError(response, 401, 'USER_UNAUTHORIZED');
      }
      expect((await get(alert.id)).body).not.toHaveProperty('acknowledgedUntil');
    });

    it('should refuse a caller without a role in the project with NOT_IN_GROUP', async () => {
      const alert = await openAlert(t, metricAlert(p.groupId));
      const response = await patch(alert.id, { acknowledgedUntil: inHours(1) }, p.outsider);
      expectApiError(response, 401, 'NOT_IN_GROUP');
    });
  });

  describe('audit events', () => {
    it('should record ALERT_ACKNOWLEDGED_AUDIT and ALERT_UNACKNOWLEDGED_AUDIT with the alert, its configuration and the caller', async () => {
      const input = metricAlert(p.groupId);
      const alert = await openAlert(t, input);
      await patch(alert.id, { acknowledgedUntil: inHours(2), acknowledgementComment: 'maintenance' });
      await patch(alert.id, {}, p.groupOwner);

      const [acknowledged] = (
        await projectEvents(t, p.readOnly, p.groupId, 'ALERT_ACKNOWLEDGED_AUDIT')
      ).filter((event) => event.alertId === alert.id);
      expect(acknowledged).toMatchObject({
        eventTypeName: 'ALERT_ACKNOWLEDGED_AUDIT',
        groupId: p.groupId,
        orgId: p.orgId,
        alertId: alert.id,
        alertConfigId: input.alertConfigId,
        apiKeyId: p.monitoringAdmin.id,
        publicKey: p.monitoringAdmin.publicKey,
        raw: expect.objectContaining({
          acknowledgedUntil: inHours(2),
          acknowledgementComment: 'maintenance',
        }),
      });
      const unacknowledged = (
        await projectEvents(t, p.readOnly, p.groupId, 'ALERT_UNACKNOWLEDGED_AUDIT')
      ).filter((event) => event.alertId === alert.id);
      expect(unacknowledged).toHaveLength(1);
      expect(unacknowledged[0]).toMatchObject({
        alertConfigId: input.alertConfigId,
        orgId: p.orgId,
        publicKey: p.groupOwner.publicKey,
      });
    });

    it('should record no event when the change is refused', async () => {
      const alert = await closedAlert(t, metricAlert(p.groupId));
      await patch(alert.id, { acknowledgedUntil: inHours(1) });
      await patch(alert.id, {});
      const openOne = await openAlert(t, metricAlert(p.groupId));
      await patch(openOne.id, { acknowledgedUntil: inHours(1) }, p.readOnly);
      await patch(openOne.id, { acknowledgedUntil: inHours(-1) });
      for (const type of ['ALERT_ACKNOWLEDGED_AUDIT', 'ALERT_UNACKNOWLEDGED_AUDIT']) {
        const events = await projectEvents(t, p.readOnly, p.groupId, type);
        expect(events.filter((event) => event.alertId === alert.id || event.alertId === openOne.id)).toEqual(
          [],
        );
      }
    });
  });
});
