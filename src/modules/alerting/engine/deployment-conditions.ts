import type { Threshold } from '../alert-configs/alert-config.types';

const DAY_MS = 24 * 60 * 60 * 1000;
// The product's default configuration: "Host's SSL certificate will expire within 30 days".
export const SSL_CERTIFICATE_STALE_DAYS = 30;

export type Condition = 'OUTSIDE' | 'INSIDE';

export interface MemberFacts {
  typeName: string;
  up: boolean;
}

export interface StateHostFacts extends MemberFacts {
  sslCertificateNotAfter: Date | null;
}

const PRIMARY_TYPES = new Set(['REPLICA_PRIMARY', 'SHARD_PRIMARY', 'MASTER']);
// Members that serve the set: primaries, secondaries, arbiters (voting, reachable).
const HEALTHY_TYPES = new Set([
  'REPLICA_PRIMARY',
  'SHARD_PRIMARY',
  'MASTER',
  'REPLICA_SECONDARY',
  'SHARD_SECONDARY',
  'SLAVE',
  'REPLICA_ARBITER',
]);

export function isPrimary(member: MemberFacts): boolean {
  return member.up && PRIMARY_TYPES.has(member.typeName);
}

// A member is healthy when it is reachable and primary, secondary or arbiter; down, recovering or of no
// known state is unhealthy.
export function isHealthy(member: MemberFacts): boolean {
  return member.up && HEALTHY_TYPES.has(member.typeName);
}

// HOST_RECOVERING and HOST_SSL_CERTIFICATE_STALE for one host. A host without a reported certificate
// expiry has nothing stale; a down host keeps whatever its last report said.
export function hostCondition(eventTypeName: string, host: StateHostFacts, now: Date): Condition | undefined {
  switch (eventTypeName) {
    case 'HOST_RECOVERING':
      if (!host.up) return undefined;
      return host.typeName === 'RECOVERING' ? 'OUTSIDE' : 'INSIDE';
    case 'HOST_SSL_CERTIFICATE_STALE':
      if (host.sslCertificateNotAfter === null) return 'INSIDE';
      return host.sslCertificateNotAfter.getTime() - now.getTime() <= SSL_CERTIFICATE_STALE_DAYS * DAY_MS
        ? 'OUTSIDE'
        : 'INSIDE';
    default:
      return undefined;
  }
}

export interface ReplicaSetView {
  primaries: number;
  healthy: number;
  unhealthy: number;
}

export function replicaSetView(members: readonly MemberFacts[]): ReplicaSetView {
  const healthy = members.filter(isHealthy).length;
  return { primaries: members.filter(isPrimary).length, healthy, unhealthy: members.length - healthy };
}

// The replica-set conditions, with the numbers they read (currentValue of the alert).
export function replicaSetCondition(
  eventTypeName: string,
  view: ReplicaSetView,
  threshold: Threshold | null,
): { condition: Condition; value: number } | undefined {
  switch (eventTypeName) {
    case 'NO_PRIMARY':
      return { condition: view.primaries === 0 ? 'OUTSIDE' : 'INSIDE', value: view.primaries };
    case 'MULTIPLE_PRIMARIES':
      return { condition: view.primaries > 1 ? 'OUTSIDE' : 'INSIDE', value: view.primaries };
    case 'TOO_FEW_HEALTHY_MEMBERS':
      return threshold ? { condition: crosses(threshold, view.healthy), value: view.healthy } : undefined;
    case 'TOO_MANY_UNHEALTHY_MEMBERS':
      return threshold ? { condition: crosses(threshold, view.unhealthy), value: view.unhealthy } : undefined;
    default:
      return undefined;
  }
}

// CLUSTER_MONGOS_IS_MISSING: a sharded cluster whose known mongos processes are all down.
export function clusterCondition(members: readonly MemberFacts[]): Condition | undefined {
  const mongos = members.filter((member) => member.typeName === 'SHARD_MONGOS');
  if (mongos.length === 0) return undefined;
  return mongos.some((member) => member.up) ? 'INSIDE' : 'OUTSIDE';
}

function crosses(threshold: Threshold, value: number): Condition {
  const outside =
    threshold.operator === 'GREATER_THAN' ? value > threshold.threshold : value < threshold.threshold;
  return outside ? 'OUTSIDE' : 'INSIDE';
}
