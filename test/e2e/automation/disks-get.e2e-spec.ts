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

describe('GET /groups/{groupId}/hosts/{hostId}/disks/{partitionName}', () => {
  let t: TestApp;
  let d: Deployment;
  let hostId: string;

  beforeAll(async () => {
    t = await startAutomationApp();
    d = await deployment(t);
    await report(
      t,
      d,
      monitoringReport([hostReport({ disks: [{ partitionName: 'xvdf' }, { partitionName: 'nvme0n1p1' }] })]),
    );
    hostId = (await getJson(t, d.readOnly, `/groups/${d.groupId}/hosts`)).body.results[0].id;
  });

  afterAll(async () => {
    await t.close();
  });

  it("should read one partition in the product's shape", async () => {
    const response = await getJson(t, d.readOnly, `/groups/${d.groupId}/hosts/${hostId}/disks/xvdf`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      links: [{ rel: 'self', href: `${t.apiUrl}/groups/${d.groupId}/hosts/${hostId}/disks/xvdf` }],
      partitionName: 'xvdf',
    });
  });

  it('should list the partitions of the host by name', async () => {
    const response = await getJson(t, d.readOnly, `/groups/${d.groupId}/hosts/${hostId}/disks`);
    expect(response.body).toMatchObject({
      results: [{ partitionName: 'nvme0n1p1' }, { partitionName: 'xvdf' }],
      totalCount: 2,
    });
  });

  it('should answer DEVICE_NOT_FOUND for a partition the host does not have', async () => {
    const response = await getJson(t, d.readOnly, `/groups/${d.groupId}/hosts/${hostId}/disks/sdz`);
    expectApiError(response, 404, 'DEVICE_NOT_FOUND', {
      parameters: ['sdz', hostId],
      detail: `No device with name sdz exists on host ${hostId}.`,
    });
  });

  it('should answer HOST_NOT_FOUND for an unknown host, listing or reading', async () => {
    const missing = '0123456789abcdef01234567';
    for (const path of [`${missing}/disks/xvdf`, `${missing}/disks`]) {
      const response = await getJson(t, d.readOnly, `/groups/${d.groupId}/hosts/${path}`);
      expectApiError(response, 404, 'HOST_NOT_FOUND');
    }
  });

  it('should answer NOT_IN_GROUP to an organization member without a project role', async () => {
    const response = await getJson(t, d.outsider, `/groups/${d.groupId}/hosts/${hostId}/disks/xvdf`);
    expectApiError(response, 401, 'NOT_IN_GROUP');
  });
});
