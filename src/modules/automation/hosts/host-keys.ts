import { createHash } from 'node:crypto';

export function hostAndPort(hostname: string, port: number): string {
  return `${hostname}:${port}`;
}

// `{hostname}:{port}` of the byName route; the port follows the last colon (IPv6 names keep theirs).
export function parseHostAndPort(value: string): { hostname: string; port: number } | undefined {
  const colon = value.lastIndexOf(':');
  if (colon <= 0) return undefined;
  const hostname = value.slice(0, colon).replace(/^\[(.*)\]$/, '$1');
  const portText = value.slice(colon + 1);
  if (!/^\d{1,5}$/.test(portText)) return undefined;
  const port = Number(portText);
  return port >= 1 && port <= 65535 && hostname !== '' ? { hostname, port } : undefined;
}

// The cluster a host belongs to: its sharded cluster (clusterName) or else its replica set. The id is
// derived, not stored elsewhere, so every host of one cluster gets the same 24-hex id with no registry.
export function clusterIdOf(
  groupId: string,
  clusterName: string | null | undefined,
  replicaSetName: string | null | undefined,
): string | null {
  const name = clusterName ?? replicaSetName;
  if (name === undefined || name === null || name === '') return null;
  const kind = clusterName ? 'cluster' : 'replicaSet';
  return createHash('sha256').update(`${groupId}\u0000${kind}\u0000${name}`).digest('hex').slice(0, 24);
}
