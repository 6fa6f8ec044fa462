import type { MatcherTarget } from './event-types';

// Matcher field names and operators, as the product's alert configuration reference lists them.
export const MATCHER_FIELD_NAMES = [
  'TYPE_NAME',
  'HOSTNAME',
  'PORT',
  'HOSTNAME_AND_PORT',
  'REPLICA_SET_NAME',
  'SHARD_NAME',
  'CLUSTER_NAME',
] as const;
export type MatcherFieldName = (typeof MATCHER_FIELD_NAMES)[number];

export const MATCHER_OPERATORS = [
  'EQUALS',
  'NOT_EQUALS',
  'CONTAINS',
  'NOT_CONTAINS',
  'STARTS_WITH',
  'ENDS_WITH',
  'REGEX',
] as const;
export type MatcherOperator = (typeof MATCHER_OPERATORS)[number];

// Host alerts use the first five field names, replica-set alerts the last three; a sharded-cluster alert
// can only be narrowed by its cluster name.
export const MATCHER_FIELDS_BY_TARGET: Record<MatcherTarget, readonly MatcherFieldName[]> = {
  HOST: ['TYPE_NAME', 'HOSTNAME', 'PORT', 'HOSTNAME_AND_PORT', 'REPLICA_SET_NAME'],
  REPLICA_SET: ['REPLICA_SET_NAME', 'SHARD_NAME', 'CLUSTER_NAME'],
  CLUSTER: ['CLUSTER_NAME'],
};

// Values of a TYPE_NAME matcher (Atlas v2 MatcherHostType, without Atlas-only MONGOT).
export const HOST_TYPE_NAMES = ['STANDALONE', 'PRIMARY', 'SECONDARY', 'ARBITER', 'MONGOS', 'CONFIG'] as const;

// At most this many matchers on one alert configuration or maintenance window: every matcher is tested
// against every host of every report, and the product's own UI offers a handful.
export const MAX_MATCHERS = 20;
// The REGEX matchers of one configuration or window together compile to at most this many instructions
// (one pattern may use up to 1,000): what matching one host against them costs is proportional to it.
export const MAX_MATCHER_PROGRAM_SIZE = 2_000;
