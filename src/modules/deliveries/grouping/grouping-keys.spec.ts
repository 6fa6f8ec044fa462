import type { AlertResponse } from '../../alerting';
import { groupLabelsOf } from './grouping-keys';

const alert: AlertResponse = {
  id: '65a5042e0c2d4b0a9a1b2c41',
  groupId: '5e8cc670a16506712e0b1e95',
  alertConfigId: '5e8cc670a16506712e0b1e97',
  eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
  status: 'OPEN',
  created: '2024-03-01T10:00:00Z',
  updated: '2024-03-01T10:00:00Z',
  hostId: 'b0b0b0b0b0b0b0b0b0b0b0b0',
  hostnameAndPort: 'db0.example.com:27017',
  replicaSetName: 'rs0',
  tags: [],
  links: [],
};

describe('groupLabelsOf', () => {
  it('should read each key from its alert field, in the order of groupBy', () => {
    expect(groupLabelsOf(alert, ['EVENT_TYPE', 'HOST', 'REPLICA_SET', 'ALERT_CONFIG'])).toEqual({
      EVENT_TYPE: 'OUTSIDE_METRIC_THRESHOLD',
      HOST: 'db0.example.com:27017',
      REPLICA_SET: 'rs0',
      ALERT_CONFIG: '5e8cc670a16506712e0b1e97',
    });
  });

  it('should group an alert without the field under the empty value', () => {
    expect(groupLabelsOf(alert, ['CLUSTER'])).toEqual({ CLUSTER: '' });
  });

  it('should prefer the cluster id to its name, and the host name to its id', () => {
    const named = {
      ...alert,
      clusterId: 'c0c0c0c0c0c0c0c0c0c0c0c0',
      clusterName: 'shop',
      hostnameAndPort: undefined,
    };
    expect(groupLabelsOf(named, ['CLUSTER', 'HOST'])).toEqual({
      CLUSTER: 'c0c0c0c0c0c0c0c0c0c0c0c0',
      HOST: 'b0b0b0b0b0b0b0b0b0b0b0b0',
    });
  });
});
