// Request and response examples of the Swagger documentation.
const GROUP = '5e8cc670a16506712e0b1e95';
const CONFIG = '5e8cc670a16506712e0b1e97';
const SELF = [
  { href: `https://dms.example.com/api/public/v1.0/groups/${GROUP}/alertConfigs/${CONFIG}`, rel: 'self' },
];

export const EXAMPLE_IDS = { GROUP, CONFIG };

export const REQUEST_EXAMPLES = {
  replicaSet: {
    summary: 'Replica-set condition with a matcher, e-mail and project notifications',
    value: {
      eventTypeName: 'NO_PRIMARY',
      enabled: true,
      matchers: [{ fieldName: 'REPLICA_SET_NAME', operator: 'EQUALS', value: 'rs1' }],
      notifications: [
        { typeName: 'EMAIL', emailAddress: 'sos@example.com', delayMin: 5, intervalMin: 60 },
        {
          typeName: 'GROUP',
          emailEnabled: false,
          smsEnabled: true,
          delayMin: 60,
          intervalMin: 120,
          roles: ['GROUP_OWNER'],
        },
      ],
    },
  },
  metric: {
    summary: 'Metric threshold with a Slack notification',
    value: {
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      enabled: true,
      matchers: [{ fieldName: 'TYPE_NAME', operator: 'EQUALS', value: 'PRIMARY' }],
      metricThreshold: {
        metricName: 'CONNECTIONS',
        mode: 'AVERAGE',
        operator: 'GREATER_THAN',
        threshold: 500,
        units: 'RAW',
      },
      notifications: [
        {
          typeName: 'SLACK',
          apiToken: 'xoxb-0000-0000-abcdefgh1234',
          channelName: '#alerts',
          delayMin: 0,
          intervalMin: 15,
        },
      ],
    },
  },
  members: {
    summary: 'Member-count threshold with a templated webhook',
    value: {
      eventTypeName: 'TOO_FEW_HEALTHY_MEMBERS',
      enabled: true,
      threshold: { operator: 'LESS_THAN', threshold: 2, units: 'RAW' },
      notifications: [
        {
          typeName: 'WEBHOOK',
          webhookUrl: 'https://hooks.example.com/alerts/abcd1234',
          webhookSecret: 'whsec-0123456789',
          webhookBodyTemplate:
            '{"text": "${humanReadable}", "alert": "${id}", "rs": "${replicaSetName!"unknown"}"}',
          webhookHeadersTemplate: '{"X-MMS-Signature": "${signature}"}',
        },
      ],
    },
  },
};

export const RESPONSE_EXAMPLE = {
  created: '2014-04-23T14:52:29Z',
  enabled: true,
  eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
  groupId: GROUP,
  id: CONFIG,
  links: SELF,
  matchers: [{ fieldName: 'TYPE_NAME', operator: 'EQUALS', value: 'PRIMARY' }],
  metricThreshold: {
    metricName: 'CONNECTIONS',
    mode: 'AVERAGE',
    operator: 'GREATER_THAN',
    threshold: 500,
    units: 'RAW',
  },
  notifications: [
    { apiToken: '******1234', channelName: '#alerts', delayMin: 0, intervalMin: 15, typeName: 'SLACK' },
    {
      delayMin: 0,
      intervalMin: 60,
      typeName: 'WEBHOOK',
      webhookBodyTemplate: '******',
      webhookSecret: '******',
      webhookUrl: 'https://hooks.example.com/******1234',
    },
    {
      delayMin: 0,
      emailEnabled: true,
      intervalMin: 60,
      role: ['GROUP_OWNER'],
      roles: ['GROUP_OWNER'],
      smsEnabled: false,
      typeName: 'GROUP',
    },
  ],
  updated: '2014-04-23T14:56:25Z',
};

export const LIST_EXAMPLE = {
  links: [
    {
      href: `https://dms.example.com/api/public/v1.0/groups/${GROUP}/alertConfigs?pageNum=1&itemsPerPage=100`,
      rel: 'self',
    },
  ],
  results: [RESPONSE_EXAMPLE],
  totalCount: 1,
};
