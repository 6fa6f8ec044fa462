import { checkNewAlert, InvalidAlertError, targetKeyOf, type NewAlert } from './alert-details';

const base: NewAlert = {
  groupId: '5e8cc670a16506712e0b1e95',
  alertConfigId: '5e8cc670a16506712e0b1e97',
  eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
  metricName: 'ASSERT_REGULAR',
  currentValue: { number: 1.5, units: 'RAW' },
  hostId: 'host-1',
};

describe('checkNewAlert', () => {
  it('should accept a metric alert with its metric, value and host', () => {
    expect(() => checkNewAlert(base)).not.toThrow();
  });

  it.each([
    ['metricName', { metricName: undefined }],
    ['currentValue', { currentValue: undefined }],
    ['hostId', { hostId: undefined }],
  ])('should refuse a metric alert without %s', (field, overrides) => {
    expect(() => checkNewAlert({ ...base, ...overrides })).toThrow(
      `OUTSIDE_METRIC_THRESHOLD alerts need ${field}`,
    );
  });

  it('should refuse a HOST_DOWN alert without its host', () => {
    expect(() => checkNewAlert({ ...base, eventTypeName: 'HOST_DOWN', hostId: undefined })).toThrow(
      InvalidAlertError,
    );
  });

  it.each([
    { currentValue: { number: Number.NaN, units: 'RAW' } },
    { currentValue: { number: 1, units: 'PERCENT' } },
    { sourceTypeName: 'STANDALONE' },
    { eventTypeName: 'host down' },
    { groupId: 'group' },
  ])('should refuse %j', (overrides) => {
    expect(() => checkNewAlert({ ...base, ...overrides })).toThrow(InvalidAlertError);
  });
});

describe('targetKeyOf', () => {
  it('should prefer the explicit key, then the host, the cluster and the replica set', () => {
    expect(targetKeyOf({ ...base, targetKey: 'explicit' })).toBe('explicit');
    expect(targetKeyOf({ ...base, clusterId: 'c1' })).toBe('host-1');
    expect(targetKeyOf({ ...base, hostId: undefined, clusterId: 'c1', replicaSetName: 'rs1' })).toBe('c1');
    expect(targetKeyOf({ ...base, hostId: undefined, replicaSetName: 'rs1' })).toBe('rs1');
  });

  it('should be empty for a project-wide alert', () => {
    expect(
      targetKeyOf({
        groupId: base.groupId,
        alertConfigId: base.alertConfigId,
        eventTypeName: 'USERS_WITHOUT_MULTI_FACTOR_AUTH',
      }),
    ).toBe('');
  });
});
