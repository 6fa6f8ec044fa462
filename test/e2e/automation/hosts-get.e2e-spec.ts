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

describe('GET /groups/{groupId}/hosts/{hostId}', () => {
  let t: TestApp;
  let d: Deployment;
  let hostId: string;

  beforeAll(async () => {
    t = await startAutomationApp();
    d = await deployment(t);
    await report(t, d, monitoringReport([hostReport()]));
    hostId = (await getJson(t, d.readOnly, `/groups/${d.groupId}/hosts`)).body.results[0].id;
  });

  afterAll(async () => {
    await t.close();
  });

  it('should read one host by id and by hostname:port alike', async () => {
    const byId = await getJson(t, d.readOnly, `/groups/${d.groupId}/hosts/${hostId}`);
    expect(byId.status).toBe(200);
    const byName = await getJson(t, d.readOnly, `/groups/${d.groupId}/hosts/byName/db0.example.com:27017`);
    expect(byName.body).toEqual(byId.body);
  });

  it.each(['0123456789abcdef01234567', 'not-an-id'])(
    'should answer HOST_NOT_FOUND for host %s',
    async (id) => {
      const response = await getJson(t, d.readOnly, `/groups/${d.groupId}/hosts/${id}`);
      expectApiError(response, 404, 'HOST_NOT_FOUND', {
        parameters: [id, d.groupId],
        detail: `No host with ID ${id} exists in group ${d.groupId}.`,
      });
    },
  );

  it.each(['db0.example.com:27018', 'db0.example.com', 'nowhere:27017'])(
    'should answer HOSTNAME_AND_PORT_NOT_FOUND for %s',
    async (name) => {
      const response = await getJson(t, d.readOnly, `/groups/${d.groupId}/hosts/byName/${name}`);
      expectApiError(response, 404, 'HOSTNAME_AND_PORT_NOT_FOUND', [name, d.groupId]);
    },
  );

  it("should not show a host to another project's callers", async () => {
    const other = await deployment(t);
    const response = await getJson(t, other.readOnly, `/groups/${other.groupId}/hosts/${hostId}`);
    expectApiError(response, 404, 'HOST_NOT_FOUND');
    expect((await getJson(t, other.readOnly, `/groups/${d.groupId}/hosts/${hostId}`)).status).toBe(401);
  });
});
