import { call, type Credentials } from '../../support/digest-client';
import {
  createMaintenanceWindow,
  maintenanceClock,
  maintenanceWindowsUrl,
  projectEvents,
  startMaintenanceWindowsApp,
  windowBody,
  type MaintenanceWindowView,
  type ProjectCallers,
} from '../../support/factories/alerting.fixture';
import type { TestApp } from '../../support/test-app';
import { HOUR, isoSeconds } from '../../support/time';
import { expectApiError } from '../../support/api-error';

describe('PATCH /groups/{groupId}/maintenanceWindows/{windowId}', () => {
  const clock = maintenanceClock();
  let t: TestApp;
  let p: ProjectCallers;

  beforeAll(async () => {
    ({ t, p } = await startMaintenanceWindowsApp(clock));
  });

  afterAll(async () => {
    await t.close();
  });

  // A window from now+1h to now+3h with a description.
  const fresh = (): Promise<MaintenanceWindowView> =>
    createMaintenanceWindow(
      t,
      p.monitoringAdmin,
      p.groupId,
      windowBody(clock.now(), { description: 'first' }),
    );
  const patch = (windowId: string, body: unknown, auth: Credentials = p.monitoringAdmin) =>
    call('PATCH', maintenanceWindowsUrl(t, p.groupId, windowId), { auth, body });
  const get = (windowId: string) =>
    call('GET', maintenanceWindowsUrl(t, p.groupId, windowId), { auth: p.readOnly });
  const at = (ms: number) => isoSeconds(new Date(clock.now().getTime() + ms));

  it('should answer 201 with the window when one field changes, keeping the others and created', async () => {
    const window = await fresh();
    clock.advance(60_000);
    const response = await patch(window.id, { endDate: at(5 * HOUR) });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ ...window, endDate: at(5 * HOUR), updated: isoSeconds(clock.now()) });
    expect((await get(window.id)).body).toEqual(response.body);
  });

  it('should replace every field given at once', async () => {
    const window = await fresh();
    const body = {
      alertTypeNames: ['AGENT', 'BACKUP'],
      startDate: at(2 * HOUR),
      endDate: at(4 * HOUR),
      description: 'second',
    };
    const response = await patch(window.id, body);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject(body);
  });

  it.each([null, ''])('should remove the description when it is set to %j', async (description) => {
    const window = await fresh();
    const response = await patch(window.id, { description });
    expect(response.status).toBe(201);
    expect(response.body).not.toHaveProperty('description');
  });

  it('should refuse a body without any field with MISSING_ONE_OF_ATTRIBUTES', async () => {
    const window = await fresh();
    const response = await patch(window.id, {});
    expectApiError(response, 400, 'MISSING_ONE_OF_ATTRIBUTES', {
      parameters: ['alertTypeNames, startDate, endDate, description, matchers, recurrence, alertConfigIds'],
      detail:
        'At least one of the attributes alertTypeNames, startDate, endDate, description, matchers, recurrence, alertConfigIds must be specified.',
    });
  });

  it('should refuse a start date after the stored end date with MAINTENANCE_WINDOW_START_DATE_AFTER_END_DATE', async () => {
    const window = await fresh();
    const response = await patch(window.id, { startDate: at(3 * HOUR) });
    expectApiError(response, 400, 'MAINTENANCE_WINDOW_START_DATE_AFTER_END_DATE');
    const endBeforeStart = await patch(window.id, { endDate: at(30 * 60_000) });
    expectApiError(endBeforeStart, 400, 'MAINTENANCE_WINDOW_START_DATE_AFTER_END_DATE');
    expect((await get(window.id)).body).toEqual(window);
  });

  it.each([
    [{ alertTypeNames: [] }, 'MISSING_MAINTENANCE_WINDOW_ALERT_TYPE_NAME'],
    [{ alertTypeNames: null }, 'MISSING_MAINTENANCE_WINDOW_ALERT_TYPE_NAME'],
    [{ startDate: null }, 'MISSING_MAINTENANCE_WINDOW_START_DATE'],
    [{ endDate: null }, 'MISSING_MAINTENANCE_WINDOW_END_DATE'],
    [{ alertTypeNames: ['HOSTS'] }, 'INVALID_ENUM_VALUE'],
    [{ startDate: 'next week' }, 'INVALID_JSON_ATTRIBUTE'],
    [{ groupId: '5e8cc670a16506712e0b1e95' }, 'ATTRIBUTE_READ_ONLY'],
    [{ color: 'red' }, 'INVALID_ATTRIBUTE'],
  ])('should refuse %j with %s', async (body, code) => {
    const window = await fresh();
    const response = await patch(window.id, body);
    expectApiError(response, 400, code);
  });

  it('should refuse to move the end date into the past with VALIDATION_ERROR naming endDate', async () => {
    const window = await createMaintenanceWindow(
      t,
      p.monitoringAdmin,
      p.groupId,
      windowBody(clock.now(), { startInMs: -2 * HOUR, endInMs: HOUR }),
    );
    const response = await patch(window.id, { endDate: at(-HOUR) });
    expectApiError(response, 400, 'VALIDATION_ERROR', ['endDate', 'the window must end in the future']);
  });

  it('should answer MAINTENANCE_WINDOW_NOT_FOUND once the window has ended', async () => {
    const window = await fresh();
    clock.advance(3 * HOUR);
    const response = await patch(window.id, { endDate: at(HOUR) });
    expectApiError(response, 404, 'MAINTENANCE_WINDOW_NOT_FOUND', [window.id, p.groupId]);
  });

  it('should answer INVALID_WINDOW_ID and MAINTENANCE_WINDOW_NOT_FOUND when the id is malformed or unknown', async () => {
    expectApiError(await patch('nope', { description: 'x' }), 404, 'INVALID_WINDOW_ID');
    expectApiError(
      await patch('56294bdfd4c643eef5176b73', { description: 'x' }),
      404,
      'MAINTENANCE_WINDOW_NOT_FOUND',
    );
  });

  it('should let GROUP_OWNER, ORG_OWNER and GLOBAL_OWNER update and refuse the other roles', async () => {
    const window = await fresh();
    for (const auth of [p.groupOwner, p.orgOwner, p.globalOwner]) {
      expect((await patch(window.id, { description: auth.publicKey }, auth)).status).toBe(201);
    }
    for (const [auth, code] of [
      [p.readOnly, 'USER_UNAUTHORIZED'],
      [p.automationAdmin, 'USER_UNAUTHORIZED'],
      [p.outsider, 'NOT_IN_GROUP'],
    ] as const) {
      const response = await patch(window.id, { description: 'refused' }, auth);
      expectApiError(response, 401, code);
    }
    expect((await get(window.id)).body.description).toBe(p.globalOwner.publicKey);
  });

  it('should record MAINTENANCE_WINDOW_CHANGED with the window id and the changed fields, and nothing when refused', async () => {
    const window = await fresh();
    await patch(window.id, { alertTypeNames: ['CLUSTER'], description: 'second' }, p.groupOwner);
    await patch(window.id, {});
    const events = (await projectEvents(t, p.readOnly, p.groupId, 'MAINTENANCE_WINDOW_CHANGED')).filter(
      (event) => event.maintenanceWindowId === window.id,
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      groupId: p.groupId,
      orgId: p.orgId,
      publicKey: p.groupOwner.publicKey,
    });
    expect(events[0].diffs?.[0].params).toEqual([
      { param: 'alertTypeNames', old: ['HOST', 'REPLICA_SET'], new: ['CLUSTER'] },
      { param: 'description', old: 'first', new: 'second' },
    ]);
  });
});
