import { call } from '../../support/digest-client';
import { projectEvents } from '../../support/factories/alerting.fixture';
import type { TestApp } from '../../support/test-app';
import {
  deployment,
  getJson,
  hostReport,
  monitoringReport,
  report,
  startAutomationApp,
  type Deployment,
} from './automation.fixture';
import { expectApiError } from '../../support/api-error';

describe('DELETE /groups/{groupId}/hosts/{hostId}', () => {
  let t: TestApp;
  let d: Deployment;

  beforeAll(async () => {
    t = await startAutomationApp();
    d = await deployment(t);
  });

  afterAll(async () => {
    await t.close();
  });

  const remove = (hostId: string, auth = d.monitoringAdmin) =>
    call('DELETE', `${t.apiUrl}/groups/${d.groupId}/hosts/${hostId}`, { auth });

  it('should stop monitoring with 204, hide the host and its disks, and record DELETE_HOST_AUDIT', async () => {
    await report(
      t,
      d,
      monitoringReport([hostReport({ hostname: 'gone.example.com', disks: [{ partitionName: 'sda' }] })]),
    );
    const host = (await getJson(t, d.readOnly, `/groups/${d.groupId}/hosts/byName/gone.example.com:27017`))
      .body;
    const response = await remove(host.id);
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    expect((await getJson(t, d.readOnly, `/groups/${d.groupId}/hosts/${host.id}`)).status).toBe(404);
    expect((await getJson(t, d.readOnly, `/groups/${d.groupId}/hosts`)).body.totalCount).toBe(0);
    const disk = await getJson(t, d.readOnly, `/groups/${d.groupId}/hosts/${host.id}/disks/sda`);
    expectApiError(disk, 404, 'HOST_NOT_FOUND');
    const [event] = await projectEvents(t, d.readOnly, d.groupId, 'DELETE_HOST_AUDIT');
    expect(event).toMatchObject({
      hostId: host.id,
      hostname: 'gone.example.com',
      publicKey: d.monitoringAdmin.publicKey,
    });
  });

  it('should answer HOST_NOT_FOUND for an unknown or already removed host', async () => {
    const missing = '0123456789abcdef01234567';
    const response = await remove(missing);
    expectApiError(response, 404, 'HOST_NOT_FOUND', [missing, d.groupId]);
  });

  it('should refuse an automation admin with USER_UNAUTHORIZED and keep the host', async () => {
    await report(t, d, monitoringReport([hostReport({ hostname: 'kept.example.com' })]));
    const host = (await getJson(t, d.readOnly, `/groups/${d.groupId}/hosts/byName/kept.example.com:27017`))
      .body;
    const response = await remove(host.id, d.automationAdmin);
    expectApiError(response, 401, 'USER_UNAUTHORIZED');
    expect((await getJson(t, d.readOnly, `/groups/${d.groupId}/hosts/${host.id}`)).status).toBe(200);
  });
});
