import { projectWithCallers, type ProjectCallers } from '../../support/factories/alerting.fixture';
import { bootstrapFirstUser } from '../../support/factories/identity.fixture';
import type { TestApp } from '../../support/test-app';
import { configsApi, hostDownBody, metricBody, startConfigsApp } from './alert-configs.fixture';
import { apiErrorBody, expectApiError } from '../../support/api-error';

let t: TestApp;
let p: ProjectCallers;
let api: ReturnType<typeof configsApi>;

beforeAll(async () => {
  t = await startConfigsApp();
  p = await projectWithCallers(t, await bootstrapFirstUser(t));
  api = configsApi(t, p.groupId);
});

afterAll(async () => {
  await t.close();
});

interface Case {
  when: string;
  body: Record<string, unknown>;
  expected: ReturnType<typeof apiErrorBody>;
}

const bad = (code: string, detail: string, parameters: unknown[]) =>
  apiErrorBody(400, code, { detail, parameters });
const missing = (field: string) =>
  bad('MISSING_ATTRIBUTE', `The required attribute ${field} was not specified.`, [field]);
// No target of its own and no integration of the type in the project to send with instead.
const noTarget = (field: string, type: string) =>
  bad(
    'MISSING_ATTRIBUTE',
    `The required attribute ${field} was not specified, and the project has no ${type} integration to use instead.`,
    [field],
  );
const invalidEnum = (value: string, field: string) =>
  bad('INVALID_ENUM_VALUE', `An invalid enumeration value ${value} was specified for ${field}.`, [
    value,
    field,
  ]);
const invalid = (field: string, why: string) =>
  bad('VALIDATION_ERROR', `Invalid value for ${field}: ${why}.`, [field, why]);
const unknownAttribute = (field: string) =>
  bad('INVALID_ATTRIBUTE', `Invalid attribute ${field} specified.`, [field]);
const wrongType = (field: string) =>
  bad('INVALID_JSON_ATTRIBUTE', `Received JSON for the ${field} attribute does not match expected format.`, [
    field,
  ]);
const notForAlert = (type: string) =>
  bad('INVALID_EVENT_TYPE_FOR_ALERT', `Event type ${type} is not valid for an alert.`, [type]);
const withNotification = (notification: Record<string, unknown>) =>
  hostDownBody({ notifications: [notification] });
const connections = { metricName: 'CONNECTIONS', operator: 'GREATER_THAN', threshold: 500 };
const members = (threshold: Record<string, unknown>) =>
  hostDownBody({ eventTypeName: 'TOO_FEW_HEALTHY_MEMBERS', threshold });
const webhook = (fields: Record<string, unknown>) =>
  withNotification({
    typeName: 'WEBHOOK',
    webhookUrl: 'https://hooks.example.com/alerts/abcd1234',
    ...fields,
  });

const eventTypeCases: Case[] = [
  { when: 'eventTypeName is missing', body: { notifications: [] }, expected: missing('eventTypeName') },
  {
    when: 'eventTypeName is unknown',
    body: hostDownBody({ eventTypeName: 'NOT_A_TYPE' }),
    expected: notForAlert('NOT_A_TYPE'),
  },
  {
    when: 'the event type cannot raise alerts',
    body: hostDownBody({ eventTypeName: 'HOST_UP' }),
    expected: notForAlert('HOST_UP'),
  },
  {
    when: 'the event type is only for organization alerts',
    body: hostDownBody({ eventTypeName: 'ORG_RENAMED' }),
    expected: notForAlert('ORG_RENAMED'),
  },
  {
    when: 'the body has an unknown field',
    body: hostDownBody({ severity: 'HIGH' }),
    expected: unknownAttribute('severity'),
  },
  {
    when: 'enabled is not a boolean',
    body: hostDownBody({ enabled: 'yes' }),
    expected: wrongType('enabled'),
  },
];

