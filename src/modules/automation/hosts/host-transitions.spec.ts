import { hostChangeEvents, hostChangeFacts } from './host-transitions';

const host = (overrides: Partial<Parameters<typeof hostChangeEvents>[1]> = {}) => ({
  typeName: 'REPLICA_SECONDARY',
  up: true,
  version: '7.0.1',
  uptimeMsec: 1000,
  replicaSetName: 'rs0' as string | null,
  ...overrides,
});

describe('hostChangeEvents', () => {
  it('should say nothing on first sight or about a host reported down', () => {
    expect(hostChangeEvents(undefined, host({ typeName: 'REPLICA_PRIMARY' }))).toEqual([]);
    expect(hostChangeEvents(host(), host({ up: false, typeName: 'REPLICA_PRIMARY' }))).toEqual([]);
  });

  it('should name a new primary of a replica set, and no election without a replica set name', () => {
    expect(hostChangeEvents(host(), host({ typeName: 'REPLICA_PRIMARY' }))).toEqual([
      'HOST_NOW_PRIMARY',
      'PRIMARY_ELECTED',
    ]);
    expect(
      hostChangeEvents(
        host({ replicaSetName: null }),
        host({ typeName: 'REPLICA_PRIMARY', replicaSetName: null }),
      ),
    ).toEqual(['HOST_NOW_PRIMARY']);
  });

  it('should treat a member coming back up in a state as a change of state', () => {
    expect(hostChangeEvents(host({ up: false }), host())).toEqual(['HOST_NOW_SECONDARY']);
  });

  it('should name recovering and recovered', () => {
    expect(hostChangeEvents(host(), host({ typeName: 'RECOVERING' }))).toEqual(['HOST_RECOVERING']);
    expect(hostChangeEvents(host({ typeName: 'RECOVERING' }), host())).toEqual([
      'HOST_NOW_SECONDARY',
      'HOST_RECOVERED',
    ]);
  });

  it('should name version changes with their direction, and ignore an unknown version', () => {
    expect(hostChangeEvents(host(), host({ version: '7.0.12' }))).toEqual([
      'VERSION_CHANGED',
      'HOST_UPGRADED',
    ]);
    expect(hostChangeEvents(host(), host({ version: '6.0.1' }))).toEqual([
      'VERSION_CHANGED',
      'HOST_DOWNGRADED',
    ]);
    expect(hostChangeEvents(host({ version: null }), host())).toEqual([]);
  });

  it('should take an uptime that went backwards as a restart', () => {
    expect(hostChangeEvents(host({ uptimeMsec: 5000 }), host({ uptimeMsec: 10 }))).toEqual([
      'HOST_RESTARTED',
    ]);
    expect(hostChangeEvents(host({ uptimeMsec: 5000 }), host({ uptimeMsec: 6000 }))).toEqual([]);
  });
});

describe('hostChangeFacts', () => {
  const before = host({ version: '7.0.5' });
  const after = host({ version: '7.0.6', typeName: 'REPLICA_PRIMARY' });

  it('should give the versions to the version events only when one report changes state and version', () => {
    const facts = Object.fromEntries(
      hostChangeEvents(before, after).map((type) => [type, hostChangeFacts(type, before, after)]),
    );
    expect(facts).toEqual({
      HOST_NOW_PRIMARY: {},
      PRIMARY_ELECTED: {},
      VERSION_CHANGED: { previousVersion: '7.0.5', version: '7.0.6' },
      HOST_UPGRADED: { previousVersion: '7.0.5', version: '7.0.6' },
    });
  });

  it('should give a restart no versions when the version changed in the same report', () => {
    const restarted = host({ version: '6.0.1', uptimeMsec: 10 });
    expect(hostChangeFacts('HOST_RESTARTED', before, restarted)).toEqual({});
    expect(hostChangeFacts('HOST_DOWNGRADED', before, restarted)).toEqual({
      previousVersion: '7.0.5',
      version: '6.0.1',
    });
  });
});
