import type { AlertResponse } from '../../alerting';
import type { AlertContext } from '../notifiers';
import type { DeliveryStatus } from './delivery.entity';

// What DeliveryStore (delivery.store.ts) takes and answers.

export interface ClaimRequest {
  // Fresh for each claim: each batch's lease owner is derived from it.
  nonce: string;
  // At most this many batches for this claim (the caller's free slots).
  limit: number;
  // At most this many deliveries to one receiver in one batch, for the receivers in `batched`; one for
  // the others.
  batchSize: number;
  // Receivers (receiverKey) whose last call from the caller succeeded.
  batched: string[];
  // At most this many slots of one organization, and of one project, busy at once across every instance.
  perOrg: number;
  perProject: number;
  // The caller's leased rows whose calls have ended (their records are being written): no longer busy.
  answered: string[];
  now: Date;
  leaseUntil: Date;
}

// A batch claimed: its lease owner, and its deliveries' ids.
export interface ClaimedBatch {
  lease: string;
  ids: string[];
}

// The new state of one delivery after an attempt.
export interface DeliveryOutcome {
  id: string;
  // The batch's lease owner the attempt was made under.
  lease: string;
  status: DeliveryStatus;
  nextAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastError: string | null;
}

export interface DeliveryQueueFigures {
  // Pending deliveries, at most `cap` (the count stops there).
  depth: number;
  // The oldest next attempt that is already due, if any.
  oldestDue: Date | null;
}

// The filters of the project's delivery log.
export interface DeliveryLogFilter {
  // Deliveries of this alert: its own messages, and the group messages that carried it (the row's
  // alert_id names only a group message's first alert; alert_ids lists all it carried).
  alertId?: string;
  status?: DeliveryStatus;
  targetType?: string;
}

// A notification group whose receiver was told of alerts it was never told had ended.
export interface GroupToldOpen {
  notificationGroupId: string;
  // Each such alert as the group's latest message told of it; `ended`: a message of the group not sent
  // (queued and never tried, or given up) carried it as ended, and `alert` is as that message had it.
  alerts: Array<{ alert: AlertResponse; ended: boolean }>;
  // The context of the latest message told (the project's and organization's names).
  context: AlertContext;
  // While a message of the group is still in flight: when its lease ends.
  busyUntil: Date | null;
}
