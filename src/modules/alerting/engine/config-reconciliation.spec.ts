import type { HostSnapshot } from '../../automation';
import {
  reconcileConfig,
  type AgentFacts,
  type HeldAlert,
  type LatestValue,
  type ProjectFacts,
  type ReconciledConfig,
} from './config-reconciliation';

const groupId = '1'.repeat(24);
const configId = 'c'.repeat(24);
const now = new Date('2024-03-01T10:00:00Z');
const freshSince = new Date(now.getTime() - 30 * 60_000);
const MINUTE = 60_000;
const db0 = 'h'.repeat(24);
const db1 = 'i'.repeat(24);

function config(overrides: Partial<ReconciledConfig> = {}): ReconciledConfig {
  return {
    id: configId,
    groupId,
    eventTypeName: 'HOST_DOWN',
    enabled: true,
    matchers: [],
    metricThreshold: null,
    threshold: null,
    notifications: [{ typeName: 'EMAIL', emailAddress: 'a@example.com', delayMin: 0, intervalMin: 60 }],
    ...overrides,
  };
}

const connectionsAbove = (threshold: number): Partial<ReconciledConfig> => ({
  eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
  metricThreshold: {
    metricName: 'CONNECTIONS',
    mode: 'AVERAGE',
    operator: 'GREATER_THAN',
    threshold,
    units: 'RAW',
  },
});

function host(id: string, overrides: Partial<HostSnapshot> = {}): HostSnapshot {
  return {
    id,
    groupId,
    hostname: id === db0 ? 'db0.example.com' : 'db1.example.com',
    port: 27017,
    typeName: 'REPLICA_PRIMARY',
    replicaSetName: 'rs0',
    clusterId: null,
    clusterName: null,
    up: true,
    alertsEnabled: true,
    lastPing: now,
    lastReported: now,
    version: '7.0.0',
    sslCertificateNotAfter: null,
    ...overrides,
  };
}

function facts(overrides: Partial<ProjectFacts> = {}): ProjectFacts {
  return { hosts: [], agents: [], latest: [], ...overrides };
}

function held(overrides: Partial<HeldAlert> = {}): HeldAlert {
  return {
    id: 'a'.repeat(24),
    alertConfigId: configId,
    targetKey: db0,
    status: 'OPEN',
    created: new Date(now.getTime() - 10 * MINUTE),
    eventTypeName: 'HOST_DOWN',
    metricName: null,
    ...overrides,
  };
}

function connections(hostId: string, value: number, at = now): LatestValue {
  return { hostId, metricName: 'CONNECTIONS', units: 'SCALAR', value, timestamp: at };
}

function agent(overrides: Partial<AgentFacts> = {}): AgentFacts {
  return {
    agentType: 'AUTOMATION',
    hostname: 'auto0.example.com',
    state: 'DOWN',
    versionState: null,
    ...overrides,
  };
}

