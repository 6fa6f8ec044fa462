import { ManualClock } from '../../../src/platform/clock/clock';
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
} from './automation-fixture';

// The host facts a monitoring agent reports (the product's host resource fields) and the point-in-time
// host events derived by comparing a report with what was known before.
describe('POST /agents/v1/groups/{groupId}/reports (host facts)', () => {
  const clock = new ManualClock(new Date('2024-05-01T08:00:00Z'));
  let t: TestApp;
  let d: Deployment;

  beforeAll(async () => {
    t = await startAutomationApp(clock);
    d = await deployment(t);
  });

  afterAll(async () => {
    await t.close();
  });

  const byName = async (name: string) =>
    (await getJson(t, d.readOnly, `/groups/${d.groupId}/hosts/byName/${name}`)).body;
  const eventsOf = async (type: string, hostId: string) =>
    (await projectEvents(t, d.readOnly, d.groupId, type)).filter((event) => event.hostId === hostId);

  const facts = {
    version: '7.0.12',
    ipAddress: '10.0.0.12',
    uptimeMsec: 3_600_000,
    journalingEnabled: true,
    hasStartupWarnings: false,
    lowUlimit: true,
    sslEnabled: true,
    sslCertificateNotAfter: '2024-12-31T23:59:59Z',
    lastDataSizeBytes: 1_073_741_824,
    lastIndexSizeBytes: 104_857_600,
  };

  it('should show the reported facts on the host resource and keep them when a report omits them', async () => {
    await report(t, d, monitoringReport([hostReport({ hostname: 'facts.example.com', ...facts })]));
    const host = await byName('facts.example.com:27017');
    expect(host).toMatchObject(facts);

    clock.advance(60_000);
    await report(
      t,
      d,
      monitoringReport([hostReport({ hostname: 'facts.example.com', uptimeMsec: 3_660_000 })]),
    );
    expect(await byName('facts.example.com:27017')).toMatchObject({ ...facts, uptimeMsec: 3_660_000 });
  });

  it('should show a host without reported facts without those fields', async () => {
    await report(t, d, monitoringReport([hostReport({ hostname: 'bare.example.com' })]));
    const host = await byName('bare.example.com:27017');
    for (const field of Object.keys(facts).filter((name) => name !== 'sslEnabled')) {
      expect(host).not.toHaveProperty(field);
    }
    expect(host.sslEnabled).toBe(false);
  });

  it('should show a replica set member reported down as DOWN and derive state changes as events', async () => {
    const name = 'member.example.com';
    await report(t, d, monitoringReport([hostReport({ hostname: name, typeName: 'REPLICA_SECONDARY' })]));
    const host = await byName(`${name}:27017`);
    expect(host.replicaStateName).toBe('SECONDARY');

    await report(
      t,
      d,
      monitoringReport([hostReport({ hostname: name, typeName: 'REPLICA_SECONDARY', up: false })]),
    );
    expect((await byName(`${name}:27017`)).replicaStateName).toBe('DOWN');

    await report(t, d, monitoringReport([hostReport({ hostname: name, typeName: 'REPLICA_PRIMARY' })]));
    expect((await byName(`${name}:27017`)).replicaStateName).toBe('PRIMARY');
    expect(await eventsOf('HOST_NOW_PRIMARY', host.id)).toHaveLength(1);
    expect(await eventsOf('PRIMARY_ELECTED', host.id)).toEqual([
      expect.objectContaining({
        replicaSetName: 'rs0',
        raw: expect.objectContaining({ typeName: 'REPLICA_PRIMARY' }),
      }),
    ]);

    await report(t, d, monitoringReport([hostReport({ hostname: name, typeName: 'RECOVERING' })]));
    await report(t, d, monitoringReport([hostReport({ hostname: name, typeName: 'REPLICA_SECONDARY' })]));
    expect(await eventsOf('HOST_RECOVERING', host.id)).toHaveLength(1);
    expect(await eventsOf('HOST_RECOVERED', host.id)).toHaveLength(1);
    expect(await eventsOf('HOST_NOW_SECONDARY', host.id)).toHaveLength(1);
  });

  it('should record a version change and a restart (uptime going backwards)', async () => {
    const name = 'upgrade.example.com';
    await report(
      t,
      d,
      monitoringReport([hostReport({ hostname: name, version: '6.0.15', uptimeMsec: 9_000_000 })]),
    );
    const host = await byName(`${name}:27017`);
    await report(
      t,
      d,
      monitoringReport([hostReport({ hostname: name, version: '7.0.12', uptimeMsec: 5_000 })]),
    );

    expect(await eventsOf('VERSION_CHANGED', host.id)).toEqual([
      expect.objectContaining({
        raw: expect.objectContaining({ previousVersion: '6.0.15', version: '7.0.12' }),
      }),
    ]);
    expect(await eventsOf('HOST_UPGRADED', host.id)).toHaveLength(1);
    expect(await eventsOf('HOST_DOWNGRADED', host.id)).toHaveLength(0);
    expect(await eventsOf('HOST_RESTARTED', host.id)).toHaveLength(1);
  });
});
