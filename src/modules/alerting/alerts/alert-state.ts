// The alert's life (the product's alert states): TRACKING while the condition has not outlasted the
// notification delay, then OPEN, then CLOSED when it resolves; a TRACKING or OPEN alert whose
// condition became meaningless (target or configuration gone, condition ended while tracking) is
// CANCELLED. CLOSED and CANCELLED are final: a recurring condition opens a new alert.
export const ALERT_STATUSES = ['TRACKING', 'OPEN', 'CLOSED', 'CANCELLED'] as const;

export type AlertStatus = (typeof ALERT_STATUSES)[number];

const NEXT: Record<AlertStatus, readonly AlertStatus[]> = {
  TRACKING: ['OPEN', 'CANCELLED'],
  OPEN: ['CLOSED', 'CANCELLED'],
  CLOSED: [],
  CANCELLED: [],
};

// A caller (the alert engine) asked for a move the model forbids: a programming error, never a client's.
export class IllegalAlertTransitionError extends Error {
  constructor(
    readonly alertId: string,
    readonly from: AlertStatus,
    readonly to: AlertStatus,
  ) {
    super(`alert ${alertId} cannot move from ${from} to ${to}`);
    this.name = 'IllegalAlertTransitionError';
  }
}

export function isAlertStatus(value: string): value is AlertStatus {
  return (ALERT_STATUSES as readonly string[]).includes(value);
}

export function canTransition(from: AlertStatus, to: AlertStatus): boolean {
  return NEXT[from].includes(to);
}

export function isTerminal(status: AlertStatus): boolean {
  return NEXT[status].length === 0;
}

// TRACKING and OPEN alerts hold the (configuration, target) slot: at most one at a time.
export function isActive(status: AlertStatus): boolean {
  return status === 'TRACKING' || status === 'OPEN';
}

export interface AlertStateChange {
  status: AlertStatus;
  updated: Date;
  // Set only by the move to CLOSED (the product: `resolved` is present when status is CLOSED).
  resolved?: Date;
}

export function transition(alertId: string, from: AlertStatus, to: AlertStatus, at: Date): AlertStateChange {
  if (!canTransition(from, to)) throw new IllegalAlertTransitionError(alertId, from, to);
  return to === 'CLOSED' ? { status: to, updated: at, resolved: at } : { status: to, updated: at };
}

export interface Acknowledgement {
  until: Date;
  comment?: string;
  username: string;
}

// An acknowledgement lapses by itself: past its `until` the alert reads as unacknowledged,
// without anything having to run at that moment.
export function currentAcknowledgement(
  stored: { until: Date | null; comment: string | null; username: string | null },
  now: Date,
): Acknowledgement | undefined {
  if (stored.until === null || stored.username === null || stored.until.getTime() <= now.getTime()) {
    return undefined;
  }
  return stored.comment === null
    ? { until: stored.until, username: stored.username }
    : { until: stored.until, comment: stored.comment, username: stored.username };
}

// Acknowledging (or unacknowledging) changes what notifications an unresolved alert sends; a
// CLOSED or CANCELLED alert sends none and is a record of the past, so it is left as it was.
export function canChangeAcknowledgement(status: AlertStatus): boolean {
  return !isTerminal(status);
}
