// The common shape of every audit and domain event (the product's event record). The actor
// (apiKeyId/publicKey or userId/username, remoteAddress) is filled in by the recorder from the
// current request, so publishers only describe what happened and to what.
export interface DomainEvent {
  eventTypeName: string;
  orgId?: string;
  groupId?: string;
  // Subject fields of the product's event record, e.g. alertId, alertConfigId, maintenanceWindowId,
  // targetPublicKey, targetUsername, accessListEntry, hostId, hostname, port, metricName, currentValue.
  subject?: EventSubject;
  diffs?: EventDiff[];
  // Extra meta information, returned only with includeRaw=true.
  raw?: Record<string, unknown>;
  // Set when the event was not caused by an API caller (engine, agents); otherwise taken from the request.
  actor?: EventActor | null;
  occurredAt?: Date;
}

export interface EventSubject {
  alertId?: string;
  alertConfigId?: string;
  maintenanceWindowId?: string;
  targetPublicKey?: string;
  targetUsername?: string;
  accessListEntry?: string;
  teamId?: string;
  clusterId?: string;
  clusterName?: string;
  hostId?: string;
  hostname?: string;
  port?: number;
  replicaSetName?: string;
  shardName?: string;
  metricName?: string;
  currentValue?: { number: number; units: string };
}

export interface EventDiff {
  id?: string;
  name?: string;
  status?: string;
  type?: string;
  params?: Array<{ display?: string; new?: unknown; old?: unknown; param?: string }>;
}

export interface EventActor {
  apiKeyId?: string;
  publicKey?: string;
  userId?: string;
  username?: string;
  remoteAddress?: string;
  isGlobalAdmin?: boolean;
}

// Channel prefix on the event emitter: `domain.<EVENT_TYPE_NAME>`; the events context listens to `domain.*`.
export const DOMAIN_EVENT_PREFIX = 'domain.';

export function domainEventChannel(eventTypeName: string): string {
  return `${DOMAIN_EVENT_PREFIX}${eventTypeName}`;
}