const matcherCases: Case[] = [
  {
    when: 'the event type does not support matchers',
    body: hostDownBody({
      eventTypeName: 'MONITORING_AGENT_DOWN',
      matchers: [{ fieldName: 'HOSTNAME', operator: 'EQUALS', value: 'db1' }],
    }),
    expected: invalid('matchers', 'event type MONITORING_AGENT_DOWN does not support matchers'),
  },
  {
    when: 'a matcher field name is unknown',
    body: hostDownBody({ matchers: [{ fieldName: 'USERNAME', operator: 'EQUALS', value: 'x' }] }),
    expected: invalidEnum('USERNAME', 'matchers[0].fieldName'),
  },
  {
    when: 'a matcher field name does not apply to the event type',
    body: hostDownBody({
      eventTypeName: 'NO_PRIMARY',
      matchers: [
        { fieldName: 'REPLICA_SET_NAME', operator: 'EQUALS', value: 'rs1' },
        { fieldName: 'HOSTNAME', operator: 'EQUALS', value: 'db1' },
      ],
    }),
    expected: invalidEnum('HOSTNAME', 'matchers[1].fieldName'),
  },
  {
    when: 'a matcher operator is unknown',
    body: hostDownBody({ matchers: [{ fieldName: 'HOSTNAME', operator: 'LIKE', value: 'db' }] }),
    expected: invalidEnum('LIKE', 'matchers[0].operator'),
  },
  {
    when: 'a TYPE_NAME matcher names no host type',
    body: hostDownBody({ matchers: [{ fieldName: 'TYPE_NAME', operator: 'EQUALS', value: 'LEADER' }] }),
    expected: invalidEnum('LEADER', 'matchers[0].value'),
  },
  {
    when: 'a REGEX matcher holds an invalid expression',
    body: hostDownBody({ matchers: [{ fieldName: 'HOSTNAME', operator: 'REGEX', value: 'db(' }] }),
    expected: invalid(
      'matchers[0].value',
      'it is not a valid regular expression (RE2 syntax): error parsing regexp: missing closing ): `db(`',
    ),
  },
  {
    when: 'a PORT matcher is not a port number',
    body: hostDownBody({ matchers: [{ fieldName: 'PORT', operator: 'EQUALS', value: 'abc' }] }),
    expected: invalid('matchers[0].value', 'a port must be an integer between 1 and 65535'),
  },
  {
    when: 'a matcher has no value',
    body: hostDownBody({ matchers: [{ fieldName: 'HOSTNAME', operator: 'EQUALS' }] }),
    expected: missing('matchers[0].value'),
  },
];