describe('reconcileConfig', () => {
  it('should keep an open alert whose condition still holds when the configuration changed elsewhere', () => {
    const down = facts({ hosts: [host(db0, { up: false })] });
    const longerInterval = config({
      notifications: [{ typeName: 'EMAIL', emailAddress: 'a@example.com', delayMin: 0, intervalMin: 5 }],
    });
    expect(reconcileConfig(longerInterval, down, [held()], now, freshSince)).toEqual([]);
  });

  it('should open an alert at once when the condition already holds and no alert holds its slot', () => {
    const decisions = reconcileConfig(
      config(),
      facts({ hosts: [host(db0, { up: false }), host(db1)] }),
      [],
      now,
      freshSince,
    );
    expect(decisions).toEqual([
      {
        kind: 'open',
        alert: {
          groupId,
          alertConfigId: configId,
          eventTypeName: 'HOST_DOWN',
          hostId: db0,
          hostnameAndPort: 'db0.example.com:27017',
          replicaSetName: 'rs0',
        },
      },
    ]);
  });

  it('should track first when the configuration delays its first notification', () => {
    const delayed = config({
      notifications: [{ typeName: 'EMAIL', emailAddress: 'a@example.com', delayMin: 5, intervalMin: 60 }],
    });
    const [decision] = reconcileConfig(
      delayed,
      facts({ hosts: [host(db0, { up: false })] }),
      [],
      now,
      freshSince,
    );
    expect(decision.kind).toBe('track');
  });

  it('should promote a TRACKING alert whose condition has outlasted the new delay', () => {
    const tracking = held({ status: 'TRACKING', created: new Date(now.getTime() - 2 * MINUTE) });
    expect(
      reconcileConfig(config(), facts({ hosts: [host(db0, { up: false })] }), [tracking], now, freshSince),
    ).toEqual([{ kind: 'promote', alertId: tracking.id }]);
  });

  it('should close an open alert and cancel a tracking one when the condition no longer holds', () => {
    const up = facts({ hosts: [host(db0), host(db1)] });
    const open = held();
    const tracking = held({ id: 'b'.repeat(24), targetKey: db1, status: 'TRACKING' });
    expect(reconcileConfig(config(), up, [open, tracking], now, freshSince)).toEqual([
      { kind: 'close', alertId: open.id },
      { kind: 'cancel', alertId: tracking.id },
    ]);
  });

  it('should cancel the alert of a host the matchers no longer select or whose alerts are off', () => {
    const secondaries = config({
      matchers: [{ fieldName: 'TYPE_NAME', operator: 'EQUALS', value: 'SECONDARY' }],
    });
    const down = facts({ hosts: [host(db0, { up: false }), host(db1, { up: false, alertsEnabled: false })] });
    const alerts = [held(), held({ id: 'b'.repeat(24), targetKey: db1 })];
    expect(reconcileConfig(secondaries, down, alerts, now, freshSince)).toEqual([
      { kind: 'cancel', alertId: alerts[0].id },
      { kind: 'cancel', alertId: alerts[1].id },
    ]);
  });

  it('should cancel every alert of a disabled configuration, whatever the state', () => {
    const down = facts({ hosts: [host(db0, { up: false })] });
    expect(reconcileConfig(config({ enabled: false }), down, [held()], now, freshSince)).toEqual([
      { kind: 'cancel', alertId: held().id },
    ]);
  });

  it('should cancel the alerts raised for another type or metric and raise those the new one holds for', () => {
    const metric = config(connectionsAbove(100));
    const state = facts({ hosts: [host(db0, { up: false })], latest: [connections(db0, 150)] });
    const otherMetric = held({
      id: 'b'.repeat(24),
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      metricName: 'OPCOUNTER_CMD',
    });
    const decisions = reconcileConfig(metric, state, [held(), otherMetric], now, freshSince);
    expect(decisions).toEqual([
      { kind: 'cancel', alertId: held().id },
      { kind: 'cancel', alertId: otherMetric.id },
      {
        kind: 'open',
        alert: expect.objectContaining({
          eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
          metricName: 'CONNECTIONS',
          currentValue: { number: 150, units: 'RAW' },
          hostId: db0,
        }),
      },
    ]);
  });

  it('should judge a metric by its latest fresh value, and leave a stale one undecided', () => {
    const metric = config(connectionsAbove(100));
    const stale = new Date(freshSince.getTime() - 1);
    const state = facts({
      hosts: [host(db0), host(db1)],
      latest: [connections(db0, 50), connections(db1, 900, stale)],
    });
    const alerts = [
      held({ eventTypeName: 'OUTSIDE_METRIC_THRESHOLD', metricName: 'CONNECTIONS' }),
      held({
        id: 'b'.repeat(24),
        targetKey: db1,
        eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
        metricName: 'CONNECTIONS',
      }),
    ];
    expect(reconcileConfig(metric, state, alerts, now, freshSince)).toEqual([
      { kind: 'close', alertId: alerts[0].id },
    ]);
    expect(reconcileConfig(config(connectionsAbove(1000)), state, [], now, freshSince)).toEqual([]);
  });

  it('should keep an alert whose subject is no longer known', () => {
    expect(reconcileConfig(config(), facts({ hosts: [host(db1)] }), [held()], now, freshSince)).toEqual([]);
  });

  it('should open a replica set condition for a set with no primary', () => {
    const noPrimary = config({ eventTypeName: 'NO_PRIMARY' });
    const secondaries = facts({
      hosts: [host(db0, { typeName: 'REPLICA_SECONDARY' }), host(db1, { typeName: 'REPLICA_SECONDARY' })],
    });
    expect(reconcileConfig(noPrimary, secondaries, [], now, freshSince)).toEqual([
      {
        kind: 'open',
        alert: expect.objectContaining({
          targetKey: 'replicaSet:rs0',
          replicaSetName: 'rs0',
          currentValue: { number: 0, units: 'RAW' },
        }),
      },
    ]);
  });

  it('should open an agent alert for a down agent of its type and close it for one back up', () => {
    const agentDown = config({ eventTypeName: 'AUTOMATION_AGENT_DOWN' });
    const state = facts({
      agents: [
        agent(),
        agent({ hostname: 'auto1.example.com', state: 'UP' }),
        agent({ agentType: 'MONITORING' }),
      ],
    });
    const onAuto1 = held({ targetKey: 'agent:auto1.example.com', eventTypeName: 'AUTOMATION_AGENT_DOWN' });
    expect(reconcileConfig(agentDown, state, [onAuto1], now, freshSince)).toEqual([
      {
        kind: 'open',
        alert: {
          groupId,
          alertConfigId: configId,
          eventTypeName: 'AUTOMATION_AGENT_DOWN',
          targetKey: 'agent:auto0.example.com',
          humanReadable: 'AUTOMATION_AGENT_DOWN on auto0.example.com',
        },
      },
      { kind: 'close', alertId: onAuto1.id },
    ]);
  });

  it('should raise nothing for an informational type', () => {
    const inform = config({ eventTypeName: 'HOST_RESTARTED' });
    expect(
      reconcileConfig(inform, facts({ hosts: [host(db0, { up: false })] }), [], now, freshSince),
    ).toEqual([]);
  });
});
