import type { Notification } from '../../alerting';
import { replannedDueAt } from './notification-replan';

const MINUTE = 60_000;
const opened = new Date('2024-03-01T10:00:00Z');
const hook = (delayMin: number, intervalMin: number, url = 'https://hooks.example.com/a'): Notification => ({
  typeName: 'WEBHOOK',
  webhookUrl: url,
  delayMin,
  intervalMin,
});

describe('replannedDueAt', () => {
  it('should take the new interval from the last notification sent', () => {
    const sentAt = new Date(opened.getTime() + 2 * MINUTE);
    const planned = { notifiedCount: 1, lastNotified: sentAt, created: opened };
    expect(replannedDueAt(planned, hook(0, 60), hook(0, 5), opened)).toEqual(
      new Date(sentAt.getTime() + 5 * MINUTE),
    );
  });

  it('should take the new delay from when the alert was raised, not before it opened, before the first notification', () => {
    const raised = new Date(opened.getTime() - 10 * MINUTE);
    const planned = { notifiedCount: 0, lastNotified: null, created: opened };
    expect(replannedDueAt(planned, hook(30, 60), hook(15, 60), raised)).toEqual(
      new Date(raised.getTime() + 15 * MINUTE),
    );
    expect(replannedDueAt(planned, hook(30, 60), hook(5, 60), raised)).toEqual(opened);
  });

  it('should leave the schedule alone when the notification names another receiver or is gone', () => {
    const planned = { notifiedCount: 1, lastNotified: opened, created: opened };
    expect(
      replannedDueAt(planned, hook(0, 60), hook(0, 5, 'https://hooks.example.com/b'), opened),
    ).toBeUndefined();
    expect(replannedDueAt(planned, hook(0, 60), undefined, opened)).toBeUndefined();
  });
});
