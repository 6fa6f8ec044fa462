import { linearRegex, PatternRefusedError } from '../../../platform/text/linear-regex';
import type { Matcher } from '../alert-configs/alert-config.types';
import type { HostFacts } from './host-facts';

// The host's typeName as a TYPE_NAME matcher spells it (catalog/matchers.ts HOST_TYPE_NAMES).
const MATCHER_TYPE_OF: Record<string, string> = {
  STANDALONE: 'STANDALONE',
  SHARD_STANDALONE: 'STANDALONE',
  REPLICA_PRIMARY: 'PRIMARY',
  SHARD_PRIMARY: 'PRIMARY',
  MASTER: 'PRIMARY',
  REPLICA_SECONDARY: 'SECONDARY',
  SHARD_SECONDARY: 'SECONDARY',
  SLAVE: 'SECONDARY',
  REPLICA_ARBITER: 'ARBITER',
  SHARD_MONGOS: 'MONGOS',
  SHARD_CONFIG: 'CONFIG',
};

const SHARD_MEMBER_TYPES = new Set(['SHARD_PRIMARY', 'SHARD_SECONDARY', 'SHARD_STANDALONE']);

// The value a matcher's fieldName reads from the host; undefined when the host has none (e.g. no
// replica set), which no operator matches, NOT_EQUALS and NOT_CONTAINS included.
export function fieldValueOf(fieldName: string, host: HostFacts): string | undefined {
  switch (fieldName) {
    case 'TYPE_NAME':
      return MATCHER_TYPE_OF[host.typeName];
    case 'HOSTNAME':
      return host.hostname;
    case 'PORT':
      return String(host.port);
    case 'HOSTNAME_AND_PORT':
      return `${host.hostname}:${host.port}`;
    case 'REPLICA_SET_NAME':
      return host.replicaSetName ?? undefined;
    case 'SHARD_NAME':
      return host.replicaSetName !== null && SHARD_MEMBER_TYPES.has(host.typeName)
        ? host.replicaSetName
        : undefined;
    case 'CLUSTER_NAME':
      return host.clusterName ?? undefined;
    default:
      return undefined;
  }
}

export function matcherMatches(matcher: Matcher, host: HostFacts): boolean {
  return valueMatches(matcher, fieldValueOf(matcher.fieldName, host));
}

// One matcher's operator against the value its field has on the subject (a host, a replica set, an
// alert); undefined (the subject has no such field) matches nothing.
export function valueMatches(matcher: Matcher, actual: string | undefined): boolean {
  if (actual === undefined) return false;
  const expected = matcher.value;
  switch (matcher.operator) {
    case 'EQUALS':
      return actual === expected;
    case 'NOT_EQUALS':
      return actual !== expected;
    case 'CONTAINS':
      return actual.includes(expected);
    case 'NOT_CONTAINS':
      return !actual.includes(expected);
    case 'STARTS_WITH':
      return actual.startsWith(expected);
    case 'ENDS_WITH':
      return actual.endsWith(expected);
    case 'REGEX':
      return regexTest(expected, actual);
    default:
      return false;
  }
}

// A configuration applies to a host when every matcher matches (none: every host).
export function matchesAll(matchers: readonly Matcher[], host: HostFacts): boolean {
  return matchers.every((matcher) => matcherMatches(matcher, host));
}

// Runs in the linear-time engine (a hostile pattern cannot stall the report); a pattern it refuses
// (saved before patterns were checked) matches nothing rather than failing the report.
function regexTest(pattern: string, value: string): boolean {
  try {
    return linearRegex(pattern).test(value);
  } catch (error) {
    if (error instanceof PatternRefusedError) return false;
    throw error;
  }
}
