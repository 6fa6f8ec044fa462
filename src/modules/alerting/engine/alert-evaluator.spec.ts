import type { AlertConfigDefinition } from '../alert-configs/alert-config.types';
import { evaluateMetricAlerts, type ActiveAlert, type EvaluatedHost } from './alert-evaluator';

const groupId = '1'.repeat(24);
const now = new Date('2024-03-01T10:00:00Z');
const MINUTE = 60_000;

function config(overrides: Partial<AlertConfigDefinition> = {}): AlertConfigDefinition {
  return {
    id: 'c'.repeat(24),
    groupId,
    eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
    enabled: true,
    matchers: [],
    metricThreshold: {
      metricName: 'CONNECTIONS',
      mode: 'AVERAGE',
      operator: 'GREATER_THAN',
      threshold: 100,
      units: 'RAW',
    },
    threshold: null,
    notifications: [{ typeName: 'EMAIL', emailAddress: 'a@example.com', delayMin: 0, intervalMin: 60 }],
    created: now,
    updated: now,
    ...overrides,
  };
}

function host(value: number | undefined, overrides: Partial<EvaluatedHost> = {}): EvaluatedHost {
  return {
    hostId: 'h'.repeat(24),
    hostname: 'db0.example.com',
    port: 27017,
    typeName: 'REPLICA_PRIMARY',
    replicaSetName: 'rs0',
    clusterName: null,
    alertsEnabled: true,
    measurements:
      value === undefined ? [] : [{ metricName: 'CONNECTIONS', units: 'SCALAR', value, timestamp: now }],
    ...overrides,
  };
}

function active(status: ActiveAlert['status'], createdMsAgo = 0): ActiveAlert {
  return {
    id: 'a'.repeat(24),
    alertConfigId: 'c'.repeat(24),
    targetKey: 'h'.repeat(24),
    status,
    created: new Date(now.getTime() - createdMsAgo),
  };
}

