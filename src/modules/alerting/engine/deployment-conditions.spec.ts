import {
  clusterCondition,
  hostCondition,
  replicaSetCondition,
  replicaSetView,
} from './deployment-conditions';

const now = new Date('2024-05-01T00:00:00Z');
const day = 24 * 60 * 60 * 1000;

describe('deployment conditions', () => {
  it('should find a certificate stale within 30 days of its expiry, and after it', () => {
    const host = (ms: number | null) => ({
      typeName: 'REPLICA_PRIMARY',
      up: true,
      sslCertificateNotAfter: ms === null ? null : new Date(now.getTime() + ms),
    });
    expect(hostCondition('HOST_SSL_CERTIFICATE_STALE', host(31 * day), now)).toBe('INSIDE');
    expect(hostCondition('HOST_SSL_CERTIFICATE_STALE', host(30 * day), now)).toBe('OUTSIDE');
    expect(hostCondition('HOST_SSL_CERTIFICATE_STALE', host(-day), now)).toBe('OUTSIDE');
    expect(hostCondition('HOST_SSL_CERTIFICATE_STALE', host(null), now)).toBe('INSIDE');
  });

  it('should find a host recovering only while it is reachable', () => {
    const host = { typeName: 'RECOVERING', up: true, sslCertificateNotAfter: null };
    expect(hostCondition('HOST_RECOVERING', host, now)).toBe('OUTSIDE');
    expect(hostCondition('HOST_RECOVERING', { ...host, up: false }, now)).toBeUndefined();
    expect(hostCondition('HOST_RECOVERING', { ...host, typeName: 'REPLICA_SECONDARY' }, now)).toBe('INSIDE');
  });

  it('should count primaries, healthy and unhealthy members from typeName and up', () => {
    const view = replicaSetView([
      { typeName: 'REPLICA_PRIMARY', up: false },
      { typeName: 'REPLICA_SECONDARY', up: true },
      { typeName: 'RECOVERING', up: true },
      { typeName: 'REPLICA_ARBITER', up: true },
    ]);
    expect(view).toEqual({ primaries: 0, healthy: 2, unhealthy: 2 });
    expect(replicaSetCondition('NO_PRIMARY', view, null)).toEqual({ condition: 'OUTSIDE', value: 0 });
    expect(replicaSetCondition('MULTIPLE_PRIMARIES', view, null)).toEqual({ condition: 'INSIDE', value: 0 });
    const below3 = { operator: 'LESS_THAN', threshold: 3, units: 'RAW' };
    expect(replicaSetCondition('TOO_FEW_HEALTHY_MEMBERS', view, below3)).toEqual({
      condition: 'OUTSIDE',
      value: 2,
    });
    const above2 = { operator: 'GREATER_THAN', threshold: 2, units: 'RAW' };
    expect(replicaSetCondition('TOO_MANY_UNHEALTHY_MEMBERS', view, above2)).toEqual({
      condition: 'INSIDE',
      value: 2,
    });
  });

  it('should find a mongos missing only in a cluster that has known mongos processes', () => {
    expect(clusterCondition([{ typeName: 'SHARD_PRIMARY', up: true }])).toBeUndefined();
    expect(clusterCondition([{ typeName: 'SHARD_MONGOS', up: false }])).toBe('OUTSIDE');
    expect(
      clusterCondition([
        { typeName: 'SHARD_MONGOS', up: false },
        { typeName: 'SHARD_MONGOS', up: true },
      ]),
    ).toBe('INSIDE');
  });
});