const thresholdCases: Case[] = [
  {
    when: 'a metric alert has no metricThreshold',
    body: hostDownBody({ eventTypeName: 'OUTSIDE_METRIC_THRESHOLD' }),
    expected: bad(
      'MISSING_METRIC_THRESHOLD',
      'A metric threshold is required for alerts of type OUTSIDE_METRIC_THRESHOLD.',
      ['OUTSIDE_METRIC_THRESHOLD'],
    ),
  },
  {
    when: 'a non-metric alert has a metricThreshold',
    body: hostDownBody({ metricThreshold: connections }),
    expected: bad(
      'METRIC_THRESHOLD_PRESENT',
      'A metric threshold cannot be specified for alerts of type HOST_DOWN.',
      ['HOST_DOWN'],
    ),
  },
  {
    when: 'the metric mode is TOTAL',
    body: metricBody({ ...connections, mode: 'TOTAL' }),
    expected: bad('TOTAL_MODE_DEPRECATED', 'Mode TOTAL is no longer supported.', []),
  },
  {
    when: 'the metric mode is unknown',
    body: metricBody({ ...connections, mode: 'MAXIMUM' }),
    expected: invalidEnum('MAXIMUM', 'metricThreshold.mode'),
  },
  {
    when: 'the metric operator is unknown',
    body: metricBody({ ...connections, operator: 'EQUALS' }),
    expected: invalidEnum('EQUALS', 'metricThreshold.operator'),
  },
  {
    when: 'the metric units are not in the unit list',
    body: metricBody({ ...connections, units: 'FURLONGS' }),
    expected: invalidEnum('FURLONGS', 'metricThreshold.units'),
  },
  {
    when: 'the units do not fit the metric',
    body: metricBody({ ...connections, units: 'SECONDS' }),
    expected: bad('UNITS_MISMATCH', 'Units SECONDS are not compatible with CONNECTIONS.', [
      'SECONDS',
      'CONNECTIONS',
    ]),
  },
  {
    when: 'a data metric is given a time unit',
    body: metricBody({
      metricName: 'MEMORY_RESIDENT',
      operator: 'GREATER_THAN',
      threshold: 1,
      units: 'HOURS',
    }),
    expected: bad('UNITS_MISMATCH', 'Units HOURS are not compatible with MEMORY_RESIDENT.', [
      'HOURS',
      'MEMORY_RESIDENT',
    ]),
  },
  {
    when: 'the metric threshold is not a number',
    body: metricBody({ ...connections, threshold: '500' }),
    expected: wrongType('metricThreshold.threshold'),
  },
  {
    when: 'the metric threshold is missing',
    body: metricBody({ metricName: 'CONNECTIONS', operator: 'GREATER_THAN' }),
    expected: missing('metricThreshold.threshold'),
  },
  {
    when: 'a member-count alert has no threshold',
    body: hostDownBody({ eventTypeName: 'TOO_MANY_UNHEALTHY_MEMBERS' }),
    expected: bad(
      'MISSING_THRESHOLD',
      'A threshold is required for alerts of type TOO_MANY_UNHEALTHY_MEMBERS.',
      ['TOO_MANY_UNHEALTHY_MEMBERS'],
    ),
  },
  {
    when: 'another alert has a threshold',
    body: hostDownBody({ threshold: { operator: 'LESS_THAN', threshold: 2 } }),
    expected: bad('THRESHOLD_PRESENT', 'A threshold cannot be specified for alerts of type HOST_DOWN.', [
      'HOST_DOWN',
    ]),
  },
  {
    when: 'a member count is given in bytes',
    body: members({ operator: 'LESS_THAN', threshold: 2, units: 'BYTES' }),
    expected: bad('UNITS_MISMATCH', 'Units BYTES are not compatible with TOO_FEW_HEALTHY_MEMBERS.', [
      'BYTES',
      'TOO_FEW_HEALTHY_MEMBERS',
    ]),
  },
  {
    when: 'a member count is negative',
    body: members({ operator: 'LESS_THAN', threshold: -1 }),
    expected: bad('ATTRIBUTE_NEGATIVE', 'The attribute threshold.threshold cannot be negative.', [
      'threshold.threshold',
    ]),
  },
  {
    when: 'the threshold operator is unknown',
    body: members({ operator: 'AT_MOST', threshold: 2 }),
    expected: invalidEnum('AT_MOST', 'threshold.operator'),
  },
];

