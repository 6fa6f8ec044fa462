import { EVENT_TYPES } from '../../../src/modules/alerting/catalog/event-types';
import { alertSourceOf, sourcedAlertTypes } from '../../../src/modules/alerting/catalog/alert-sources';
import { ManualClock } from '../../../src/platform/clock/clock';
import { call } from '../../support/digest-client';
import { createUser } from '../../support/factories/identity.fixture';
import { HttpReceiver } from '../../support/receivers/http-receiver';
import { SmtpReceiver } from '../../support/receivers/smtp-receiver';
import type { TestApp } from '../../support/test-app';
import { deliveriesOf } from '../deliveries/deliveries.fixture';
import {
  deployment,
  hostReport,
  monitoringReport,
  report,
  type Deployment,
} from '../automation/automation.fixture';
import {
  alertsOfConfig,
  connectionsAbove,
  createConfig,
  deliver,
  DOWN_AFTER_S,
  livenessOf,
  measuredHost,
  startEngineApp,
  webhook,
} from './engine.fixture';
import { MINUTE } from '../../support/time';
import { expectApiError } from '../../support/api-error';

// The whole catalog: every alertable type is either refused at save time (nothing here can raise it) or
// proven to open an alert from agent reports over HTTP or from an audited change made through the API,
// and to reach a webhook (alert.open, or alert.inform for an informational alert). No alert is inserted
// directly.
interface Scenario {
  config?: Record<string, unknown>;
  trigger: (d: Deployment) => Promise<unknown>;
}

const CURRENT_AGENT = '107.0.0.8465-1';
const OLD_AGENT = '10.0.0.1-1';

