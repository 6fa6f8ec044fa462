import type { HostFacts } from '../engine/host-facts';
import { fieldValueOf } from '../engine/host-matchers';

// What a scoped maintenance window's matchers are read against: the alert's own fields, and the host's
// current facts when the alert is about a host that is still monitored (TYPE_NAME is only known there).
export interface SilencedAlert {
  groupId: string;
  eventTypeName: string;
  // Read by windows that name alert configurations.
  alertConfigId?: string;
  hostId?: string;
  hostnameAndPort?: string;
  replicaSetName?: string;
  clusterName?: string;
}

// The value of a matcher field on the alert's subject; undefined when the subject has no such field.
export function subjectFieldReader(
  alert: SilencedAlert,
  host: HostFacts | null,
): (fieldName: string) => string | undefined {
  if (host !== null) return (fieldName) => fieldValueOf(fieldName, host);
  const separator = alert.hostnameAndPort?.lastIndexOf(':') ?? -1;
  const hostname = separator > 0 ? alert.hostnameAndPort?.slice(0, separator) : undefined;
  const port = separator > 0 ? alert.hostnameAndPort?.slice(separator + 1) : undefined;
  return (fieldName) => {
    switch (fieldName) {
      case 'HOSTNAME':
        return hostname;
      case 'PORT':
        return port;
      case 'HOSTNAME_AND_PORT':
        return alert.hostnameAndPort;
      case 'REPLICA_SET_NAME':
        return alert.replicaSetName;
      // A replica set that belongs to a sharded cluster is one of its shards.
      case 'SHARD_NAME':
        return alert.clusterName === undefined ? undefined : alert.replicaSetName;
      case 'CLUSTER_NAME':
        return alert.clusterName;
      default:
        return undefined;
    }
  };
}
