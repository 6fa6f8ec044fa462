import type { Notification } from '../../alerting';

const MINUTE_MS = 60_000;

export interface PlannedNotification {
  notifiedCount: number;
  lastNotified: Date | null;
  // When the alert opened (the schedule was written then).
  created: Date;
}

// An open alert's notification after its configuration was replaced, when the notification still names
// the same receiver (everything but delayMin and intervalMin unchanged): the new timing applies from the
// next notification, i.e. intervalMin after the last one sent, or, before the first, delayMin after the
// alert was raised (not before it opened). Undefined when the receiver changed: the schedule keeps the
// receivers it told of the opening, so the ending reaches them, and its timing.
export function replannedDueAt(
  planned: PlannedNotification,
  sent: Notification,
  replacement: Notification | undefined,
  alertCreated: Date,
): Date | undefined {
  if (replacement === undefined || receiverOf(sent) !== receiverOf(replacement)) return undefined;
  if (planned.notifiedCount > 0 && planned.lastNotified !== null) {
    return new Date(planned.lastNotified.getTime() + replacement.intervalMin * MINUTE_MS);
  }
  return new Date(
    Math.max(planned.created.getTime(), alertCreated.getTime() + replacement.delayMin * MINUTE_MS),
  );
}

function receiverOf(notification: Notification): string {
  const fields = Object.entries(notification)
    .filter(([name]) => name !== 'delayMin' && name !== 'intervalMin')
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify(fields);
}
