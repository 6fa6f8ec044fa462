import { call, type Credentials } from '../../support/digest-client';
import {
  maintenanceClock,
  maintenanceWindowsUrl,
  projectEvents,
  startMaintenanceWindowsApp,
  windowBody,
  type ProjectCallers,
} from '../../support/factories/alerting.fixture';
import type { TestApp } from '../../support/test-app';
import { HOUR } from '../../support/time';
import { expectApiError } from '../../support/api-error';

describe('POST /groups/{groupId}/maintenanceWindows', () => {
  const clock = maintenanceClock();
  let t: TestApp;
  let p: ProjectCallers;

  beforeAll(async () => {
    ({ t, p } = await startMaintenanceWindowsApp(clock));
  });

  afterAll(async () => {
    await t.close();
  });

  const create = (body: unknown, auth: Credentials = p.monitoringAdmin) =>
    call('POST', maintenanceWindowsUrl(t, p.groupId), { auth, body });

  it('should answer 200 with the window, its timestamps in UTC and its self link', async () => {
    const response = await create({
      alertTypeNames: ['HOST', 'REPLICA_SET'],
      startDate: '2024-01-15T18:00:00-0400',
      endDate: '2024-01-15T23:30:00Z',
      description: 'my description',
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      groupId: p.groupId,
      alertTypeNames: ['HOST', 'REPLICA_SET'],
      startDate: '2024-01-15T22:00:00Z',
      endDate: '2024-01-15T23:30:00Z',
      description: 'my description',
      matchers: [],
      created: '2024-01-15T10:00:00Z',
      updated: '2024-01-15T10:00:00Z',
      links: [
        { href: `${t.apiUrl}/groups/${p.groupId}/maintenanceWindows/${response.body.id}`, rel: 'self' },
      ],
    });
    const read = await call('GET', response.body.links[0].href, { auth: p.readOnly });
    expect(read.body).toEqual(response.body);
  });

  it('should leave description out when none was provided', async () => {
    for (const description of [undefined, '', null]) {
      const response = await create({ ...windowBody(clock.now()), description });
      expect(response.status).toBe(200);
      expect(response.body).not.toHaveProperty('description');
    }
  });

  it('should accept every alert type of the product list and drop repeats', async () => {
    const response = await create(
      windowBody(clock.now(), {
        alertTypeNames: ['HOST', 'REPLICA_SET', 'CLUSTER', 'AGENT', 'BACKUP', 'HOST'],
      }),
    );
    expect(response.status).toBe(200);
    expect(response.body.alertTypeNames).toEqual(['HOST', 'REPLICA_SET', 'CLUSTER', 'AGENT', 'BACKUP']);
  });

  it('should accept a window that has already started when it ends in the future', async () => {
    const response = await create(windowBody(clock.now(), { startInMs: -HOUR, endInMs: HOUR }));
    expect(response.status).toBe(200);
  });

  it.each([
    [
      'alertTypeNames',
      'MISSING_MAINTENANCE_WINDOW_ALERT_TYPE_NAME',
      'The maintenance window must specify at least one alert type name.',
    ],
    [
      'startDate',
      'MISSING_MAINTENANCE_WINDOW_START_DATE',
      'The maintenance window must specify a start date.',
    ],
    ['endDate', 'MISSING_MAINTENANCE_WINDOW_END_DATE', 'The maintenance window must specify an end date.'],
  ])('should refuse a body without %s with %s', async (field, code, detail) => {
    const body = windowBody(clock.now());
    delete body[field];
    const response = await create(body);
    expectApiError(response, 400, code, { parameters: [], detail });
    const asNull = await create({ ...windowBody(clock.now()), [field]: null });
    expectApiError(asNull, 400, code);
  });

  it('should refuse an empty alertTypeNames with MISSING_MAINTENANCE_WINDOW_ALERT_TYPE_NAME', async () => {
    const response = await create(windowBody(clock.now(), { alertTypeNames: [] }));
    expectApiError(response, 400, 'MISSING_MAINTENANCE_WINDOW_ALERT_TYPE_NAME');
  });

  it('should refuse an unknown alert type with INVALID_ENUM_VALUE naming it', async () => {
    const response = await create(windowBody(clock.now(), { alertTypeNames: ['HOST', 'DISK'] }));
    expectApiError(response, 400, 'INVALID_ENUM_VALUE', {
      parameters: ['DISK', 'alertTypeNames'],
      detail: 'An invalid enumeration value DISK was specified for alertTypeNames.',
    });
  });

  it.each([
    ['after', HOUR],
    ['equal to', 0],
  ])(
    'should refuse a start date %s the end date with MAINTENANCE_WINDOW_START_DATE_AFTER_END_DATE',
    async (_case, gap) => {
      const response = await create(
        windowBody(clock.now(), { startInMs: 2 * HOUR + gap, endInMs: 2 * HOUR }),
      );
      expectApiError(response, 400, 'MAINTENANCE_WINDOW_START_DATE_AFTER_END_DATE', {
        parameters: [],
        detail: 'The maintenance window start date must be before its end date.',
      });
    },
  );

  it('should refuse a window that has already ended with VALIDATION_ERROR naming endDate', async () => {
    const response = await create(windowBody(clock.now(), { startInMs: -2 * HOUR, endInMs: 0 }));
    expectApiError(response, 400, 'VALIDATION_ERROR', {
      parameters: ['endDate', 'the window must end in the future'],
      detail: 'Invalid value for endDate: the window must end in the future.',
    });
  });

  it.each(['startDate', 'endDate'])(
    'should refuse a %s that is not ISO 8601 with INVALID_JSON_ATTRIBUTE',
    async (field) => {
      const response = await create({ ...windowBody(clock.now()), [field]: '15/01/2024 10:00' });
      expectApiError(response, 400, 'INVALID_JSON_ATTRIBUTE', {
        parameters: [field],
        detail: `Received JSON for the ${field} attribute does not match expected format.`,
      });
    },
  );

  it('should refuse alertTypeNames that is not an array of strings, and an unknown field', async () => {
    const notArray = await create({ ...windowBody(clock.now()), alertTypeNames: 'HOST' });
    expectApiError(notArray, 400, 'INVALID_JSON_ATTRIBUTE', ['alertTypeNames']);
    const unknown = await create({ ...windowBody(clock.now()), id: '56294bdfd4c643eef5176b73' });
    expectApiError(unknown, 400, 'INVALID_ATTRIBUTE', ['id']);
  });

  it('should refuse a description longer than 1000 characters naming it', async () => {
    const response = await create(windowBody(clock.now(), { description: 'd'.repeat(1001) }));
    expectApiError(response, 400, 'VALIDATION_ERROR', ['description', expect.any(String)]);
  });

  it('should let GROUP_OWNER, GROUP_MONITORING_ADMIN, ORG_OWNER and GLOBAL_OWNER create', async () => {
    for (const auth of [p.groupOwner, p.monitoringAdmin, p.orgOwner, p.globalOwner]) {
      expect((await create(windowBody(clock.now()), auth)).status).toBe(200);
    }
  });

  it('should refuse read-only and other project roles with USER_UNAUTHORIZED and outsiders with NOT_IN_GROUP', async () => {
    for (const auth of [p.readOnly, p.automationAdmin]) {
      const response = await create(windowBody(clock.now()), auth);
      expectApiError(response, 401, 'USER_UNAUTHORIZED');
    }
    const outsider = await create(windowBody(clock.now()), p.outsider);
    expectApiError(outsider, 401, 'NOT_IN_GROUP');
  });

  it('should answer GROUP_NOT_FOUND when a global owner names a project that does not exist', async () => {
    const response = await call('POST', `${t.apiUrl}/groups/5e8cc670a16506712e0b1e9f/maintenanceWindows`, {
      auth: p.globalOwner,
      body: windowBody(clock.now()),
    });
    expectApiError(response, 404, 'GROUP_NOT_FOUND');
  });

  it('should record MAINTENANCE_WINDOW_ADDED with the window id and the caller, and nothing for a refused create', async () => {
    const before = await projectEvents(t, p.readOnly, p.groupId, 'MAINTENANCE_WINDOW_ADDED');
    const created = await create(windowBody(clock.now()), p.groupOwner);
    await create(windowBody(clock.now(), { alertTypeNames: [] }), p.groupOwner);
    await create(windowBody(clock.now()), p.readOnly);
    const after = await projectEvents(t, p.readOnly, p.groupId, 'MAINTENANCE_WINDOW_ADDED');
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((event) => event.maintenanceWindowId === created.body.id)).toMatchObject({
      eventTypeName: 'MAINTENANCE_WINDOW_ADDED',
      groupId: p.groupId,
      orgId: p.orgId,
      maintenanceWindowId: created.body.id,
      publicKey: p.groupOwner.publicKey,
    });
  });
});