const notificationCases: Case[] = [
  {
    when: 'notifications are missing',
    body: { eventTypeName: 'HOST_DOWN' },
    expected: bad(
      'MISSING_NOTIFICATIONS',
      'At least one notification is required for an alert configuration.',
      [],
    ),
  },
  {
    when: 'notifications are empty',
    body: hostDownBody({ notifications: [] }),
    expected: bad(
      'MISSING_NOTIFICATIONS',
      'At least one notification is required for an alert configuration.',
      [],
    ),
  },
  {
    when: 'notifications is not an array',
    body: hostDownBody({ notifications: { typeName: 'EMAIL' } }),
    expected: wrongType('notifications'),
  },
  {
    when: 'two GROUP notifications are given',
    body: hostDownBody({
      notifications: [
        { typeName: 'GROUP', emailEnabled: true },
        { typeName: 'GROUP', smsEnabled: true },
      ],
    }),
    expected: bad('TOO_MANY_GROUP_NOTIFICATIONS', 'At most one group notification can be specified.', []),
  },
  {
    when: 'the notification type is unknown',
    body: withNotification({ typeName: 'CARRIER_PIGEON' }),
    expected: bad(
      'UNSUPPORTED_NOTIFICATION_TYPE',
      'Unsupported notification type CARRIER_PIGEON for notifications[0].typeName.',
      ['CARRIER_PIGEON', 'notifications[0].typeName'],
    ),
  },
  {
    when: 'the notification type is missing',
    body: withNotification({ emailAddress: 'sos@example.com' }),
    expected: missing('notifications[0].typeName'),
  },
  {
    when: 'a notification has a field of another type',
    body: withNotification({ typeName: 'EMAIL', emailAddress: 'sos@example.com', channelName: '#ops' }),
    expected: unknownAttribute('notifications[0].channelName'),
  },
  {
    when: 'a notification has an unknown field',
    body: withNotification({ typeName: 'EMAIL', emailAddress: 'sos@example.com', color: 'red' }),
    expected: unknownAttribute('notifications[0].color'),
  },
  {
    when: 'delayMin is negative',
    body: withNotification({ typeName: 'EMAIL', emailAddress: 'sos@example.com', delayMin: -1 }),
    expected: bad('ATTRIBUTE_NEGATIVE', 'The attribute notifications[0].delayMin cannot be negative.', [
      'notifications[0].delayMin',
    ]),
  },
  {
    when: 'delayMin is not a whole number',
    body: withNotification({ typeName: 'EMAIL', emailAddress: 'sos@example.com', delayMin: 1.5 }),
    expected: wrongType('notifications[0].delayMin'),
  },
  {
    when: 'intervalMin is below five minutes',
    body: withNotification({ typeName: 'EMAIL', emailAddress: 'sos@example.com', intervalMin: 4 }),
    expected: bad(
      'NOTIFICATION_INTERVAL_OUT_OF_RANGE',
      'The notification interval 4 of notifications[0].intervalMin is out of range; it must be at least 5 minutes.',
      [4, 'notifications[0].intervalMin', 5],
    ),
  },
  {
    when: 'an EMAIL notification has no address',
    body: withNotification({ typeName: 'EMAIL' }),
    expected: missing('notifications[0].emailAddress'),
  },
  {
    when: 'an EMAIL address is invalid',
    body: withNotification({ typeName: 'EMAIL', emailAddress: 'not-an-address' }),
    expected: invalid('notifications[0].emailAddress', 'it is not a valid e-mail address'),
  },
  {
    when: 'an SMS notification has no number',
    body: withNotification({ typeName: 'SMS' }),
    expected: missing('notifications[0].mobileNumber'),
  },
  {
    when: 'an SMS number is invalid',
    body: withNotification({ typeName: 'SMS', mobileNumber: 'call me' }),
    expected: invalid('notifications[0].mobileNumber', 'it is not a valid mobile number'),
  },
  {
    when: 'a USER notification has no username',
    body: withNotification({ typeName: 'USER', emailEnabled: true }),
    expected: missing('notifications[0].username'),
  },
  {
    when: 'a USER notification sends neither e-mail nor SMS',
    body: withNotification({ typeName: 'USER', username: 'jane.doe@example.com', emailEnabled: false }),
    expected: bad(
      'EMAIL_OR_SMS_REQUIRED_FOR_USER_NOTIFICATION',
      'User notification notifications[0] must have email or SMS enabled.',
      ['notifications[0]'],
    ),
  },
  {
    when: 'a GROUP notification sends neither e-mail nor SMS',
    body: withNotification({ typeName: 'GROUP', roles: ['GROUP_OWNER'] }),
    expected: bad(
      'EMAIL_OR_SMS_REQUIRED_FOR_GROUP_NOTIFICATION',
      'Group notification notifications[0] must have email or SMS enabled.',
      ['notifications[0]'],
    ),
  },
  {
    when: 'a GROUP notification has an empty role list',
    body: withNotification({ typeName: 'GROUP', emailEnabled: true, roles: [] }),
    expected: bad(
      'MISSING_ROLES_FOR_GROUP_NOTIFICATION',
      'Group notification notifications[0] must specify at least one role.',
      ['notifications[0]'],
    ),
  },
  {
    when: 'a GROUP notification has an empty role array',
    body: withNotification({ typeName: 'GROUP', emailEnabled: true, role: [] }),
    expected: bad(
      'MISSING_ROLES_FOR_GROUP_NOTIFICATION',
      'Group notification notifications[0] must specify at least one role.',
      ['notifications[0]'],
    ),
  },
  {
    when: 'a GROUP notification names an unknown role in roles',
    body: withNotification({
      typeName: 'GROUP',
      emailEnabled: true,
      roles: ['GROUP_OWNER', 'GROUP_JANITOR'],
    }),
    expected: invalidEnum('GROUP_JANITOR', 'notifications[0].roles[1]'),
  },
  {
    when: 'a GROUP notification names an unknown role in role',
    body: withNotification({ typeName: 'GROUP', emailEnabled: true, role: 'ORG_OWNER' }),
    expected: invalidEnum('ORG_OWNER', 'notifications[0].role'),
  },
  {
    when: 'role and roles disagree',
    body: withNotification({
      typeName: 'GROUP',
      emailEnabled: true,
      role: 'GROUP_OWNER',
      roles: ['GROUP_READ_ONLY'],
    }),
    expected: invalid('notifications[0].role', 'role and roles must name the same roles'),
  },
  {
    when: 'role is neither a string nor an array of strings',
    body: withNotification({ typeName: 'GROUP', emailEnabled: true, role: 5 }),
    expected: invalid('notifications[0].role', 'it must be a role name or an array of at most 12 role names'),
  },
  {
    when: 'a TEAM notification has no team id',
    body: withNotification({ typeName: 'TEAM', teamName: 'Ops' }),
    expected: missing('notifications[0].teamId'),
  },
  {
    when: 'a TEAM id is malformed',
    body: withNotification({ typeName: 'TEAM', teamId: 'ops-team' }),
    expected: invalid('notifications[0].teamId', 'a team id is 24 hexadecimal digits'),
  },
  {
    when: 'a SLACK notification has no token',
    body: withNotification({ typeName: 'SLACK', channelName: '#alerts' }),
    expected: missing('notifications[0].apiToken'),
  },
  {
    when: 'a SLACK notification has no channel',
    body: withNotification({ typeName: 'SLACK', apiToken: 'xoxb-1234567890' }),
    expected: missing('notifications[0].channelName'),
  },
  {
    when: 'a PAGER_DUTY notification has no service key',
    body: withNotification({ typeName: 'PAGER_DUTY', serviceKey: '  ' }),
    expected: noTarget('notifications[0].serviceKey', 'PAGER_DUTY'),
  },
  {
    when: 'an OPS_GENIE notification has no API key',
    body: withNotification({ typeName: 'OPS_GENIE', opsGenieRegion: 'EU' }),
    expected: missing('notifications[0].opsGenieApiKey'),
  },
  {
    when: 'an OPS_GENIE region is unknown',
    body: withNotification({
      typeName: 'OPS_GENIE',
      opsGenieApiKey: 'og-1234567890',
      opsGenieRegion: 'APAC',
    }),
    expected: invalidEnum('APAC', 'notifications[0].opsGenieRegion'),
  },
  {
    when: 'a VICTOR_OPS notification has no API key',
    body: withNotification({ typeName: 'VICTOR_OPS', victorOpsRoutingKey: 'db' }),
    expected: missing('notifications[0].victorOpsApiKey'),
  },
  {
    when: 'a DATADOG notification has no API key',
    body: withNotification({ typeName: 'DATADOG' }),
    expected: noTarget('notifications[0].datadogApiKey', 'DATADOG'),
  },
  {
    when: 'a DATADOG region is unknown',
    body: withNotification({ typeName: 'DATADOG', datadogApiKey: 'dd-1234567890', datadogRegion: 'MARS' }),
    expected: invalidEnum('MARS', 'notifications[0].datadogRegion'),
  },
  {
    when: 'a HIP_CHAT notification has no room',
    body: withNotification({ typeName: 'HIP_CHAT', notificationToken: 'hc-1234567890' }),
    expected: missing('notifications[0].roomName'),
  },
  {
    when: 'a MICROSOFT_TEAMS notification has no webhook URL',
    body: withNotification({ typeName: 'MICROSOFT_TEAMS' }),
    expected: noTarget('notifications[0].microsoftTeamsWebhookUrl', 'MICROSOFT_TEAMS'),
  },
  {
    when: 'a MICROSOFT_TEAMS webhook URL is not https',
    body: withNotification({
      typeName: 'MICROSOFT_TEAMS',
      microsoftTeamsWebhookUrl: 'http://teams.example.com/hook',
    }),
    expected: invalid('notifications[0].microsoftTeamsWebhookUrl', 'it must be an https URL'),
  },
  {
    when: 'a WEBHOOK notification has no URL',
    body: withNotification({ typeName: 'WEBHOOK' }),
    expected: bad('WEBHOOK_URL_NOT_SET', 'Webhook notification notifications[0] requires a webhook URL.', [
      'notifications[0]',
    ]),
  },
  {
    when: 'a WEBHOOK notification has a secret but no URL',
    body: withNotification({ typeName: 'WEBHOOK', webhookSecret: 'whsec-0123456789' }),
    expected: bad('WEBHOOK_URL_NOT_SET', 'Webhook notification notifications[0] requires a webhook URL.', [
      'notifications[0]',
    ]),
  },
  {
    when: 'a WEBHOOK URL is not http or https',
    body: withNotification({ typeName: 'WEBHOOK', webhookUrl: 'ftp://files.example.com/alerts' }),
    expected: invalid('notifications[0].webhookUrl', 'it must be an http or https URL'),
  },
  {
    when: 'a WEBHOOK URL is not a URL',
    body: withNotification({ typeName: 'WEBHOOK', webhookUrl: 'hooks.example.com/alerts' }),
    expected: invalid('notifications[0].webhookUrl', 'it is not a valid URL'),
  },
  {
    when: 'a webhook body template exceeds 10,000 characters',
    body: webhook({ webhookBodyTemplate: `"${'x'.repeat(9_999)}"` }),
    expected: invalid('notifications[0].webhookBodyTemplate', 'a template can hold at most 10000 characters'),
  },
  {
    when: 'a webhook body template leaves an interpolation open',
    body: webhook({ webhookBodyTemplate: '{\n  "id": "${id"\n}' }),
    expected: invalid(
      'notifications[0].webhookBodyTemplate',
      'template syntax error: unclosed "${" at line 2, column 10',
    ),
  },
  {
    when: 'a webhook headers template calls an unknown helper',
    body: webhook({ webhookHeadersTemplate: '{"X-Host": "${str.upper(hostnameAndPort)}"}' }),
    expected: invalid(
      'notifications[0].webhookHeadersTemplate',
      'template syntax error: unknown helper "str.upper" (available: re.group, re.findAllGroup) at line 1, column 15',
    ),
  },
  {
    when: 're.group is given an invalid regular expression',
    body: webhook({ webhookBodyTemplate: '{"port": "${re.group(hostnameAndPort, ":(\\\\d+", 1)}"}' }),
    expected: invalid(
      'notifications[0].webhookBodyTemplate',
      'template syntax error: invalid regular expression in re.group: error parsing regexp: missing closing ): `:(\\d+` at line 1, column 13',
    ),
  },
];

