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

// Channel of the events published together (EventPublisher.publishMany), as one array: the events context
// writes them with one statement. Outside DOMAIN_EVENT_PREFIX, so `domain.**` listeners never see it.
export const DOMAIN_EVENT_BATCH_CHANNEL = 'domain-batch';

const writtenWithBatch = new WeakSet<DomainEvent>();

// Marks events as written by the batch channel's listener, before each is emitted on its own channel.
export function markWrittenWithBatch(events: readonly DomainEvent[]): void {
  for (const event of events) writtenWithBatch.add(event);
}

// Whether the event's row was written with its batch: the per-event recorder leaves it.
export function isWrittenWithBatch(event: DomainEvent): boolean {
  return writtenWithBatch.has(event);
}

// The event map: event type name -> type of its `raw`. Each context adds the events it publishes to it
// beside their names, in its `<context>.events.ts`, by declaration merging (the platform imports no
// context). An event another context listens to must be here: @OnDomainEvent takes only these names, and
// publish() then requires the mapped `raw`, so both sides are checked by the compiler.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the contexts
export interface DomainEventRawMap {}

export type DomainEventName = keyof DomainEventRawMap;

// A mapped event's `raw` is required unless its type admits undefined; other names keep the loose `raw`
// (the alert engine publishes names chosen at run time, e.g. an alert's own eventTypeName). The
// intersection keeps a typed event assignable to DomainEvent, for code that takes any event.
type RawOf<K extends string> = K extends DomainEventName
  ? undefined extends DomainEventRawMap[K]
    ? { raw?: NonNullable<DomainEventRawMap[K]> & Record<string, unknown> }
    : { raw: DomainEventRawMap[K] & Record<string, unknown> }
  : { raw?: Record<string, unknown> };

// The event as published and as received: distributive, so a union of names is a union of events.
export type DomainEventOf<K extends string> = K extends string
  ? Omit<DomainEvent, 'eventTypeName' | 'raw'> & { eventTypeName: K } & RawOf<K>
  : never;
