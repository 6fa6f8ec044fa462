import { ManualClock } from '../../../src/platform/clock/clock';
import { projectEvents, type EventView } from '../../support/factories/alerting.fixture';
import type { TestApp } from '../../support/test-app';
import {
  deployment,
  getJson,
  hostReport,
  livenessOf,
  monitoringReport,
  report,
  startAutomationApp,
  type Deployment,
} from './automation.fixture';
import { isoSeconds } from '../../support/time';

const DOWN_AFTER_S = 120;
const CURRENT = '107.0.0.8465-1';

// Events derived from reports and from their absence, with the clock moved by the test (no sleeping):
// the sweep is run directly, as its timer would at the clock's time.
describe('POST /agents/v1/groups/{groupId}/reports (agent and host events)', () => {
  const clock = new ManualClock(new Date('2024-01-15T10:00:00Z'));
  let t: TestApp;
  let d: Deployment;

  beforeAll(async () => {
    t = await startAutomationApp(clock, {
      AGENT_DOWN_AFTER_SECONDS: String(DOWN_AFTER_S),
      AGENT_CURRENT_VERSION: CURRENT,
    });
    d = await deployment(t);
  });

  afterAll(async () => {
    await t.close();
  });

  const events = async (type: string, hostname: string): Promise<EventView[]> =>
    (await projectEvents(t, d.readOnly, d.groupId, type)).filter((event) => event.hostname === hostname);
  const agent = (hostname: string, agentType = 'AUTOMATION', version = CURRENT) => ({
    agentType,
    hostname,
    version,
  });

  it('should announce NEW_AGENT once, then AUTOMATION_AGENT_DOWN after silence and AUTOMATION_AGENT_UP on the next report', async () => {
    await report(t, d, agent('auto0'));
    clock.advance(60_000);
    await report(t, d, agent('auto0'));
    expect(await events('NEW_AGENT', 'auto0')).toHaveLength(1);

    clock.advance((DOWN_AFTER_S - 1) * 1000);
    await livenessOf(t).sweep();
    expect(await events('AUTOMATION_AGENT_DOWN', 'auto0')).toEqual([]);

    clock.advance(2000);
    const swept = await livenessOf(t).sweep();
    expect(swept.agentsDown).toBeGreaterThanOrEqual(1);
    const [down] = await events('AUTOMATION_AGENT_DOWN', 'auto0');
    expect(down).toMatchObject({
      groupId: d.groupId,
      orgId: d.orgId,
      created: isoSeconds(clock.now()),
      raw: { agentType: 'AUTOMATION', version: CURRENT, cause: 'SILENCE' },
    });
    expect(down).not.toHaveProperty('apiKeyId');
    expect(down).not.toHaveProperty('remoteAddress');

    await livenessOf(t).sweep();
    expect(await events('AUTOMATION_AGENT_DOWN', 'auto0')).toHaveLength(1);

    clock.advance(5000);
    await report(t, d, agent('auto0'));
    const [up] = await events('AUTOMATION_AGENT_UP', 'auto0');
    expect(up).toMatchObject({ created: isoSeconds(clock.now()), raw: { cause: 'HEARTBEAT' } });
    expect(await events('NEW_AGENT', 'auto0')).toHaveLength(1);
  });

  it('should name the down and up events after the agent type', async () => {
    await report(t, d, agent('mon0', 'MONITORING'));
    await report(t, d, agent('bak0', 'BACKUP'));
    clock.advance((DOWN_AFTER_S + 1) * 1000);
    await livenessOf(t).sweep();
    await report(t, d, agent('mon0', 'MONITORING'));
    await report(t, d, agent('bak0', 'BACKUP'));
    expect(await events('MONITORING_AGENT_DOWN', 'mon0')).toHaveLength(1);
    expect(await events('MONITORING_AGENT_UP', 'mon0')).toHaveLength(1);
    expect(await events('BACKUP_AGENT_DOWN', 'bak0')).toHaveLength(1);
    expect(await events('BACKUP_AGENT_UP', 'bak0')).toHaveLength(1);
  });

  it('should announce VERSION_BEHIND once while behind and VERSION_CURRENT after the upgrade', async () => {
    await report(t, d, agent('old-mon', 'MONITORING', '106.0.9.8000-1'));
    await report(t, d, agent('old-mon', 'MONITORING', '106.0.9.8000-1'));
    expect(await events('MONITORING_AGENT_VERSION_BEHIND', 'old-mon')).toMatchObject([
      { raw: { agentType: 'MONITORING', version: '106.0.9.8000-1' } },
    ]);
    expect(await events('MONITORING_AGENT_VERSION_CURRENT', 'old-mon')).toEqual([]);

    await report(t, d, agent('old-mon', 'MONITORING', '107.0.1.8507-1'));
    expect(await events('MONITORING_AGENT_VERSION_CURRENT', 'old-mon')).toHaveLength(1);
    expect(await events('MONITORING_AGENT_VERSION_BEHIND', 'old-mon')).toHaveLength(1);

    await report(t, d, agent('old-bak', 'BACKUP', '1.0'));
    expect(await events('BACKUP_AGENT_VERSION_BEHIND', 'old-bak')).toHaveLength(1);
  });

  it('should announce HOST_DOWN when a report says the host is down and HOST_UP when it is back', async () => {
    const hostname = 'flappy.example.com';
    await report(t, d, monitoringReport([hostReport({ hostname })]));
    const host = (await getJson(t, d.readOnly, `/groups/${d.groupId}/hosts/byName/${hostname}:27017`)).body;
    const pingedAt = host.lastPing;

    clock.advance(30_000);
    await report(t, d, monitoringReport([hostReport({ hostname, up: false })]));
    await report(t, d, monitoringReport([hostReport({ hostname, up: false })]));
    const down = await events('HOST_DOWN', hostname);
    expect(down).toMatchObject([
      {
        hostId: host.id,
        port: 27017,
        replicaSetName: 'rs0',
        clusterId: host.clusterId,
        created: isoSeconds(clock.now()),
        raw: { cause: 'REPORTED', typeName: 'REPLICA_PRIMARY' },
      },
    ]);
    expect((await getJson(t, d.readOnly, `/groups/${d.groupId}/hosts/${host.id}`)).body.lastPing).toBe(
      pingedAt,
    );

    clock.advance(30_000);
    await report(t, d, monitoringReport([hostReport({ hostname })]));
    expect(await events('HOST_UP', hostname)).toMatchObject([
      { hostId: host.id, created: isoSeconds(clock.now()) },
    ]);
    expect((await getJson(t, d.readOnly, `/groups/${d.groupId}/hosts/${host.id}`)).body.lastPing).toBe(
      isoSeconds(clock.now()),
    );
  });

  it('should announce HOST_DOWN once when no report mentions a host any more, though its agent keeps reporting', async () => {
    const hostname = 'silent.example.com';
    await report(
      t,
      d,
      monitoringReport([hostReport({ hostname }), hostReport({ hostname: 'chatty.example.com' })], {
        hostname: 'mon-silent',
      }),
    );
    clock.advance((DOWN_AFTER_S + 1) * 1000);
    await report(
      t,
      d,
      monitoringReport([hostReport({ hostname: 'chatty.example.com' })], { hostname: 'mon-silent' }),
    );
    await livenessOf(t).sweep();
    await livenessOf(t).sweep();
    expect(await events('HOST_DOWN', hostname)).toMatchObject([{ raw: { cause: 'SILENCE' } }]);
    expect(await events('HOST_DOWN', 'chatty.example.com')).toEqual([]);
    expect(await events('MONITORING_AGENT_DOWN', 'mon-silent')).toEqual([]);

    await report(t, d, monitoringReport([hostReport({ hostname })], { hostname: 'mon-silent' }));
    expect(await events('HOST_UP', hostname)).toHaveLength(1);
  });

  it('should announce NEW_HOST and HOST_DOWN for a host first seen down', async () => {
    await report(t, d, monitoringReport([hostReport({ hostname: 'born-down.example.com', up: false })]));
    expect(await events('NEW_HOST', 'born-down.example.com')).toHaveLength(1);
    expect(await events('HOST_DOWN', 'born-down.example.com')).toHaveLength(1);
    const host = (
      await getJson(t, d.readOnly, `/groups/${d.groupId}/hosts/byName/born-down.example.com:27017`)
    ).body;
    expect(host).not.toHaveProperty('lastPing');
  });
});
