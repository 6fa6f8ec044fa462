import { MaintenanceWindowsService } from '../../../src/modules/alerting';
import { call, type Credentials } from '../../support/digest-client';
import {
  createMaintenanceWindow,
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

describe('DELETE /groups/{groupId}/maintenanceWindows/{windowId}', () => {
  const clock = maintenanceClock();
  let t: TestApp;
  let p: ProjectCallers;

  beforeAll(async () => {
    ({ t, p } = await startMaintenanceWindowsApp(clock));
  });

  afterAll(async () => {
    await t.close();
  });

  const remove = (windowId: string, auth: Credentials = p.monitoringAdmin) =>
    call('DELETE', maintenanceWindowsUrl(t, p.groupId, windowId), { auth });
  const get = (windowId: string) =>
    call('GET', maintenanceWindowsUrl(t, p.groupId, windowId), { auth: p.readOnly });

  it('should answer 204 without a body and forget the window', async () => {
    const window = await createMaintenanceWindow(t, p.monitoringAdmin, p.groupId, windowBody(clock.now()));
    const response = await remove(window.id);
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    expectApiError(await get(window.id), 404, 'MAINTENANCE_WINDOW_NOT_FOUND');
    expect((await remove(window.id)).status).toBe(404);
  });

  it('should unmute the alert types at once when a running window is deleted', async () => {
    const window = await createMaintenanceWindow(
      t,
      p.monitoringAdmin,
      p.groupId,
      windowBody(clock.now(), { startInMs: -HOUR, endInMs: HOUR, alertTypeNames: ['AGENT'] }),
    );
    const windows = t.app.get(MaintenanceWindowsService);
    expect((await windows.activeFor(p.groupId, 'AGENT', clock.now())).map((active) => active.id)).toEqual([
      window.id,
    ]);
    expect((await remove(window.id)).status).toBe(204);
    expect(await windows.activeFor(p.groupId, 'AGENT', clock.now())).toEqual([]);
  });

  it('should answer MAINTENANCE_WINDOW_NOT_FOUND once the window has ended, and keep it', async () => {
    const window = await createMaintenanceWindow(
      t,
      p.monitoringAdmin,
      p.groupId,
      windowBody(clock.now(), { startInMs: 0, endInMs: HOUR }),
    );
    clock.advance(HOUR);
    const response = await remove(window.id);
    expectApiError(response, 404, 'MAINTENANCE_WINDOW_NOT_FOUND', {
      parameters: [window.id, p.groupId],
      detail: `No maintenance window with ID ${window.id} exists in group ${p.groupId}.`,
    });
    const windows = t.app.get(MaintenanceWindowsService);
    expect(
      (await windows.activeFor(p.groupId, 'HOST', new Date(clock.now().getTime() - 1))).map((w) => w.id),
    ).toEqual([window.id]);
  });

  it('should answer INVALID_WINDOW_ID when the id is malformed', async () => {
    const response = await remove('56294bdf');
    expectApiError(response, 404, 'INVALID_WINDOW_ID', ['56294bdf']);
  });

  it('should let GROUP_OWNER and ORG_OWNER delete and refuse the other roles', async () => {
    for (const auth of [p.groupOwner, p.orgOwner]) {
      const window = await createMaintenanceWindow(t, p.monitoringAdmin, p.groupId, windowBody(clock.now()));
      expect((await remove(window.id, auth)).status).toBe(204);
    }
    const window = await createMaintenanceWindow(t, p.monitoringAdmin, p.groupId, windowBody(clock.now()));
    for (const [auth, code] of [
      [p.readOnly, 'USER_UNAUTHORIZED'],
      [p.automationAdmin, 'USER_UNAUTHORIZED'],
      [p.outsider, 'NOT_IN_GROUP'],
    ] as const) {
      const response = await remove(window.id, auth);
      expectApiError(response, 401, code);
    }
    expect((await get(window.id)).status).toBe(200);
  });

  it('should record MAINTENANCE_WINDOW_DELETED with the window id and the caller', async () => {
    const window = await createMaintenanceWindow(t, p.monitoringAdmin, p.groupId, windowBody(clock.now()));
    await remove(window.id, p.groupOwner);
    const events = (await projectEvents(t, p.readOnly, p.groupId, 'MAINTENANCE_WINDOW_DELETED')).filter(
      (event) => event.maintenanceWindowId === window.id,
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      groupId: p.groupId,
      orgId: p.orgId,
      publicKey: p.groupOwner.publicKey,
    });
  });
});
