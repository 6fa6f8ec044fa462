import type { AlertResponse } from '../../alerting';
import type { GroupDocument } from './group-document';
import { groupSummary } from './group-summary';

const alert = (id: string, overrides: Partial<AlertResponse> = {}): AlertResponse => ({
  id,
  groupId: '5e8cc670a16506712e0b1e95',
  alertConfigId: '5e8cc670a16506712e0b1e97',
  eventTypeName: 'HOST_DOWN',
  status: 'OPEN',
  created: '2024-03-01T10:00:00Z',
  updated: '2024-03-01T10:00:00Z',
  hostnameAndPort: `${id}.example.com:27017`,
  tags: [],
  links: [],
  ...overrides,
});

const group = (overrides: Partial<GroupDocument>): GroupDocument => ({
  groupKey: '65a5042e0c2d4b0a9a1b2c40',
  groupId: '5e8cc670a16506712e0b1e95',
  groupLabels: { REPLICA_SET: 'rs0' },
  status: 'OPEN',
  sequence: 1,
  alerts: [alert('h1'), alert('h2')],
  newAlertIds: ['h1', 'h2'],
  resolvedAlertIds: [],
  created: '2024-03-01T10:00:00Z',
  updated: '2024-03-01T10:00:01Z',
  ...overrides,
});

describe('groupSummary', () => {
  it('should be an opening keyed by the group, listing its alerts, when it is the first message', () => {
    const { alert: summary, event } = groupSummary(group({}));
    expect(event).toBe('alert.open');
    expect(summary).toMatchObject({ id: '65a5042e0c2d4b0a9a1b2c40', status: 'OPEN', replicaSetName: 'rs0' });
    expect(summary.humanReadable).toBe(
      '2 open alerts (REPLICA_SET=rs0): HOST_DOWN on h1.example.com:27017; HOST_DOWN on h2.example.com:27017',
    );
  });

  it('should be an update naming the resolved alerts when a later message tells of an ending', () => {
    const closed = alert('h1', { status: 'CLOSED' });
    const { alert: summary, event } = groupSummary(
      group({ sequence: 2, alerts: [alert('h2'), closed], newAlertIds: [], resolvedAlertIds: ['h1'] }),
    );
    expect(event).toBe('alert.update');
    expect(summary.humanReadable).toBe(
      '1 open alert (REPLICA_SET=rs0): HOST_DOWN on h2.example.com:27017: resolved: HOST_DOWN on h1.example.com:27017',
    );
  });

  it('should resolve under the same key when every alert of the group has ended', () => {
    const { alert: summary, event } = groupSummary(
      group({
        status: 'CLOSED',
        sequence: 3,
        alerts: [alert('h2', { status: 'CLOSED' })],
        resolvedAlertIds: ['h2'],
      }),
    );
    expect(event).toBe('alert.close');
    expect(summary).toMatchObject({ id: '65a5042e0c2d4b0a9a1b2c40', status: 'CLOSED' });
  });

  it('should name mixed event types ALERT_GROUP and cut a long list', () => {
    const many = Array.from({ length: 25 }, (_, index) =>
      alert(`h${index}`, { eventTypeName: index % 2 === 0 ? 'HOST_DOWN' : 'OUTSIDE_METRIC_THRESHOLD' }),
    );
    const { alert: summary } = groupSummary(group({ alerts: many }));
    expect(summary.eventTypeName).toBe('ALERT_GROUP');
    expect(summary.humanReadable?.endsWith('; …')).toBe(true);
    expect(summary.humanReadable?.split('; ')).toHaveLength(21);
  });
});
