import { RE2JS } from 're2js';
import type { HostFacts } from './host-facts';
import { fieldValueOf, matcherMatches, matchesAll } from './host-matchers';

const host: HostFacts = {
  hostId: 'a'.repeat(24),
  hostname: 'db0.example.com',
  port: 27017,
  typeName: 'SHARD_PRIMARY',
  replicaSetName: 'shard-0',
  clusterName: 'shop',
  alertsEnabled: true,
};

describe('host matchers', () => {
  it('should read each field name from the host', () => {
    expect(fieldValueOf('TYPE_NAME', host)).toBe('PRIMARY');
    expect(fieldValueOf('HOSTNAME', host)).toBe('db0.example.com');
    expect(fieldValueOf('PORT', host)).toBe('27017');
    expect(fieldValueOf('HOSTNAME_AND_PORT', host)).toBe('db0.example.com:27017');
    expect(fieldValueOf('REPLICA_SET_NAME', host)).toBe('shard-0');
    expect(fieldValueOf('SHARD_NAME', host)).toBe('shard-0');
    expect(fieldValueOf('CLUSTER_NAME', host)).toBe('shop');
  });

  it('should name no shard for a replica set member outside a sharded cluster', () => {
    expect(fieldValueOf('SHARD_NAME', { ...host, typeName: 'REPLICA_PRIMARY' })).toBeUndefined();
    expect(fieldValueOf('TYPE_NAME', { ...host, typeName: 'REPLICA_ARBITER' })).toBe('ARBITER');
    expect(fieldValueOf('TYPE_NAME', { ...host, typeName: 'SHARD_MONGOS' })).toBe('MONGOS');
  });

  it.each([
    ['EQUALS', 'db0.example.com', true],
    ['EQUALS', 'db1.example.com', false],
    ['NOT_EQUALS', 'db1.example.com', true],
    ['NOT_EQUALS', 'db0.example.com', false],
    ['CONTAINS', 'example', true],
    ['CONTAINS', 'other', false],
    ['NOT_CONTAINS', 'other', true],
    ['NOT_CONTAINS', 'example', false],
    ['STARTS_WITH', 'db0', true],
    ['STARTS_WITH', 'example', false],
    ['ENDS_WITH', '.com', true],
    ['ENDS_WITH', 'db0', false],
    ['REGEX', '^db[0-9]\\.', true],
    ['REGEX', '^web', false],
    ['REGEX', '([', false],
  ])('should apply %s %s to HOSTNAME as %s', (operator, value, expected) => {
    expect(matcherMatches({ fieldName: 'HOSTNAME', operator, value }, host)).toBe(expected);
  });

  it('should match no operator, negative ones included, on a field the host lacks', () => {
    const standalone = { ...host, typeName: 'STANDALONE', replicaSetName: null, clusterName: null };
    expect(
      matcherMatches({ fieldName: 'REPLICA_SET_NAME', operator: 'NOT_EQUALS', value: 'rs0' }, standalone),
    ).toBe(false);
  });

  it('should require every matcher and accept any host without matchers', () => {
    expect(matchesAll([], host)).toBe(true);
    expect(
      matchesAll(
        [
          { fieldName: 'TYPE_NAME', operator: 'EQUALS', value: 'PRIMARY' },
          { fieldName: 'PORT', operator: 'EQUALS', value: '27017' },
        ],
        host,
      ),
    ).toBe(true);
    expect(
      matchesAll(
        [
          { fieldName: 'TYPE_NAME', operator: 'EQUALS', value: 'PRIMARY' },
          { fieldName: 'PORT', operator: 'EQUALS', value: '27018' },
        ],
        host,
      ),
    ).toBe(false);
  });

  it('should compile a REGEX matcher once and test each distinct value once when asked again and again', () => {
    // Distinct sources, so the shared cache of recent patterns cannot already hold them.
    const matchers = Array.from({ length: 300 }, (_, index) => ({
      fieldName: 'HOSTNAME',
      operator: 'REGEX',
      value: `^db[0-9]\\.example\\.com$|^never-${index}$`,
    }));
    const compile = jest.spyOn(RE2JS, 'compile');
    const find = jest.spyOn(RE2JS.prototype, 'matcher');
    try {
      for (let report = 0; report < 3; report++) {
        for (const matcher of matchers) expect(matcherMatches(matcher, host)).toBe(true);
      }
      expect(compile).toHaveBeenCalledTimes(300);
      expect(find).toHaveBeenCalledTimes(300);
    } finally {
      compile.mockRestore();
      find.mockRestore();
    }
  });
});
