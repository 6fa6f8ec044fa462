import type { HostSnapshot } from '../../automation';
import type { NewAlert } from '../alerts/alert-details';
import { hostFieldsOf } from './alert-evaluator';
import type { ReplicaSetView } from './deployment-conditions';
import { agentTargetKey } from './event-rules';
import type { HostFacts } from './host-facts';

// What each kind of alert says about its subject, whoever raises it: the evaluation of a report or an
// automation event, or the reconciliation of a configuration just written.

export function replicaSetTargetKey(name: string): string {
  return `replicaSet:${name}`;
}

export function clusterTargetKey(name: string): string {
  return `cluster:${name}`;
}

interface Raised {
  groupId: string;
  alertConfigId: string;
  eventTypeName: string;
}

// A host alert of a state condition (HOST_DOWN, HOST_RECOVERING, HOST_SSL_CERTIFICATE_STALE).
export function hostAlertOf(
  raised: Raised,
  host: HostFacts & { sslCertificateNotAfter?: Date | null },
): NewAlert {
  return {
    ...raised,
    ...hostFieldsOf(host),
    ...(raised.eventTypeName === 'HOST_SSL_CERTIFICATE_STALE' && host.sslCertificateNotAfter
      ? {
          humanReadable: `TLS certificate of ${host.hostname}:${host.port} expires ${host.sslCertificateNotAfter.toISOString()}`,
        }
      : {}),
  };
}

// An agent alert: one per machine the agent runs on.
export function agentAlertOf(raised: Raised, hostname: string): NewAlert {
  return {
    ...raised,
    targetKey: agentTargetKey(hostname),
    humanReadable: `${raised.eventTypeName} on ${hostname}`,
  };
}

export function replicaSetAlertOf(
  raised: Raised,
  name: string,
  members: readonly HostSnapshot[],
  view: ReplicaSetView,
  value: number,
): NewAlert {
  const clusterName = members[0]?.clusterName ?? null;
  return {
    ...raised,
    targetKey: replicaSetTargetKey(name),
    replicaSetName: name,
    ...(members[0]?.clusterId ? { clusterId: members[0].clusterId } : {}),
    ...(clusterName === null ? {} : { clusterName }),
    currentValue: { number: value, units: 'RAW' },
    humanReadable: `Replica set ${name}: ${view.primaries} primary, ${view.healthy} healthy and ${view.unhealthy} unhealthy members`,
  };
}

export function clusterAlertOf(raised: Raised, name: string, members: readonly HostSnapshot[]): NewAlert {
  return {
    ...raised,
    targetKey: clusterTargetKey(name),
    clusterName: name,
    ...(members[0]?.clusterId ? { clusterId: members[0].clusterId } : {}),
    humanReadable: `Sharded cluster ${name} has no reachable mongos`,
  };
}

// What the matchers of a replica-set or cluster configuration read: the set's name, and the cluster and
// shard names its members carry.
export function groupFactsOf(members: readonly HostSnapshot[], replicaSetName: string | null): HostFacts {
  const member = members[0];
  return {
    hostId: '',
    hostname: '',
    port: 0,
    typeName: member?.typeName ?? '',
    replicaSetName,
    clusterName: member?.clusterName ?? null,
    alertsEnabled: true,
  };
}