describe('evaluateMetricAlerts', () => {
  it('should open an alert with the host fields and current value when the value is outside', () => {
    expect(evaluateMetricAlerts(groupId, [config()], [host(150)], [], now)).toEqual([
      {
        kind: 'open',
        alert: {
          groupId,
          alertConfigId: 'c'.repeat(24),
          eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
          metricName: 'CONNECTIONS',
          currentValue: { number: 150, units: 'RAW' },
          hostId: 'h'.repeat(24),
          hostnameAndPort: 'db0.example.com:27017',
          replicaSetName: 'rs0',
        },
      },
    ]);
  });

  it('should decide nothing when the value is inside and no alert is active', () => {
    expect(evaluateMetricAlerts(groupId, [config()], [host(100)], [], now)).toEqual([]);
  });

  it('should track instead of opening when the first notification has a delay', () => {
    const delayed = config({
      notifications: [{ typeName: 'EMAIL', emailAddress: 'a@example.com', delayMin: 5, intervalMin: 60 }],
    });
    const [decision] = evaluateMetricAlerts(groupId, [delayed], [host(150)], [], now);
    expect(decision.kind).toBe('track');
  });

  it('should promote a tracking alert once the delay has passed and keep it before', () => {
    const delayed = config({
      notifications: [{ typeName: 'EMAIL', emailAddress: 'a@example.com', delayMin: 5, intervalMin: 60 }],
    });
    expect(
      evaluateMetricAlerts(groupId, [delayed], [host(150)], [active('TRACKING', 4 * MINUTE)], now),
    ).toEqual([]);
    expect(
      evaluateMetricAlerts(groupId, [delayed], [host(150)], [active('TRACKING', 5 * MINUTE)], now),
    ).toEqual([{ kind: 'promote', alertId: 'a'.repeat(24) }]);
  });

  it('should close an open alert and cancel a tracking one when the value is back inside', () => {
    expect(evaluateMetricAlerts(groupId, [config()], [host(90)], [active('OPEN')], now)).toEqual([
      { kind: 'close', alertId: 'a'.repeat(24) },
    ]);
    expect(evaluateMetricAlerts(groupId, [config()], [host(90)], [active('TRACKING')], now)).toEqual([
      { kind: 'cancel', alertId: 'a'.repeat(24) },
    ]);
  });

  it('should keep an open alert while the value stays outside or is not reported', () => {
    expect(evaluateMetricAlerts(groupId, [config()], [host(150)], [active('OPEN')], now)).toEqual([]);
    expect(evaluateMetricAlerts(groupId, [config()], [host(undefined)], [active('OPEN')], now)).toEqual([]);
  });

  it('should compare LESS_THAN thresholds', () => {
    const below = config({
      metricThreshold: {
        metricName: 'CONNECTIONS',
        mode: 'AVERAGE',
        operator: 'LESS_THAN',
        threshold: 10,
        units: 'RAW',
      },
    });
    expect(evaluateMetricAlerts(groupId, [below], [host(5)], [], now)).toHaveLength(1);
    expect(evaluateMetricAlerts(groupId, [below], [host(10)], [], now)).toHaveLength(0);
  });

  it('should convert the reported units to the threshold units', () => {
    const memory = config({
      metricThreshold: {
        metricName: 'MEMORY_RESIDENT',
        mode: 'AVERAGE',
        operator: 'GREATER_THAN',
        threshold: 2,
        units: 'GIGABYTES',
      },
    });
    const reported = (megabytes: number) =>
      host(undefined, {
        measurements: [
          { metricName: 'MEMORY_RESIDENT', units: 'MEGABYTES', value: megabytes, timestamp: now },
        ],
      });
    expect(evaluateMetricAlerts(groupId, [memory], [reported(2048)], [], now)).toEqual([]);
    const [decision] = evaluateMetricAlerts(groupId, [memory], [reported(3072)], [], now);
    expect(decision).toMatchObject({
      kind: 'open',
      alert: { currentValue: { number: 3, units: 'GIGABYTES' } },
    });
  });

  it('should evaluate the newest sample of the metric in the report', () => {
    const samples = host(undefined, {
      measurements: [
        {
          metricName: 'CONNECTIONS',
          units: 'SCALAR',
          value: 500,
          timestamp: new Date(now.getTime() - MINUTE),
        },
        { metricName: 'CONNECTIONS', units: 'SCALAR', value: 50, timestamp: now },
      ],
    });
    expect(evaluateMetricAlerts(groupId, [config()], [samples], [], now)).toEqual([]);
  });

  it('should skip hosts the matchers exclude and cancel their active alert', () => {
    const secondariesOnly = config({
      matchers: [{ fieldName: 'TYPE_NAME', operator: 'EQUALS', value: 'SECONDARY' }],
    });
    expect(evaluateMetricAlerts(groupId, [secondariesOnly], [host(150)], [], now)).toEqual([]);
    expect(evaluateMetricAlerts(groupId, [secondariesOnly], [host(150)], [active('OPEN')], now)).toEqual([
      { kind: 'cancel', alertId: 'a'.repeat(24) },
    ]);
  });

  it('should skip hosts with alerts turned off, and configurations of other types or disabled', () => {
    expect(evaluateMetricAlerts(groupId, [config()], [host(150, { alertsEnabled: false })], [], now)).toEqual(
      [],
    );
    expect(evaluateMetricAlerts(groupId, [config({ enabled: false })], [host(150)], [], now)).toEqual([]);
    expect(
      evaluateMetricAlerts(
        groupId,
        [config({ eventTypeName: 'HOST_DOWN', metricThreshold: null })],
        [host(150)],
        [],
        now,
      ),
    ).toEqual([]);
  });

  it('should decide per (configuration, host) pair', () => {
    const other = host(150, { hostId: 'g'.repeat(24), hostname: 'db1.example.com' });
    const decisions = evaluateMetricAlerts(groupId, [config()], [host(150), other], [active('OPEN')], now);
    expect(decisions).toEqual([
      expect.objectContaining({ kind: 'open', alert: expect.objectContaining({ hostId: 'g'.repeat(24) }) }),
    ]);
  });
});
