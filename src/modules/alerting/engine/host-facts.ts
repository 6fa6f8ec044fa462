// What the engine knows about a host when it evaluates it: the fields matchers read, and whether the
// host's alerts are on (the host's alertsEnabled).
export interface HostFacts {
  hostId: string;
  hostname: string;
  port: number;
  typeName: string;
  replicaSetName: string | null;
  clusterName: string | null;
  alertsEnabled: boolean;
}
