import { clusterIdOf, parseHostAndPort } from './host-keys';

const GROUP = '5e8cc670a16506712e0b1e95';

describe('parseHostAndPort', () => {
  it.each([
    ['db0.example.com:27017', { hostname: 'db0.example.com', port: 27017 }],
    ['[::1]:27018', { hostname: '::1', port: 27018 }],
    ['10.0.0.1:1', { hostname: '10.0.0.1', port: 1 }],
  ])('should read %s', (value, expected) => {
    expect(parseHostAndPort(value)).toEqual(expected);
  });

  it.each(['db0.example.com', ':27017', 'db0:', 'db0:port', 'db0:0', 'db0:65536', 'db0:123456'])(
    'should refuse %s',
    (value) => {
      expect(parseHostAndPort(value)).toBeUndefined();
    },
  );
});

describe('clusterIdOf', () => {
  it('should give every host of one replica set the same 24-hex id', () => {
    const id = clusterIdOf(GROUP, undefined, 'rs0');
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(clusterIdOf(GROUP, null, 'rs0')).toBe(id);
    expect(clusterIdOf(GROUP, null, 'rs1')).not.toBe(id);
    expect(clusterIdOf('5e8cc670a16506712e0b1e96', null, 'rs0')).not.toBe(id);
  });

  it('should prefer the sharded cluster over the replica set, and give none to a standalone', () => {
    expect(clusterIdOf(GROUP, 'shop', 'rs0')).toBe(clusterIdOf(GROUP, 'shop', 'rs1'));
    expect(clusterIdOf(GROUP, 'rs0', undefined)).not.toBe(clusterIdOf(GROUP, undefined, 'rs0'));
    expect(clusterIdOf(GROUP, undefined, undefined)).toBeNull();
  });
});
