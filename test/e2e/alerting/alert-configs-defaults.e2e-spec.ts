import { ManualClock } from '../../../src/platform/clock/clock';
import { call } from '../../support/digest-client';
import { projectEvents } from '../../support/factories/alerting.fixture';
import {
  bootstrapFirstUser,
  createOrg,
  createProject,
  uniqueName,
  type BootstrapResult,
  type OrgView,
} from '../../support/factories/identity.fixture';
import type { TestApp } from '../../support/test-app';
import { configsApi, startConfigsApp, type ConfigView } from './alert-configs.fixture';

const clock = new ManualClock(new Date('2024-05-02T12:00:00Z'));
let t: TestApp;
let boot: BootstrapResult;
let org: OrgView;

beforeAll(async () => {
  t = await startConfigsApp(clock);
  boot = await bootstrapFirstUser(t);
  org = await createOrg(t, boot.globalKey);
});

afterAll(async () => {
  await t.close();
});

const projectOwnersByEmail = {
  delayMin: 0,
  emailEnabled: true,
  intervalMin: 60,
  role: ['GROUP_OWNER'],
  roles: ['GROUP_OWNER'],
  smsEnabled: false,
  typeName: 'GROUP',
};

describe('POST /groups (default alert configurations)', () => {
  it("should give a new project the product's default alert configurations, enabled", async () => {
    const project = await createProject(t, boot.globalKey, org.id);
    const response = await configsApi(t, project.id).list(boot.globalKey);
    expect(response.status).toBe(200);
    expect(response.body.totalCount).toBe(2);
    const [ssl, monitoring] = response.body.results as ConfigView[];
    for (const [config, eventTypeName] of [
      [ssl, 'HOST_SSL_CERTIFICATE_STALE'],
      [monitoring, 'MONITORING_AGENT_DOWN'],
    ] as const) {
      expect(config).toEqual({
        created: '2024-05-02T12:00:00Z',
        enabled: true,
        eventTypeName,
        groupId: project.id,
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        links: [{ href: `${t.apiUrl}/groups/${project.id}/alertConfigs/${config.id}`, rel: 'self' }],
        matchers: [],
        notifications: [projectOwnersByEmail],
        updated: '2024-05-02T12:00:00Z',
      });
    }
  });

  it('should record ALERT_CONFIG_ADDED_AUDIT for each default configuration, by the creator of the project', async () => {
    const project = await createProject(t, boot.globalKey, org.id);
    const configs = (await configsApi(t, project.id).list(boot.globalKey)).body.results as ConfigView[];
    const events = await projectEvents(t, boot.globalKey, project.id, 'ALERT_CONFIG_ADDED_AUDIT');
    expect(events.map((event) => event.alertConfigId).sort()).toEqual(
      configs.map((config) => config.id).sort(),
    );
    for (const event of events) {
      expect(event).toMatchObject({
        groupId: project.id,
        orgId: org.id,
        apiKeyId: boot.globalKey.id,
        publicKey: boot.globalKey.publicKey,
      });
    }
  });

  it('should create no configuration when the project is created with withDefaultAlertsSettings false', async () => {
    const created = await call('POST', `${t.apiUrl}/groups`, {
      auth: boot.globalKey,
      body: { name: uniqueName('quiet'), orgId: org.id, withDefaultAlertsSettings: false },
    });
    expect(created.status).toBe(201);
    const response = await configsApi(t, created.body.id).list(boot.globalKey);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ results: [], totalCount: 0 });
    expect(await projectEvents(t, boot.globalKey, created.body.id, 'ALERT_CONFIG_ADDED_AUDIT')).toEqual([]);
  });

  it('should treat the default configurations like any other: they can be disabled, replaced and deleted', async () => {
    const project = await createProject(t, boot.globalKey, org.id);
    const api = configsApi(t, project.id);
    const [ssl, monitoring] = (await api.list(boot.globalKey)).body.results as ConfigView[];
    expect((await api.toggle(boot.globalKey, ssl.id, { enabled: false })).body.enabled).toBe(false);
    const replaced = await api.replace(boot.globalKey, monitoring.id, {
      enabled: true,
      notifications: [{ typeName: 'EMAIL', emailAddress: 'oncall@example.com' }],
    });
    expect(replaced.body).toMatchObject({
      eventTypeName: 'MONITORING_AGENT_DOWN',
      created: monitoring.created,
    });
    expect((await api.remove(boot.globalKey, ssl.id)).status).toBe(204);
    expect((await api.list(boot.globalKey)).body.totalCount).toBe(1);
  });
});
