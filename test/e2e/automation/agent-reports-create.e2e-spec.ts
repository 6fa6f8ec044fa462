import { call } from '../../support/digest-client';
import { projectEvents } from '../../support/factories/alerting.fixture';
import type { TestApp } from '../../support/test-app';
import {
  deployment,
  getJson,
  hostReport,
  monitoringReport,
  postReport,
  report,
  startAutomationApp,
  type Deployment,
} from './automation.fixture';

describe('POST /agents/v1/groups/{groupId}/reports', () => {
  let t: TestApp;
  let d: Deployment;

  beforeAll(async () => {
    t = await startAutomationApp();
    d = await deployment(t);
  });

  afterAll(async () => {
    await t.close();
  });

  const byName = (name: string) => getJson(t, d.readOnly, `/groups/${d.groupId}/hosts/byName/${name}`);

  it("should accept a heartbeat with 202 and no body when the key is one of the project's", async () => {
    const response = await postReport(t, d.groupId, d.agentKey.key, {
      agentType: 'AUTOMATION',
      hostname: 'heartbeat.example.com',
      version: '107.0.0.8465-1',
    });
    expect(response.status).toBe(202);
    expect(response.text).toBe('');
    const [event] = (await projectEvents(t, d.readOnly, d.groupId, 'NEW_AGENT')).filter(
      (e) => e.hostname === 'heartbeat.example.com',
    );
    expect(event).toMatchObject({
      groupId: d.groupId,
      orgId: d.orgId,
      raw: { agentType: 'AUTOMATION', cause: 'HEARTBEAT' },
    });
    expect(event).not.toHaveProperty('apiKeyId');
    expect(event).not.toHaveProperty('userId');
  });

  it('should make reported hosts appear with the product fields and one cluster id per replica set', async () => {
    const now = new Date();
    await report(
      t,
      d,
      monitoringReport([
        hostReport({ hostname: 'rs-a.example.com', typeName: 'REPLICA_PRIMARY', replicaSetName: 'rsA' }),
        hostReport({ hostname: 'rs-b.example.com', typeName: 'REPLICA_SECONDARY', replicaSetName: 'rsA' }),
        hostReport({
          hostname: 'solo.example.com',
          port: 28000,
          typeName: 'STANDALONE',
          replicaSetName: undefined,
        }),
      ]),
    );
    const a = (await byName('rs-a.example.com:27017')).body;
    const b = (await byName('rs-b.example.com:27017')).body;
    const solo = (await byName('solo.example.com:28000')).body;
    expect(a).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      groupId: d.groupId,
      hostname: 'rs-a.example.com',
      port: 27017,
      typeName: 'REPLICA_PRIMARY',
      replicaSetName: 'rsA',
      replicaStateName: 'PRIMARY',
      clusterId: expect.stringMatching(/^[0-9a-f]{24}$/),
      created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
      lastPing: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
      alertsEnabled: true,
      hostEnabled: true,
      hidden: false,
      deactivated: false,
      logsEnabled: false,
      profilerEnabled: false,
      sslEnabled: false,
      aliases: [],
      links: [{ rel: 'self', href: `${t.apiUrl}/groups/${d.groupId}/hosts/${a.id}` }],
    });
    expect(Date.parse(a.lastPing)).toBeGreaterThanOrEqual(Math.floor(now.getTime() / 1000) * 1000);
    expect(b).toMatchObject({ replicaStateName: 'SECONDARY', clusterId: a.clusterId });
    expect(solo).toMatchObject({ typeName: 'STANDALONE' });
    expect(solo).not.toHaveProperty('clusterId');
    expect(solo).not.toHaveProperty('replicaSetName');
  });

  it('should keep the host id and update its fields when the host is reported again', async () => {
    await report(t, d, monitoringReport([hostReport({ hostname: 'stable.example.com' })]));
    const first = (await byName('stable.example.com:27017')).body;
    await report(
      t,
      d,
      monitoringReport(
        [
          hostReport({
            hostname: 'stable.example.com',
            typeName: 'SHARD_SECONDARY',
            replicaSetName: 'sh0',
            clusterName: 'shop',
          }),
        ],
        {
          hostname: 'agent1.example.com',
        },
      ),
    );
    const again = (await getJson(t, d.readOnly, `/groups/${d.groupId}/hosts/${first.id}`)).body;
    expect(again).toMatchObject({
      id: first.id,
      created: first.created,
      typeName: 'SHARD_SECONDARY',
      replicaSetName: 'sh0',
      shardName: 'sh0',
      replicaStateName: 'SECONDARY',
    });
    expect(again.clusterId).not.toBe(first.clusterId);
    expect(
      (await projectEvents(t, d.readOnly, d.groupId, 'NEW_HOST')).filter((e) => e.hostId === first.id),
    ).toHaveLength(1);
  });

  it("should make a host's disks appear, and replace them when the host reports another set", async () => {
    await report(
      t,
      d,
      monitoringReport([
        hostReport({
          hostname: 'disks.example.com',
          disks: [{ partitionName: 'xvdf' }, { partitionName: 'xvda1' }],
        }),
      ]),
    );
    const host = (await byName('disks.example.com:27017')).body;
    const disksPath = `/groups/${d.groupId}/hosts/${host.id}/disks`;
    const names = async () =>
      ((await getJson(t, d.readOnly, disksPath)).body.results as Array<{ partitionName: string }>).map(
        (x) => x.partitionName,
      );
    expect(await names()).toEqual(['xvda1', 'xvdf']);

    await report(
      t,
      d,
      monitoringReport([hostReport({ hostname: 'disks.example.com', disks: [{ partitionName: 'xvdg' }] })]),
    );
    expect(await names()).toEqual(['xvdg']);
    // A report without the disks section leaves them as they are.
    await report(t, d, monitoringReport([hostReport({ hostname: 'disks.example.com' })]));
    expect(await names()).toEqual(['xvdg']);
  });

  it('should ignore a host whose monitoring was stopped until it is added again, keeping its id', async () => {
    await report(t, d, monitoringReport([hostReport({ hostname: 'removed.example.com' })]));
    const host = (await byName('removed.example.com:27017')).body;
    const removal = await call('DELETE', `${t.apiUrl}/groups/${d.groupId}/hosts/${host.id}`, {
      auth: d.monitoringAdmin,
    });
    expect(removal.status).toBe(204);

    await report(
      t,
      d,
      monitoringReport([hostReport({ hostname: 'removed.example.com', disks: [{ partitionName: 'sdb' }] })]),
    );
    expect((await byName('removed.example.com:27017')).status).toBe(404);

    const added = await call('POST', `${t.apiUrl}/groups/${d.groupId}/hosts`, {
      auth: d.monitoringAdmin,
      body: { hostname: 'removed.example.com', port: 27017 },
    });
    expect(added.status).toBe(201);
    expect(added.body.id).toBe(host.id);
    const disks = await getJson(t, d.readOnly, `/groups/${d.groupId}/hosts/${host.id}/disks`);
    expect(disks.body.results).toEqual([]);
  });
});
