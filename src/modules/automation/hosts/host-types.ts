// typeName of the product's host resource (OM "Hosts": the kinds of MongoDB process it reports).
export const HOST_TYPE_NAMES = [
  'STANDALONE',
  'REPLICA_PRIMARY',
  'REPLICA_SECONDARY',
  'REPLICA_ARBITER',
  'RECOVERING',
  'MASTER',
  'SLAVE',
  'SHARD_MONGOS',
  'SHARD_CONFIG',
  'SHARD_STANDALONE',
  'SHARD_PRIMARY',
  'SHARD_SECONDARY',
  'NO_DATA',
] as const;

export type HostTypeName = (typeof HOST_TYPE_NAMES)[number];

// A host added through the API has no type until an agent reports it.
export const UNREPORTED_TYPE_NAME: HostTypeName = 'NO_DATA';

const REPLICA_STATES: Partial<Record<string, string>> = {
  REPLICA_PRIMARY: 'PRIMARY',
  SHARD_PRIMARY: 'PRIMARY',
  REPLICA_SECONDARY: 'SECONDARY',
  SHARD_SECONDARY: 'SECONDARY',
  REPLICA_ARBITER: 'ARBITER',
  RECOVERING: 'RECOVERING',
};

export function replicaStateNameOf(typeName: string): string | undefined {
  return REPLICA_STATES[typeName];
}

export function isShardMember(typeName: string): boolean {
  return typeName === 'SHARD_PRIMARY' || typeName === 'SHARD_SECONDARY' || typeName === 'SHARD_STANDALONE';
}
