import type { LinkResponse } from '../../../platform/http/pagination/link.response';
import { toIsoSeconds } from '../../../platform/http/timestamps';
import type { DeliveryAttemptEntity } from '../queue/delivery-attempt.entity';
import type { DeliveryEntity } from '../queue/delivery.entity';
import type { DeliveryAttemptResponse, DeliveryResponse } from './dto/delivery.response';

export function deliveryPath(groupId: string, deliveryId: string): string {
  return `/groups/${groupId}/deliveries/${deliveryId}`;
}

// The receiver itself (target, with its secrets) and the alert snapshot are never shown.
export function toDeliveryResponse(
  delivery: DeliveryEntity,
  attempts: DeliveryAttemptEntity[],
  links: LinkResponse[],
): DeliveryResponse {
  const response: DeliveryResponse = {
    id: delivery.id,
    groupId: delivery.groupId,
    alertId: delivery.alertId,
    alertConfigId: delivery.alertConfigId,
    notificationTypeName: delivery.notificationTypeName,
    targetType: delivery.targetType,
    eventKind: delivery.eventKind,
    status: delivery.status,
    // Older attempt rows are pruned (DELIVERY_ATTEMPTS_KEPT); the delivery counts them all.
    attemptCount: delivery.attemptCount,
    created: toIsoSeconds(delivery.created),
    updated: toIsoSeconds(delivery.updated),
    attempts: attempts.map(toAttemptResponse),
    links,
  };
  if (delivery.notificationIndex !== null) response.notificationIndex = delivery.notificationIndex;
  if (delivery.recipient !== null) response.recipient = delivery.recipient;
  if (delivery.nextAttemptAt !== null) response.nextAttemptAt = toIsoSeconds(delivery.nextAttemptAt);
  if (delivery.lastStatusCode !== null) response.lastStatusCode = delivery.lastStatusCode;
  if (delivery.lastError !== null) response.lastError = delivery.lastError;
  if (delivery.suppressedBy !== null) response.suppressedBy = delivery.suppressedBy;
  if (delivery.suppressionReason !== null) response.suppressionReason = delivery.suppressionReason;
  if (delivery.redeliveryOf !== null) response.redeliveryOf = delivery.redeliveryOf;
  if (delivery.notificationGroupId !== null) response.notificationGroupId = delivery.notificationGroupId;
  if (delivery.alertIds !== null) response.alertIds = delivery.alertIds;
  if (delivery.completed !== null) response.completed = toIsoSeconds(delivery.completed);
  return response;
}

function toAttemptResponse(attempt: DeliveryAttemptEntity): DeliveryAttemptResponse {
  const response: DeliveryAttemptResponse = {
    attemptNumber: attempt.attemptNumber,
    started: toIsoSeconds(attempt.started),
    outcome: attempt.outcome,
    latencyMs: attempt.latencyMs,
  };
  if (attempt.statusCode !== null) response.statusCode = attempt.statusCode;
  if (attempt.error !== null) response.error = attempt.error;
  if (attempt.response !== null) response.response = attempt.response;
  if (attempt.nextAttemptAt !== null) response.nextAttemptAt = toIsoSeconds(attempt.nextAttemptAt);
  return response;
}
