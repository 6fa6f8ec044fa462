import { MaintenanceWindowsService } from '../../../src/modules/alerting';
import {
  createMaintenanceWindow,
  maintenanceClock,
  startMaintenanceWindowsApp,
  windowBody,
  type ProjectCallers,
} from '../../support/factories/alerting.fixture';
import { createProject } from '../../support/factories/identity.fixture';
import type { TestApp } from '../../support/test-app';
import { HOUR } from '../../support/time';

// What the alert engine asks before notifying: which windows silence an alert type of a project now.
describe('POST /groups/{groupId}/maintenanceWindows (windows MaintenanceWindowsService.activeFor finds)', () => {
  const clock = maintenanceClock();
  const start = clock.now();
  const at = (ms: number) => new Date(start.getTime() + ms);
  let t: TestApp;
  let p: ProjectCallers;
  let windows: MaintenanceWindowsService;
  let hostWindow: string;
  let wideWindow: string;

  beforeAll(async () => {
    ({ t, p } = await startMaintenanceWindowsApp(clock));
    windows = t.app.get(MaintenanceWindowsService);
    hostWindow = (
      await createMaintenanceWindow(
        t,
        p.monitoringAdmin,
        p.groupId,
        windowBody(start, { startInMs: HOUR, endInMs: 2 * HOUR, alertTypeNames: ['HOST'] }),
      )
    ).id;
    wideWindow = (
      await createMaintenanceWindow(
        t,
        p.monitoringAdmin,
        p.groupId,
        windowBody(start, { startInMs: 90 * 60_000, endInMs: 3 * HOUR, alertTypeNames: ['HOST', 'BACKUP'] }),
      )
    ).id;
  });

  afterAll(async () => {
    await t.close();
  });

  const ids = async (alertTypeName: string, instant: Date, groupId = p.groupId) =>
    (await windows.activeFor(groupId, alertTypeName, instant)).map((window) => window.id);

  it('should find nothing before a window starts', async () => {
    expect(await ids('HOST', at(HOUR - 1))).toEqual([]);
  });

  it('should find a window from its start instant, inclusive', async () => {
    expect(await ids('HOST', at(HOUR))).toEqual([hostWindow]);
  });

  it('should find every overlapping window silencing the type, soonest start first', async () => {
    expect(await ids('HOST', at(100 * 60_000))).toEqual([hostWindow, wideWindow]);
    expect(await ids('BACKUP', at(100 * 60_000))).toEqual([wideWindow]);
  });

  it('should stop at the end instant, exclusive', async () => {
    expect(await ids('HOST', at(2 * HOUR))).toEqual([wideWindow]);
    expect(await ids('HOST', at(3 * HOUR))).toEqual([]);
  });

  it('should ignore alert types the windows do not name and other projects', async () => {
    expect(await ids('AGENT', at(100 * 60_000))).toEqual([]);
    const other = await createProject(t, p.globalOwner, p.orgId);
    expect(await ids('HOST', at(100 * 60_000), other.id)).toEqual([]);
  });

  it('should return the bounds and types of each active window', async () => {
    const [active] = await windows.activeFor(p.groupId, 'BACKUP', at(2 * HOUR));
    expect(active).toEqual({
      id: wideWindow,
      startDate: at(90 * 60_000),
      endDate: at(3 * HOUR),
      alertTypeNames: ['HOST', 'BACKUP'],
      matchers: [],
      recurrence: null,
      alertConfigIds: [],
    });
  });
});