describe('POST /groups/{groupId}/alertConfigs (the alert catalog, walked)', () => {
  const clock = new ManualClock(new Date('2024-06-01T12:00:00Z'));
  let t: TestApp;
  let receiver: HttpReceiver;
  // Invitations are e-mailed: INVITED_TO_GROUP needs an SMTP server to be sent at all.
  let smtp: SmtpReceiver;

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    smtp = await SmtpReceiver.start();
    t = await startEngineApp(clock, receiver, { SMTP_URL: smtp.url() });
  });

  afterAll(async () => {
    await t.close();
    await receiver.close();
    await smtp.close();
  });

  const hosts = (d: Deployment, list: Array<Record<string, unknown>>) => report(t, d, monitoringReport(list));
  const agent = (d: Deployment, agentType: string, version = CURRENT_AGENT) =>
    report(t, d, { agentType, hostname: `${agentType.toLowerCase()}.example.com`, version });
  const silence = async () => {
    clock.advance((DOWN_AFTER_S + 1) * 1000);
    await livenessOf(t.app).sweep();
  };
  const api = async (method: string, d: Deployment, path: string, body?: unknown) => {
    const response = await call<Record<string, unknown>>(method, `${t.apiUrl}/groups/${d.groupId}${path}`, {
      auth: d.groupOwner,
      body,
    });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${response.text}`);
    return response.body;
  };
  const projectKey = (d: Deployment) =>
    api('POST', d, '/apiKeys', { desc: 'walk', roles: ['GROUP_READ_ONLY'] });
  const transition =
    (from: Record<string, unknown>, to: Record<string, unknown>) => async (d: Deployment) => {
      await hosts(d, [hostReport(from)]);
      clock.advance(MINUTE);
      await hosts(d, [hostReport(to)]);
    };
  const agentBack = (agentType: string) => async (d: Deployment) => {
    await agent(d, agentType);
    await silence();
    await agent(d, agentType);
  };
  const agentCatchesUp = (agentType: string) => async (d: Deployment) => {
    await agent(d, agentType, OLD_AGENT);
    await agent(d, agentType);
  };
  // A user holding a read-only role on the project, created by the global owner: JOINED_GROUP.
  const projectUser = async (d: Deployment) =>
    (await createUser(t, d.globalOwner, [{ groupId: d.groupId, roleName: 'GROUP_READ_ONLY' }], 'walk')).user;
  // A team of the project's organization, without members, given a read-only role on the project.
  const projectTeam = async (d: Deployment) => {
    const team = await call<{ id: string }>('POST', `${t.apiUrl}/orgs/${d.orgId}/teams`, {
      auth: d.orgOwner,
      body: { name: `walk-${d.groupId}` },
    });
    if (team.status >= 300) throw new Error(`POST /orgs/{orgId}/teams: ${team.status} ${team.text}`);
    await api('POST', d, '/teams', [{ teamId: team.body.id, roleNames: ['GROUP_READ_ONLY'] }]);
    return team.body.id;
  };
  const members = (specs: Array<[string, boolean]>) =>
    specs.map(([typeName, up], i) => hostReport({ hostname: `m${i}.example.com`, typeName, up }));

  const SCENARIOS: Record<string, Scenario> = {
    OUTSIDE_METRIC_THRESHOLD: {
      config: { metricThreshold: connectionsAbove(10) },
      trigger: (d) => hosts(d, [measuredHost(clock, 'busy.example.com', { CONNECTIONS: 50 })]),
    },
    HOST_DOWN: { trigger: transition({}, { up: false }) },
    AUTOMATION_AGENT_DOWN: { trigger: (d) => agent(d, 'AUTOMATION').then(silence) },
    MONITORING_AGENT_DOWN: { trigger: (d) => agent(d, 'MONITORING').then(silence) },
    BACKUP_AGENT_DOWN: { trigger: (d) => agent(d, 'BACKUP').then(silence) },
    MONITORING_AGENT_VERSION_BEHIND: { trigger: (d) => agent(d, 'MONITORING', OLD_AGENT) },
    BACKUP_AGENT_VERSION_BEHIND: { trigger: (d) => agent(d, 'BACKUP', OLD_AGENT) },
    HOST_RECOVERING: { trigger: (d) => hosts(d, [hostReport({ typeName: 'RECOVERING' })]) },
    HOST_SSL_CERTIFICATE_STALE: {
      trigger: (d) =>
        hosts(d, [
          hostReport({
            sslEnabled: true,
            sslCertificateNotAfter: new Date(clock.now().getTime() + 10 * 24 * 3600_000).toISOString(),
          }),
        ]),
    },
    NO_PRIMARY: {
      trigger: (d) =>
        hosts(
          d,
          members([
            ['REPLICA_SECONDARY', true],
            ['REPLICA_SECONDARY', true],
          ]),
        ),
    },
    MULTIPLE_PRIMARIES: {
      trigger: (d) =>
        hosts(
          d,
          members([
            ['REPLICA_PRIMARY', true],
            ['REPLICA_PRIMARY', true],
          ]),
        ),
    },
    TOO_FEW_HEALTHY_MEMBERS: {
      config: { threshold: { operator: 'LESS_THAN', threshold: 3, units: 'RAW' } },
      trigger: (d) =>
        hosts(
          d,
          members([
            ['REPLICA_PRIMARY', true],
            ['REPLICA_SECONDARY', true],
          ]),
        ),
    },
    TOO_MANY_UNHEALTHY_MEMBERS: {
      config: { threshold: { operator: 'GREATER_THAN', threshold: 0, units: 'RAW' } },
      trigger: (d) =>
        hosts(
          d,
          members([
            ['REPLICA_PRIMARY', true],
            ['REPLICA_SECONDARY', false],
          ]),
        ),
    },
    CLUSTER_MONGOS_IS_MISSING: {
      trigger: (d) =>
        hosts(d, [
          hostReport({ typeName: 'SHARD_MONGOS', replicaSetName: undefined, clusterName: 'shop', up: false }),
        ]),
    },
    HOST_NOW_PRIMARY: {
      trigger: transition({ typeName: 'REPLICA_SECONDARY' }, { typeName: 'REPLICA_PRIMARY' }),
    },
    HOST_NOW_SECONDARY: {
      trigger: transition({ typeName: 'REPLICA_PRIMARY' }, { typeName: 'REPLICA_SECONDARY' }),
    },
    PRIMARY_ELECTED: {
      trigger: transition({ typeName: 'REPLICA_SECONDARY' }, { typeName: 'REPLICA_PRIMARY' }),
    },
    HOST_RESTARTED: { trigger: transition({ uptimeMsec: 900_000 }, { uptimeMsec: 1_000 }) },
    VERSION_CHANGED: { trigger: transition({ version: '6.0.15' }, { version: '7.0.12' }) },
    NEW_AGENT: { trigger: (d) => agent(d, 'AUTOMATION') },
    AUTOMATION_AGENT_UP: { trigger: agentBack('AUTOMATION') },
    MONITORING_AGENT_UP: { trigger: agentBack('MONITORING') },
    BACKUP_AGENT_UP: { trigger: agentBack('BACKUP') },
    MONITORING_AGENT_VERSION_CURRENT: { trigger: agentCatchesUp('MONITORING') },
    BACKUP_AGENT_VERSION_CURRENT: { trigger: agentCatchesUp('BACKUP') },
    AUTOMATION_CONFIG_PUBLISHED_AUDIT: {
      trigger: async (d) => {
        await api('PUT', d, '/automationConfig', {
          options: { downloadBase: '/var/lib/mongodb-mms-automation' },
          mongoDbVersions: [{ name: '7.0.2' }],
          processes: [{ name: 'p0', hostname: 'example.net', processType: 'mongod', version: '7.0.2' }],
          replicaSets: [],
          sharding: [],
        });
      },
    },
    ADD_HOST_AUDIT: {
      trigger: (d) => api('POST', d, '/hosts', { hostname: 'added.example.com', port: 27017 }),
    },
    DELETE_HOST_AUDIT: {
      trigger: async (d) => {
        const host = await api('POST', d, '/hosts', { hostname: 'gone.example.com', port: 27017 });
        await api('DELETE', d, `/hosts/${String(host.id)}`);
      },
    },
    API_KEY_ADDED_TO_GROUP: { trigger: (d) => projectKey(d) },
    API_KEY_ROLES_CHANGED: {
      trigger: async (d) => {
        const key = await projectKey(d);
        await api('PATCH', d, `/apiKeys/${String(key.id)}`, { roles: ['GROUP_OWNER'] });
      },
    },
    API_KEY_REMOVED_FROM_GROUP: {
      trigger: async (d) => {
        const key = await projectKey(d);
        await api('DELETE', d, `/apiKeys/${String(key.id)}`);
      },
    },
    INVITED_TO_GROUP: {
      trigger: (d) =>
        api('POST', d, '/invites', { username: `walk-${d.groupId}@example.com`, roles: ['GROUP_READ_ONLY'] }),
    },
    JOINED_GROUP: { trigger: (d) => projectUser(d) },
    USER_ROLES_CHANGED_AUDIT: {
      trigger: async (d) => {
        const user = await projectUser(d);
        const changed = await call('PATCH', `${t.apiUrl}/users/${user.id}`, {
          auth: d.globalOwner,
          body: { roles: [{ groupId: d.groupId, roleName: 'GROUP_MONITORING_ADMIN' }] },
        });
        if (changed.status !== 200) throw new Error(`PATCH /users: ${changed.status} ${changed.text}`);
      },
    },
    REMOVED_FROM_GROUP: {
      trigger: async (d) => api('DELETE', d, `/users/${(await projectUser(d)).id}`),
    },
    TEAM_ADDED_TO_GROUP: { trigger: (d) => projectTeam(d) },
    TEAM_ROLES_MODIFIED: {
      trigger: async (d) =>
        api('PATCH', d, `/teams/${await projectTeam(d)}`, { roleNames: ['GROUP_MONITORING_ADMIN'] }),
    },
    TEAM_REMOVED_FROM_GROUP: {
      trigger: async (d) => api('DELETE', d, `/teams/${await projectTeam(d)}`),
    },
    WEBHOOK_TEMPLATE_RENDER_FAILED: {
      // Another configuration's webhook whose template reads a field its alert does not have.
      trigger: async (d) => {
        await createConfig(t, d.monitoringAdmin, d.groupId, {
          eventTypeName: 'ADD_HOST_AUDIT',
          notifications: [
            {
              ...webhook(receiver, `/broken/${d.groupId}`),
              webhookBodyTemplate: '{"metric": "${metricName}"}',
            },
          ],
        });
        await api('POST', d, '/hosts', { hostname: 'templated.example.com', port: 27017 });
        await deliver(t.app);
      },
    },
  };

  it('should have a scenario for every type this service can raise, and nothing else', () => {
    expect(Object.keys(SCENARIOS).sort()).toEqual(sourcedAlertTypes().sort());
  });

  // One project for all refusals: nothing is saved.
  let refusals: Promise<Deployment>;
  beforeAll(() => {
    refusals = deployment(t);
  });

  const alertable = [...EVENT_TYPES].filter(([, info]) => info.alertable).map(([name]) => name);

  it.each(alertable.filter((name) => alertSourceOf(name) === undefined))(
    'should refuse %s at save time, saying why',
    async (eventTypeName) => {
      const d = await refusals;
      const response = await call<Record<string, unknown>>(
        'POST',
        `${t.apiUrl}/groups/${d.groupId}/alertConfigs`,
        {
          auth: d.monitoringAdmin,
          body: { eventTypeName, enabled: true, notifications: [webhook(receiver, '/never')] },
        },
      );
      expectApiError(response, 400, 'INVALID_EVENT_TYPE_FOR_ALERT', [eventTypeName]);
      expect(String(response.body.detail)).toMatch(
        new RegExp(`^Event type ${eventTypeName} is not valid for an alert in this service: .+\\.$`),
      );
    },
  );

  it.each(sourcedAlertTypes())('should open a %s alert and notify its webhook', async (eventTypeName) => {
    const scenario = SCENARIOS[eventTypeName];
    const d = await deployment(t);
    const path = `/walk/${eventTypeName}/${d.groupId}`;
    const configId = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName,
      notifications: [webhook(receiver, path)],
      ...scenario.config,
    });
    await scenario.trigger(d);
    await deliver(t.app);

    const alerts = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    expect(alerts.length).toBeGreaterThanOrEqual(1);
    const informational = alertSourceOf(eventTypeName) === 'INFORM';
    expect(alerts[0]).toMatchObject({ eventTypeName, status: informational ? 'CLOSED' : 'OPEN' });
    const kinds = receiver.requests
      .filter((request) => request.path === path)
      .map((r) => r.headers['x-mms-event']);
    expect(kinds).toContain(informational ? 'alert.inform' : 'alert.open');
    expect(kinds).not.toContain('alert.close');
  });

  it("should fire the project's default TLS certificate configuration, and close it once the certificate is renewed", async () => {
    const d = await deployment(t);
    const configs = await call<{ results: Array<{ id: string; eventTypeName: string }> }>(
      'GET',
      `${t.apiUrl}/groups/${d.groupId}/alertConfigs`,
      { auth: d.readOnly },
    );
    const stale = configs.body.results.find(
      (config) => config.eventTypeName === 'HOST_SSL_CERTIFICATE_STALE',
    );
    expect(stale).toBeDefined();
    const inDays = (days: number) => new Date(clock.now().getTime() + days * 24 * 3600_000).toISOString();

    await hosts(d, [hostReport({ sslEnabled: true, sslCertificateNotAfter: inDays(45) })]);
    expect(await alertsOfConfig(t, d.readOnly, d.groupId, stale!.id)).toEqual([]);

    await hosts(d, [hostReport({ sslCertificateNotAfter: inDays(29) })]);
    const [opened] = await alertsOfConfig(t, d.readOnly, d.groupId, stale!.id);
    expect(opened).toMatchObject({ status: 'OPEN', hostnameAndPort: 'db0.example.com:27017' });
    await deliver(t.app);
    const sent = await deliveriesOf(t, d.readOnly, d.groupId, `&alertId=${opened.id}`);
    expect(sent).toEqual([
      expect.objectContaining({ notificationTypeName: 'GROUP', eventKind: 'alert.open' }),
    ]);

    await hosts(d, [hostReport({ sslCertificateNotAfter: inDays(365) })]);
    const [closed] = await alertsOfConfig(t, d.readOnly, d.groupId, stale!.id);
    expect(closed).toMatchObject({ id: opened.id, status: 'CLOSED' });
  });

  it('should close replica-set alerts when the set recovers, and re-evaluate the set when a member falls silent', async () => {
    const d = await deployment(t);
    const noPrimary = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'NO_PRIMARY',
      matchers: [{ fieldName: 'REPLICA_SET_NAME', operator: 'EQUALS', value: 'rs0' }],
      notifications: [webhook(receiver, `/rs/${d.groupId}`)],
    });
    await hosts(
      d,
      members([
        ['REPLICA_PRIMARY', true],
        ['REPLICA_SECONDARY', true],
      ]),
    );
    expect(await alertsOfConfig(t, d.readOnly, d.groupId, noPrimary)).toEqual([]);

    // The primary's agent stops reporting it: the liveness sweep marks it down.
    clock.advance(MINUTE);
    await hosts(d, [hostReport({ hostname: 'm1.example.com', typeName: 'REPLICA_SECONDARY' })]);
    await silence();
    const [opened] = await alertsOfConfig(t, d.readOnly, d.groupId, noPrimary);
    expect(opened).toMatchObject({
      status: 'OPEN',
      replicaSetName: 'rs0',
      currentValue: { number: 0, units: 'RAW' },
    });

    await hosts(
      d,
      members([
        ['REPLICA_SECONDARY', true],
        ['REPLICA_PRIMARY', true],
      ]),
    );
    const [closed] = await alertsOfConfig(t, d.readOnly, d.groupId, noPrimary);
    expect(closed).toMatchObject({ id: opened.id, status: 'CLOSED' });
    await deliver(t.app);
    const kinds = receiver.requests
      .filter((r) => r.path === `/rs/${d.groupId}`)
      .map((r) => r.headers['x-mms-event']);
    // Both notices were queued before this delivery run, which sends them in parallel: arrival order
    // between them is not guaranteed.
    expect([...kinds].sort()).toEqual(['alert.close', 'alert.open']);
  });
});
