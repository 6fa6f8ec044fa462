import { call, type Credentials } from '../../support/digest-client';
import {
  createMaintenanceWindow,
  maintenanceClock,
  startMaintenanceWindowsApp,
  windowBody,
  type MaintenanceWindowView,
  type ProjectCallers,
} from '../../support/factories/alerting.fixture';
import { createProject } from '../../support/factories/identity.fixture';
import type { TestApp } from '../../support/test-app';
import { HOUR } from '../../support/time';
import { expectApiError } from '../../support/api-error';

describe('GET /groups/{groupId}/maintenanceWindows', () => {
  const clock = maintenanceClock();
  let t: TestApp;
  let p: ProjectCallers;
  let soon: MaintenanceWindowView;
  let later: MaintenanceWindowView;
  let running: MaintenanceWindowView;

  beforeAll(async () => {
    ({ t, p } = await startMaintenanceWindowsApp(clock));
    later = await createMaintenanceWindow(
      t,
      p.monitoringAdmin,
      p.groupId,
      windowBody(clock.now(), { startInMs: 5 * HOUR, endInMs: 6 * HOUR }),
    );
    running = await createMaintenanceWindow(
      t,
      p.monitoringAdmin,
      p.groupId,
      windowBody(clock.now(), { startInMs: -HOUR, endInMs: HOUR }),
    );
    soon = await createMaintenanceWindow(
      t,
      p.monitoringAdmin,
      p.groupId,
      windowBody(clock.now(), { startInMs: HOUR, endInMs: 2 * HOUR }),
    );
  });

  afterAll(async () => {
    await t.close();
  });

  const list = (query = '', auth: Credentials = p.readOnly) =>
    call('GET', `${t.apiUrl}/groups/${p.groupId}/maintenanceWindows${query}`, { auth });

  it('should list the windows ending in the future, soonest start first', async () => {
    const response = await list();
    expect(response.status).toBe(200);
    expect(response.body.totalCount).toBe(3);
    expect(response.body.results.map((window: { id: string }) => window.id)).toEqual([
      running.id,
      soon.id,
      later.id,
    ]);
    expect(response.body.results[0]).toEqual(running);
  });

  it('should page with a real totalCount', async () => {
    const response = await list('?itemsPerPage=2&pageNum=2');
    expect(response.body.totalCount).toBe(3);
    expect(response.body.results.map((window: { id: string }) => window.id)).toEqual([later.id]);
    expect(response.body.links.map((link: { rel: string }) => link.rel)).toEqual(['self', 'previous']);
  });

  it('should drop a window from the list once its end date has passed', async () => {
    clock.advance(HOUR);
    const response = await list();
    expect(response.body.results.map((window: { id: string }) => window.id)).toEqual([soon.id, later.id]);
    expect(response.body.totalCount).toBe(2);
  });

  it('should let every project role read and refuse outsiders with NOT_IN_GROUP', async () => {
    for (const auth of [p.readOnly, p.automationAdmin, p.monitoringAdmin, p.orgOwner]) {
      expect((await list('', auth)).status).toBe(200);
    }
    const outsider = await list('', p.outsider);
    expectApiError(outsider, 401, 'NOT_IN_GROUP');
  });

  it('should list nothing for another project of the organization', async () => {
    const other = await createProject(t, p.globalOwner, p.orgId);
    const response = await call('GET', `${t.apiUrl}/groups/${other.id}/maintenanceWindows`, {
      auth: p.globalOwner,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ results: [], totalCount: 0 });
  });
});

describe('GET /groups/{groupId}/maintenanceWindows/{windowId}', () => {
  const clock = maintenanceClock();
  let t: TestApp;
  let p: ProjectCallers;

  beforeAll(async () => {
    ({ t, p } = await startMaintenanceWindowsApp(clock));
  });

  afterAll(async () => {
    await t.close();
  });

  const get = (windowId: string, auth: Credentials = p.readOnly, groupId = p.groupId) =>
    call('GET', `${t.apiUrl}/groups/${groupId}/maintenanceWindows/${windowId}`, { auth });

  it('should return the window while its end date is in the future', async () => {
    const window = await createMaintenanceWindow(
      t,
      p.groupOwner,
      p.groupId,
      windowBody(clock.now(), { description: 'disk swap' }),
    );
    const response = await get(window.id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(window);
  });

  it('should answer MAINTENANCE_WINDOW_NOT_FOUND once the window has ended', async () => {
    const window = await createMaintenanceWindow(
      t,
      p.groupOwner,
      p.groupId,
      windowBody(clock.now(), { startInMs: 0, endInMs: HOUR }),
    );
    clock.advance(HOUR - 1);
    expect((await get(window.id)).status).toBe(200);
    clock.advance(1);
    const response = await get(window.id);
    expectApiError(response, 404, 'MAINTENANCE_WINDOW_NOT_FOUND', {
      parameters: [window.id, p.groupId],
      detail: `No maintenance window with ID ${window.id} exists in group ${p.groupId}.`,
    });
  });

  it('should answer INVALID_WINDOW_ID when the id is malformed', async () => {
    const response = await get('window-1');
    expectApiError(response, 404, 'INVALID_WINDOW_ID', {
      parameters: ['window-1'],
      detail: 'Invalid maintenance window ID window-1.',
    });
  });

  it('should answer MAINTENANCE_WINDOW_NOT_FOUND when the window belongs to another project', async () => {
    const other = await createProject(t, p.globalOwner, p.orgId);
    const foreign = await createMaintenanceWindow(t, p.globalOwner, other.id, windowBody(clock.now()));
    const response = await get(foreign.id);
    expectApiError(response, 404, 'MAINTENANCE_WINDOW_NOT_FOUND');
  });

  it('should refuse a caller without a role in the project with NOT_IN_GROUP', async () => {
    const window = await createMaintenanceWindow(t, p.groupOwner, p.groupId, windowBody(clock.now()));
    const response = await get(window.id, p.outsider);
    expectApiError(response, 401, 'NOT_IN_GROUP');
  });
});
