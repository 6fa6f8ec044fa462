import type { DomainEvent, EventActor } from '../../platform/events/domain-event';
import type { LinkResponse } from '../../platform/http/pagination/link.response';
import { toIsoSeconds } from '../../platform/http/timestamps';
import { newObjectId } from '../../platform/ids/object-id';
import type { EventResponse } from './dto/event.response';
import type { EventEntity, EventSubjectRecord } from './event.entity';

// Subject fields of the product's event record that are returned as stored (the filtered ones are columns).
const SUBJECT_FIELDS = [
  'targetPublicKey',
  'targetUsername',
  'accessListEntry',
  'teamId',
  'clusterId',
  'clusterName',
  'hostId',
  'hostname',
  'port',
  'replicaSetName',
  'shardName',
  'collection',
  'database',
  'opType',
  'metricName',
  'currentValue',
  'invoiceId',
  'paymentId',
] as const;

type SubjectField = (typeof SUBJECT_FIELDS)[number];

export function toEventEntity(
  event: DomainEvent,
  actor: EventActor,
  raw: Record<string, unknown>,
): EventEntity {
  const created = event.occurredAt ?? new Date();
  const { alertId, alertConfigId, maintenanceWindowId, ...rest } = event.subject ?? {};
  const byKey = actor.apiKeyId !== undefined || actor.publicKey !== undefined;
  const subject: EventSubjectRecord = {};
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined && value !== null) subject[key] = value;
  }
  return {
    id: newObjectId(created),
    eventTypeName: event.eventTypeName,
    created,
    orgId: event.orgId ?? null,
    groupId: event.groupId ?? null,
    alertId: alertId ?? null,
    alertConfigId: alertConfigId ?? null,
    maintenanceWindowId: maintenanceWindowId ?? null,
    apiKeyId: byKey ? (actor.apiKeyId ?? null) : null,
    publicKey: byKey ? (actor.publicKey ?? null) : null,
    userId: byKey ? null : (actor.userId ?? null),
    username: byKey ? null : (actor.username ?? null),
    remoteAddress: actor.remoteAddress ?? null,
    isGlobalAdmin: actor.isGlobalAdmin ?? false,
    subject,
    diffs: event.diffs && event.diffs.length > 0 ? event.diffs : null,
    raw,
  };
}

export function toEventResponse(
  entity: EventEntity,
  links: LinkResponse[],
  includeRaw: boolean,
): EventResponse {
  const response: EventResponse = {
    id: entity.id,
    eventTypeName: entity.eventTypeName,
    created: toIsoSeconds(entity.created),
    isGlobalAdmin: entity.isGlobalAdmin,
    links,
  };
  if (entity.groupId !== null) response.groupId = entity.groupId;
  if (entity.orgId !== null) response.orgId = entity.orgId;
  if (entity.alertId !== null) response.alertId = entity.alertId;
  if (entity.alertConfigId !== null) response.alertConfigId = entity.alertConfigId;
  if (entity.maintenanceWindowId !== null) response.maintenanceWindowId = entity.maintenanceWindowId;
  if (entity.apiKeyId !== null || entity.publicKey !== null) {
    if (entity.apiKeyId !== null) response.apiKeyId = entity.apiKeyId;
    if (entity.publicKey !== null) response.publicKey = entity.publicKey;
  } else {
    if (entity.userId !== null) response.userId = entity.userId;
    if (entity.username !== null) response.username = entity.username;
  }
  if (entity.remoteAddress !== null) response.remoteAddress = entity.remoteAddress;
  for (const field of SUBJECT_FIELDS) {
    const value = entity.subject[field];
    if (value !== undefined && value !== null) {
      (response as Pick<EventResponse, SubjectField>)[field] = value as never;
    }
  }
  if (entity.diffs !== null) response.diffs = entity.diffs;
  if (includeRaw) response.raw = entity.raw ?? {};
  return response;
}
