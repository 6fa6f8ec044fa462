import { subjectFieldReader } from './window-subject';

describe('subjectFieldReader', () => {
  const host = {
    hostId: 'h1',
    hostname: 'db1.example.com',
    port: 27018,
    typeName: 'SHARD_SECONDARY',
    replicaSetName: 'sh0',
    clusterName: 'c0',
    alertsEnabled: true,
  };

  it("should read a monitored host's facts, TYPE_NAME included", () => {
    const read = subjectFieldReader({ groupId: 'g', eventTypeName: 'HOST_DOWN', hostId: 'h1' }, host);
    expect(read('TYPE_NAME')).toBe('SECONDARY');
    expect(read('HOSTNAME_AND_PORT')).toBe('db1.example.com:27018');
    expect(read('SHARD_NAME')).toBe('sh0');
  });

  it("should fall back to the alert's own fields when the host is gone", () => {
    const read = subjectFieldReader(
      {
        groupId: 'g',
        eventTypeName: 'HOST_DOWN',
        hostnameAndPort: 'db1.example.com:27018',
        replicaSetName: 'rs0',
      },
      null,
    );
    expect(read('HOSTNAME')).toBe('db1.example.com');
    expect(read('PORT')).toBe('27018');
    expect(read('REPLICA_SET_NAME')).toBe('rs0');
    expect(read('TYPE_NAME')).toBeUndefined();
    expect(read('SHARD_NAME')).toBeUndefined();
  });

  it('should name a replica set of a cluster as its shard', () => {
    const read = subjectFieldReader(
      { groupId: 'g', eventTypeName: 'NO_PRIMARY', replicaSetName: 'sh1', clusterName: 'c0' },
      null,
    );
    expect(read('SHARD_NAME')).toBe('sh1');
    expect(read('CLUSTER_NAME')).toBe('c0');
    expect(read('HOSTNAME')).toBeUndefined();
  });
});