describe('POST /groups/{groupId}/alertConfigs (validation)', () => {
  it.each([...eventTypeCases, ...matcherCases, ...thresholdCases, ...notificationCases])(
    'should answer $expected.errorCode when $when',
    async ({ body, expected }) => {
      const response = await api.create(p.monitoringAdmin, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual(expected);
    },
  );

  it('should answer 404 INVALID_METRIC_NAME when the metric is unknown, as the product does', async () => {
    const response = await api.create(
      p.monitoringAdmin,
      metricBody({ ...connections, metricName: 'CONNECTION_COUNT' }),
    );
    expectApiError(response, 404, 'INVALID_METRIC_NAME', {
      parameters: ['CONNECTION_COUNT'],
      detail: 'No metric with name CONNECTION_COUNT exists.',
    });
  });

  it('should store nothing when a configuration is refused', async () => {
    const before = (await api.list(p.readOnly)).body.totalCount as number;
    await api.create(p.monitoringAdmin, hostDownBody({ notifications: [] }));
    expect((await api.list(p.readOnly)).body.totalCount).toBe(before);
  });
});

describe('POST /groups/{groupId}/alertConfigs (accepted edge values)', () => {
  it('should accept a webhook template of exactly 10,000 characters', async () => {
    const response = await api.create(
      p.monitoringAdmin,
      webhook({ webhookBodyTemplate: `"${'x'.repeat(9_998)}"` }),
    );
    expect(response.status).toBe(201);
  });

  it('should accept templates using names, paths, defaults and both regular-expression helpers', async () => {
    const response = await api.create(
      p.monitoringAdmin,
      webhook({
        webhookBodyTemplate:
          '{"text": "${humanReadable}", "value": ${currentValue.number}, "rs": "${replicaSetName!"none"}", ' +
          '"host": "${re.group(hostnameAndPort, r"^([^:]+)", 1)}", "all": ${re.findAllGroup(humanReadable, "(\\\\d+)", 1)}}',
        webhookHeadersTemplate: '{"X-MMS-Signature": "${signature}", "X-Alert": "${id}"}',
      }),
    );
    expect(response.status).toBe(201);
  });

  it('should accept a metric alert whose notification has no delay, since the product requires none here', async () => {
    const response = await api.create(
      p.monitoringAdmin,
      metricBody(connections, {
        notifications: [{ typeName: 'EMAIL', emailAddress: 'sos@example.com', delayMin: 0 }],
      }),
    );
    expect(response.status).toBe(201);
    expect(response.body.metricThreshold).toEqual({ ...connections, mode: 'AVERAGE', units: 'RAW' });
  });

  it('should default the units to the metric family when they are omitted', async () => {
    const response = await api.create(
      p.monitoringAdmin,
      metricBody({ metricName: 'OPLOG_SLAVE_LAG_MASTER_TIME', operator: 'GREATER_THAN', threshold: 60_000 }),
    );
    expect(response.status).toBe(201);
    expect(response.body.metricThreshold.units).toBe('MILLISECONDS');
  });

  it('should accept any data unit for a data metric, since data units convert into each other', async () => {
    const response = await api.create(
      p.monitoringAdmin,
      metricBody({
        metricName: 'CACHE_DIRTY_BYTES',
        operator: 'GREATER_THAN',
        threshold: 512,
        units: 'MEGABITS',
      }),
    );
    expect(response.status).toBe(201);
  });

  it.each([
    ['BAD_CLUSTERSHOTS', 'this service has no backup'],
    ['CREDIT_CARD_ABOUT_TO_EXPIRE', 'this service has no billing'],
    ['ONE_PRIMARY', 'it is the resolution of NO_PRIMARY and MULTIPLE_PRIMARIES'],
    ['VERSION_BEHIND', 'no list of current MongoDB releases'],
  ])('should refuse %s, which nothing here raises, with a detail saying why', async (eventTypeName, why) => {
    const response = await api.create(p.monitoringAdmin, hostDownBody({ eventTypeName }));
    expectApiError(response, 400, 'INVALID_EVENT_TYPE_FOR_ALERT', [eventTypeName]);
    expect(response.body.detail).toContain(
      `Event type ${eventTypeName} is not valid for an alert in this service`,
    );
    expect(response.body.detail).toContain(why);
  });

  it('should accept replica-set and cluster conditions with the matchers of their target', async () => {
    const backup = await api.create(
      p.monitoringAdmin,
      hostDownBody({
        eventTypeName: 'NO_PRIMARY',
        matchers: [{ fieldName: 'REPLICA_SET_NAME', operator: 'EQUALS', value: 'rs1' }],
      }),
    );
    expect(backup.status).toBe(201);
    const cluster = await api.create(
      p.monitoringAdmin,
      hostDownBody({
        eventTypeName: 'CLUSTER_MONGOS_IS_MISSING',
        matchers: [{ fieldName: 'CLUSTER_NAME', operator: 'ENDS_WITH', value: '-prod' }],
      }),
    );
    expect(cluster.status).toBe(201);
  });

  it('should accept a member-count threshold and answer it with RAW units', async () => {
    const response = await api.create(p.monitoringAdmin, members({ operator: 'LESS_THAN', threshold: 2 }));
    expect(response.status).toBe(201);
    expect(response.body.threshold).toEqual({ operator: 'LESS_THAN', threshold: 2, units: 'RAW' });
  });
});

describe('PUT /groups/{groupId}/alertConfigs/{alertConfigId} (validation)', () => {
  it('should apply the same rules as a create and keep the configuration when one is broken', async () => {
    const created = await api.create(p.monitoringAdmin, hostDownBody());
    const response = await api.replace(p.monitoringAdmin, created.body.id, {
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      notifications: created.body.notifications,
    });
    expectApiError(response, 400, 'MISSING_METRIC_THRESHOLD');
    const interval = await api.replace(p.monitoringAdmin, created.body.id, {
      notifications: [{ typeName: 'EMAIL', emailAddress: 'sos@example.com', intervalMin: 1 }],
    });
    expectApiError(interval, 400, 'NOTIFICATION_INTERVAL_OUT_OF_RANGE');
    expect((await api.get(p.readOnly, created.body.id)).body).toEqual(created.body);
  });
});
