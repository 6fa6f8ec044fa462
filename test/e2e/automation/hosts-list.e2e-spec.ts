import { DeploymentReader } from '../../../src/modules/automation';
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
import { isoSeconds } from '../../support/time';
import { expectApiError } from '../../support/api-error';

describe('GET /groups/{groupId}/hosts', () => {
  let t: TestApp;
  let d: Deployment;

  beforeAll(async () => {
    t = await startAutomationApp();
    d = await deployment(t);
    await report(
      t,
      d,
      monitoringReport([
        hostReport({ hostname: 'c.example.com', replicaSetName: 'rs1' }),
        hostReport({ hostname: 'a.example.com', replicaSetName: 'rs0' }),
        hostReport({ hostname: 'b.example.com', typeName: 'REPLICA_SECONDARY', replicaSetName: 'rs0' }),
        hostReport({
          hostname: 'a.example.com',
          port: 27018,
          typeName: 'STANDALONE',
          replicaSetName: undefined,
        }),
      ]),
    );
  });

  afterAll(async () => {
    await t.close();
  });

  const list = (query = '') => getJson(t, d.readOnly, `/groups/${d.groupId}/hosts${query}`);
  const names = (body: { results: Array<{ hostname: string; port: number }> }) =>
    body.results.map((host) => `${host.hostname}:${host.port}`);

  it('should list the hosts by hostname and port with a real total', async () => {
    const response = await list();
    expect(response.status).toBe(200);
    expect(names(response.body)).toEqual([
      'a.example.com:27017',
      'a.example.com:27018',
      'b.example.com:27017',
      'c.example.com:27017',
    ]);
    expect(response.body.totalCount).toBe(4);
    expect(response.body.links).toEqual([
      { rel: 'self', href: `${t.apiUrl}/groups/${d.groupId}/hosts?pageNum=1&itemsPerPage=100` },
    ]);
  });

  it('should page through the hosts', async () => {
    const second = await list('?itemsPerPage=3&pageNum=2');
    expect(names(second.body)).toEqual(['c.example.com:27017']);
    expect(second.body.totalCount).toBe(4);
    expect(second.body.links.map((link: { rel: string }) => link.rel)).toEqual(['self', 'previous']);
  });

  it('should keep only the hosts of one cluster when clusterId is given', async () => {
    const a = (await getJson(t, d.readOnly, `/groups/${d.groupId}/hosts/byName/a.example.com:27017`)).body;
    const response = await list(`?clusterId=${a.clusterId}`);
    expect(names(response.body)).toEqual(['a.example.com:27017', 'b.example.com:27017']);
    expect(response.body.totalCount).toBe(2);
    expect((await list('?clusterId=0123456789abcdef01234567')).body).toMatchObject({
      results: [],
      totalCount: 0,
    });
  });

  it('should answer NOT_IN_GROUP to an organization member without a project role', async () => {
    const response = await getJson(t, d.outsider, `/groups/${d.groupId}/hosts`);
    expectApiError(response, 401, 'NOT_IN_GROUP');
  });

  it('should answer GROUP_NOT_FOUND to a global owner naming an unknown project', async () => {
    const response = await getJson(t, d.globalOwner, '/groups/0123456789abcdef01234567/hosts');
    expectApiError(response, 404, 'GROUP_NOT_FOUND');
  });
});

// The service other contexts (the alert engine) read the deployment through.
describe('GET /groups/{groupId}/hosts (DeploymentReader for other contexts)', () => {
  let t: TestApp;
  let d: Deployment;

  beforeAll(async () => {
    t = await startAutomationApp();
    d = await deployment(t);
  });

  afterAll(async () => {
    await t.close();
  });

  it('should give the monitored hosts and the newest value of each metric', async () => {
    const older = new Date(Date.now() - 120_000);
    const newer = new Date(Date.now() - 60_000);
    const sample = (value: number, at: Date) => ({
      metricName: 'CONNECTIONS',
      units: 'SCALAR',
      value,
      timestamp: isoSeconds(at),
    });
    await report(t, d, monitoringReport([hostReport({ measurements: [sample(5, newer)] })]));
    // A late report with an older sample does not replace the newest value.
    await report(t, d, monitoringReport([hostReport({ measurements: [sample(3, older)] })]));
    const reader = t.app.get(DeploymentReader);
    const [host] = await reader.hosts(d.groupId);
    expect(host).toMatchObject({ groupId: d.groupId, hostname: 'db0.example.com', port: 27017, up: true });
    expect(await reader.host(d.groupId, host.id)).toEqual(host);
    expect(await reader.groupsWithHosts()).toEqual([d.groupId]);
    expect(await reader.latestMeasurements(d.groupId, { hostIds: [host.id] })).toEqual([
      {
        groupId: d.groupId,
        hostId: host.id,
        metricName: 'CONNECTIONS',
        units: 'SCALAR',
        value: 5,
        timestamp: new Date(isoSeconds(newer)),
      },
    ]);
    expect(await reader.latestMeasurements(d.groupId, { metricNames: ['ASSERT_REGULAR'] })).toEqual([]);
  });

  it('should keep the newest sample of one report whatever its order, the last sent of one instant winning', async () => {
    const at = (secondsAgo: number) => isoSeconds(new Date(Date.now() - secondsAgo * 1000));
    const [newest, older] = [at(10), at(30)];
    const sample = (value: number, timestamp: string) => ({
      metricName: 'OPCOUNTER_QUERY',
      units: 'SCALAR',
      value,
      timestamp,
    });
    await report(
      t,
      d,
      monitoringReport([
        hostReport({ measurements: [sample(9, newest), sample(4, older), sample(0.1 + 0.2, newest)] }),
      ]),
    );
    const reader = t.app.get(DeploymentReader);
    const [host] = await reader.hosts(d.groupId);
    expect(await reader.latestMeasurements(d.groupId, { metricNames: ['OPCOUNTER_QUERY'] })).toEqual([
      // Every digit of the double kept.
      expect.objectContaining({ hostId: host.id, value: 0.30000000000000004, timestamp: new Date(newest) }),
    ]);
  });
});
