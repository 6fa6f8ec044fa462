import {
  ALERT_STATUSES,
  AlertStatus,
  IllegalAlertTransitionError,
  canChangeAcknowledgement,
  canTransition,
  currentAcknowledgement,
  isActive,
  isAlertStatus,
  isTerminal,
  transition,
} from './alert-state';

const at = new Date('2024-01-15T10:30:00Z');

describe('alert state machine', () => {
  const allowed: Array<[AlertStatus, AlertStatus]> = [
    ['TRACKING', 'OPEN'],
    ['TRACKING', 'CANCELLED'],
    ['OPEN', 'CLOSED'],
    ['OPEN', 'CANCELLED'],
  ];

  it.each(allowed)('should allow %s -> %s', (from, to) => {
    expect(canTransition(from, to)).toBe(true);
    expect(transition('a1', from, to, at).status).toBe(to);
  });

  const forbidden = ALERT_STATUSES.flatMap((from) =>
    ALERT_STATUSES.filter((to) => !allowed.some(([f, t]) => f === from && t === to)).map(
      (to) => [from, to] as [AlertStatus, AlertStatus],
    ),
  );

  it.each(forbidden)('should refuse %s -> %s', (from, to) => {
    expect(canTransition(from, to)).toBe(false);
    expect(() => transition('a1', from, to, at)).toThrow(IllegalAlertTransitionError);
  });

  it('should refuse every move out of CLOSED and CANCELLED, including reopening', () => {
    for (const from of ['CLOSED', 'CANCELLED'] as const) {
      expect(isTerminal(from)).toBe(true);
      for (const to of ALERT_STATUSES) expect(canTransition(from, to)).toBe(false);
    }
  });

  it('should set resolved only when the alert closes', () => {
    expect(transition('a1', 'OPEN', 'CLOSED', at)).toEqual({ status: 'CLOSED', updated: at, resolved: at });
    expect(transition('a1', 'OPEN', 'CANCELLED', at)).toEqual({ status: 'CANCELLED', updated: at });
    expect(transition('a1', 'TRACKING', 'OPEN', at)).toEqual({ status: 'OPEN', updated: at });
  });

  it('should name the alert and both states when a move is refused', () => {
    expect(() => transition('5e8cc670a16506712e0b1e95', 'CLOSED', 'OPEN', at)).toThrow(
      'alert 5e8cc670a16506712e0b1e95 cannot move from CLOSED to OPEN',
    );
  });

  it('should count only TRACKING and OPEN as active', () => {
    expect(ALERT_STATUSES.filter(isActive)).toEqual(['TRACKING', 'OPEN']);
  });

  it('should recognise exactly the four statuses', () => {
    expect(ALERT_STATUSES.every(isAlertStatus)).toBe(true);
    expect(isAlertStatus('open')).toBe(false);
    expect(isAlertStatus('ACKNOWLEDGED')).toBe(false);
  });

  it('should let only unresolved alerts change their acknowledgement', () => {
    expect(ALERT_STATUSES.filter(canChangeAcknowledgement)).toEqual(['TRACKING', 'OPEN']);
  });
});

describe('currentAcknowledgement', () => {
  const until = new Date('2024-01-15T12:00:00Z');
  const stored = { until, comment: 'known', username: 'jane@example.com' };

  it('should return the acknowledgement while its time has not come', () => {
    expect(currentAcknowledgement(stored, new Date('2024-01-15T11:59:59Z'))).toEqual({
      until,
      comment: 'known',
      username: 'jane@example.com',
    });
  });

  it('should lapse at the acknowledgedUntil instant', () => {
    expect(currentAcknowledgement(stored, until)).toBeUndefined();
    expect(currentAcknowledgement(stored, new Date('2024-01-16T00:00:00Z'))).toBeUndefined();
  });

  it('should leave the comment out when none was given', () => {
    expect(currentAcknowledgement({ ...stored, comment: null }, at)).toEqual({
      until,
      username: 'jane@example.com',
    });
  });

  it('should return nothing when the alert was never acknowledged', () => {
    expect(currentAcknowledgement({ until: null, comment: null, username: null }, at)).toBeUndefined();
  });
});
