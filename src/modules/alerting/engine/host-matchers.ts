import { linearRegex, PatternRefusedError, type LinearRegex } from '../../../platform/text/linear-regex';
import type { Matcher } from '../alert-configs/alert-config.types';
import { performance } from 'node:perf_hooks';
import { setImmediate } from 'node:timers/promises';
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
      return regexMatches(matcher, actual);
    default:
      return false;
  }
}

// A configuration applies to a host when every matcher matches (none: every host).
export function matchesAll(matchers: readonly Matcher[], host: HostFacts): boolean {
  return matchers.every((matcher) => matcherMatches(matcher, host));
}

const SLICE_MS = 20;

// Compiles and answers the REGEX matchers of these configurations for these hosts ahead of a synchronous
// evaluation, giving the event loop a turn every SLICE_MS: many configurations at their caps, loaded
// afresh, cost hundreds of milliseconds of compiling, which then no longer run in one piece.
export async function warmMatchers(
  configs: ReadonlyArray<{ matchers: readonly Matcher[] }>,
  hosts: readonly HostFacts[],
): Promise<void> {
  let sliceStart = performance.now();
  for (const { matchers } of configs) {
    if (!matchers.some((matcher) => matcher.operator === 'REGEX')) continue;
    for (const host of hosts) {
      matchesAll(matchers, host);
      if (performance.now() - sliceStart > SLICE_MS) {
        await setImmediate();
        sliceStart = performance.now();
      }
    }
  }
}

// A REGEX matcher compiled once for the matcher object it belongs to (a configuration loaded by the
// engine keeps its objects for the cache's lifetime), with its answers for the values it has seen: a
// report about known hosts tests no pattern at all, and many patterns across projects never evict each
// other as they would from a shared cache of recent patterns.
interface CompiledMatcher {
  source: string;
  regex: LinearRegex | null;
  answers: Map<string, boolean>;
}

const compiled = new WeakMap<Matcher, CompiledMatcher>();
// Distinct values (hosts, replica sets) remembered per matcher; past it the memory starts over.
const ANSWERS_KEPT = 1_000;

function regexMatches(matcher: Matcher, value: string): boolean {
  let entry = compiled.get(matcher);
  if (entry?.source !== matcher.value) {
    entry = { source: matcher.value, regex: compile(matcher.value), answers: new Map() };
    compiled.set(matcher, entry);
  }
  if (entry.regex === null) return false;
  const known = entry.answers.get(value);
  if (known !== undefined) return known;
  const answer = entry.regex.test(value);
  if (entry.answers.size >= ANSWERS_KEPT) entry.answers.clear();
  entry.answers.set(value, answer);
  return answer;
}

// Runs in the linear-time engine (a hostile pattern cannot stall the report); a pattern it refuses
// (saved before patterns were checked) matches nothing rather than failing the report.
function compile(pattern: string): LinearRegex | null {
  try {
    return linearRegex(pattern);
  } catch (error) {
    if (error instanceof PatternRefusedError) return null;
    throw error;
  }
}
