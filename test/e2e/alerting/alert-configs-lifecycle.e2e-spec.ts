import { ManualClock } from '../../../src/platform/clock/clock';
import { call } from '../../support/digest-client';
import {
  alertsOf,
  metricAlert,
  projectEvents,
  projectWithCallers,
  type ProjectCallers,
} from '../../support/factories/alerting.fixture';
import {
  bootstrapFirstUser,
  createOrg,
  createOrgApiKey,
  createProject,
  type BootstrapResult,
} from '../../support/factories/identity.fixture';
import type { TestApp } from '../../support/test-app';
import { configsApi, hostDownBody, startConfigsApp, type ConfigView } from './alert-configs.fixture';
import { MINUTE, isoSeconds } from '../../support/time';
import { apiErrorBody, expectApiError } from '../../support/api-error';

const UNAUTHORIZED = apiErrorBody(401, 'USER_UNAUTHORIZED', {
  detail: 'Current user is not authorized to perform this action.',
  parameters: [],
});
const NOT_IN_GROUP = apiErrorBody(401, 'NOT_IN_GROUP', {
  detail: 'The current user is not in the group, or the group does not exist.',
  parameters: [],
});

const clock = new ManualClock(new Date('2024-03-01T09:00:00Z'));
let t: TestApp;
let boot: BootstrapResult;
let p: ProjectCallers;
let api: ReturnType<typeof configsApi>;

beforeAll(async () => {
  t = await startConfigsApp(clock);
  boot = await bootstrapFirstUser(t);
  p = await projectWithCallers(t, boot);
  api = configsApi(t, p.groupId);
});

afterAll(async () => {
  await t.close();
});

async function created(body: Record<string, unknown> = hostDownBody()): Promise<ConfigView> {
  const response = await api.create(p.monitoringAdmin, body);
  if (response.status !== 201) throw new Error(`create: ${response.status} ${response.text}`);
  return response.body as ConfigView;
}

const configEvents = async (type: string, alertConfigId: string) =>
  (await projectEvents(t, p.readOnly, p.groupId, type)).filter(
    (event) => event.alertConfigId === alertConfigId,
  );

describe('POST /groups/{groupId}/alertConfigs', () => {
  it('should answer 201 with the configuration, its defaults applied and its self link when the body is valid', async () => {
    const response = await api.create(p.monitoringAdmin, {
      eventTypeName: 'NO_PRIMARY',
      enabled: true,
      matchers: [{ fieldName: 'REPLICA_SET_NAME', operator: 'EQUALS', value: 'rs1' }],
      notifications: [
        { typeName: 'EMAIL', emailAddress: 'sos@example.com', delayMin: 5, intervalMin: 60 },
        { typeName: 'GROUP', smsEnabled: true, delayMin: 60, intervalMin: 120, role: 'GROUP_OWNER' },
        { typeName: 'SMS', mobileNumber: '+1-555-0100' },
      ],
    });
    expect(response.status).toBe(201);
    const id = response.body.id as string;
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(response.body).toEqual({
      created: '2024-03-01T09:00:00Z',
      enabled: true,
      eventTypeName: 'NO_PRIMARY',
      groupId: p.groupId,
      id,
      links: [{ href: `${t.apiUrl}/groups/${p.groupId}/alertConfigs/${id}`, rel: 'self' }],
      matchers: [{ fieldName: 'REPLICA_SET_NAME', operator: 'EQUALS', value: 'rs1' }],
      notifications: [
        { delayMin: 5, emailAddress: 'sos@example.com', intervalMin: 60, typeName: 'EMAIL' },
        {
          delayMin: 60,
          emailEnabled: false,
          intervalMin: 120,
          role: ['GROUP_OWNER'],
          roles: ['GROUP_OWNER'],
          smsEnabled: true,
          typeName: 'GROUP',
        },
        { delayMin: 0, intervalMin: 60, mobileNumber: '+1-555-0100', typeName: 'SMS' },
      ],
      updated: '2024-03-01T09:00:00Z',
    });
    expect(Object.keys(response.body)).toEqual([...Object.keys(response.body)].sort());
    const read = await api.get(p.readOnly, id);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(response.body);
  });

  it('should record ALERT_CONFIG_ADDED_AUDIT with the project, its organization, the configuration and the caller', async () => {
    const config = await created();
    const events = await configEvents('ALERT_CONFIG_ADDED_AUDIT', config.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      eventTypeName: 'ALERT_CONFIG_ADDED_AUDIT',
      groupId: p.groupId,
      orgId: p.orgId,
      alertConfigId: config.id,
      apiKeyId: p.monitoringAdmin.id,
      publicKey: p.monitoringAdmin.publicKey,
    });
  });

  it('should create a copy and ignore the service fields when a GET body is sent back', async () => {
    const original = await created();
    const response = await api.create(p.monitoringAdmin, { ...original, typeName: 'HOST' });
    expect(response.status).toBe(201);
    expect(response.body.id).not.toBe(original.id);
    expect(response.body).toMatchObject({
      eventTypeName: 'HOST_DOWN',
      groupId: p.groupId,
      notifications: original.notifications,
      links: [{ href: `${t.apiUrl}/groups/${p.groupId}/alertConfigs/${response.body.id}`, rel: 'self' }],
    });
    expect(response.body).not.toHaveProperty('typeName');
  });

  it('should refuse a groupId that names another project with GROUP_MISMATCH', async () => {
    const other = '5e8cc670a16506712e0b1e00';
    const response = await api.create(p.monitoringAdmin, hostDownBody({ groupId: other }));
    expectApiError(response, 400, 'GROUP_MISMATCH', {
      parameters: [other, p.groupId],
      detail: `The group ID ${other} in the body does not match the group ID ${p.groupId} in the URL.`,
    });
  });

  it('should let project owners, organization owners and global owners create', async () => {
    for (const auth of [p.groupOwner, p.orgOwner, p.globalOwner]) {
      expect((await api.create(auth, hostDownBody())).status).toBe(201);
    }
  });

  it('should refuse read-only and other project roles with USER_UNAUTHORIZED', async () => {
    for (const auth of [p.readOnly, p.automationAdmin]) {
      const response = await api.create(auth, hostDownBody());
      expect(response.status).toBe(401);
      expect(response.body).toEqual(UNAUTHORIZED);
    }
  });

  it('should refuse callers outside the project, including a key of another organization, with NOT_IN_GROUP', async () => {
    const otherOrg = await createOrg(t, boot.globalKey);
    const foreignOwner = await createOrgApiKey(t, boot.globalKey, otherOrg.id, ['ORG_OWNER']);
    for (const auth of [p.outsider, foreignOwner]) {
      const response = await api.create(auth, hostDownBody());
      expect(response.status).toBe(401);
      expect(response.body).toEqual(NOT_IN_GROUP);
    }
  });

  it('should answer 404 GROUP_NOT_FOUND when a global owner names a project that does not exist', async () => {
    const missing = '5e8cc670a16506712e0b1e01';
    const response = await configsApi(t, missing).create(p.globalOwner, hostDownBody());
    expectApiError(response, 404, 'GROUP_NOT_FOUND', {
      parameters: [missing],
      detail: `No group with ID ${missing} exists.`,
    });
  });
});

describe('GET /groups/{groupId}/alertConfigs', () => {
  it('should list the project configurations oldest first with an exact totalCount and page links', async () => {
    const project = await createProject(t, boot.globalKey, p.orgId);
    const projectApi = configsApi(t, project.id);
    const defaults = await projectApi.list(p.orgOwner);
    expect(defaults.status).toBe(200);
    expect(defaults.body.totalCount).toBe(2);
    clock.advance(MINUTE);
    const mine = await projectApi.create(p.orgOwner, hostDownBody());
    const all = await projectApi.list(p.orgOwner);
    expect(all.body.totalCount).toBe(3);
    expect(all.body.results.map((config: ConfigView) => config.id)).toEqual([
      ...defaults.body.results.map((config: ConfigView) => config.id),
      mine.body.id,
    ]);
    expect(all.body.results[2]).toEqual(mine.body);

    const firstPage = await projectApi.list(p.orgOwner, '?itemsPerPage=2&pageNum=1');
    expect(firstPage.body.results).toHaveLength(2);
    expect(firstPage.body.links).toEqual([
      { href: `${projectApi.base}?pageNum=1&itemsPerPage=2`, rel: 'self' },
      { href: `${projectApi.base}?pageNum=2&itemsPerPage=2`, rel: 'next' },
    ]);
    const secondPage = await projectApi.list(p.orgOwner, '?itemsPerPage=2&pageNum=2');
    expect(secondPage.body.results.map((config: ConfigView) => config.id)).toEqual([mine.body.id]);
  });

  it('should let a read-only caller list and refuse an outsider with NOT_IN_GROUP', async () => {
    expect((await api.list(p.readOnly)).status).toBe(200);
    const outsider = await api.list(p.outsider);
    expect(outsider.status).toBe(401);
    expect(outsider.body).toEqual(NOT_IN_GROUP);
  });
});

describe('GET /groups/{groupId}/alertConfigs/{alertConfigId}', () => {
  it('should answer 404 INVALID_ALERT_CONFIG_ID when the id is malformed', async () => {
    const response = await api.get(p.readOnly, 'not-an-id');
    expectApiError(response, 404, 'INVALID_ALERT_CONFIG_ID', {
      parameters: ['not-an-id'],
      detail: 'Invalid alert configuration ID not-an-id.',
    });
  });

  it('should answer 404 ALERT_CONFIG_NOT_FOUND when no configuration has the id', async () => {
    const missing = '5e8cc670a16506712e0b1e02';
    const response = await api.get(p.readOnly, missing);
    expectApiError(response, 404, 'ALERT_CONFIG_NOT_FOUND', {
      parameters: [missing, p.groupId],
      detail: `No alert configuration with ID ${missing} exists in group ${p.groupId}.`,
    });
  });

  it('should answer 404 ALERT_CONFIG_NOT_FOUND when the configuration belongs to another project', async () => {
    const project = await createProject(t, boot.globalKey, p.orgId);
    const foreign = await configsApi(t, project.id).create(p.orgOwner, hostDownBody());
    const response = await api.get(p.orgOwner, foreign.body.id);
    expectApiError(response, 404, 'ALERT_CONFIG_NOT_FOUND');
  });
});

describe('PUT /groups/{groupId}/alertConfigs/{alertConfigId}', () => {
  it('should replace with a subset: enabled omitted disables, created is kept, updated is set, typeName ignored', async () => {
    const original = await created(
      hostDownBody({ matchers: [{ fieldName: 'HOSTNAME', operator: 'STARTS_WITH', value: 'db' }] }),
    );
    clock.advance(5 * MINUTE);
    const response = await api.replace(p.monitoringAdmin, original.id, {
      typeName: 'HOST',
      notifications: [{ typeName: 'GROUP', emailEnabled: true }],
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      created: original.created,
      enabled: false,
      eventTypeName: 'HOST_DOWN',
      groupId: p.groupId,
      id: original.id,
      links: original.links,
      matchers: [],
      notifications: [
        { delayMin: 0, emailEnabled: true, intervalMin: 60, smsEnabled: false, typeName: 'GROUP' },
      ],
      updated: isoSeconds(clock.now()),
    });
    expect((await api.get(p.readOnly, original.id)).body).toEqual(response.body);
  });

  it('should change the event type and thresholds when the body names them', async () => {
    const original = await created();
    const response = await api.replace(p.monitoringAdmin, original.id, {
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      enabled: true,
      metricThreshold: {
        metricName: 'MEMORY_RESIDENT',
        operator: 'GREATER_THAN',
        threshold: 4,
        units: 'GIGABYTES',
      },
      notifications: original.notifications,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      enabled: true,
      metricThreshold: {
        metricName: 'MEMORY_RESIDENT',
        mode: 'AVERAGE',
        operator: 'GREATER_THAN',
        threshold: 4,
        units: 'GIGABYTES',
      },
    });
  });

  it('should accept its own GET body sent back and keep the configuration as it was', async () => {
    const original = await created();
    clock.advance(MINUTE);
    const response = await api.replace(p.monitoringAdmin, original.id, original);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...original, updated: isoSeconds(clock.now()) });
  });

  it('should refuse an id in the body that differs from the URL with ATTRIBUTE_READ_ONLY', async () => {
    const original = await created();
    const response = await api.replace(p.monitoringAdmin, original.id, {
      ...original,
      id: '5e8cc670a16506712e0b1e03',
    });
    expectApiError(response, 400, 'ATTRIBUTE_READ_ONLY', {
      parameters: ['id'],
      detail: 'The attribute id is read-only and cannot be changed.',
    });
  });

  it('should refuse a body without notifications with MISSING_NOTIFICATIONS', async () => {
    const original = await created();
    const response = await api.replace(p.monitoringAdmin, original.id, { enabled: true });
    expectApiError(response, 400, 'MISSING_NOTIFICATIONS', {
      parameters: [],
      detail: 'At least one notification is required for an alert configuration.',
    });
  });

  it('should record ALERT_CONFIG_CHANGED_AUDIT and cancel the open alerts of the type the configuration no longer has', async () => {
    const config = await created();
    const alert = await alertsOf(t).open(metricAlert(p.groupId, { alertConfigId: config.id }));
    const response = await api.replace(p.monitoringAdmin, config.id, hostDownBody());
    expect(response.status).toBe(200);
    expect(await configEvents('ALERT_CONFIG_CHANGED_AUDIT', config.id)).toEqual([
      expect.objectContaining({
        groupId: p.groupId,
        orgId: p.orgId,
        alertConfigId: config.id,
        apiKeyId: p.monitoringAdmin.id,
      }),
    ]);
    const read = await call('GET', `${t.apiUrl}/groups/${p.groupId}/alerts/${alert.id}`, {
      auth: p.readOnly,
    });
    expect(read.body.status).toBe('CANCELLED');
  });

  it('should refuse a read-only caller with USER_UNAUTHORIZED and leave the configuration unchanged', async () => {
    const original = await created();
    const response = await api.replace(p.readOnly, original.id, hostDownBody({ enabled: false }));
    expect(response.status).toBe(401);
    expect(response.body).toEqual(UNAUTHORIZED);
    expect((await api.get(p.readOnly, original.id)).body).toEqual(original);
  });

  it('should answer 404 when the configuration does not exist', async () => {
    const response = await api.replace(p.monitoringAdmin, '5e8cc670a16506712e0b1e04', hostDownBody());
    expectApiError(response, 404, 'ALERT_CONFIG_NOT_FOUND');
  });
});

describe('PATCH /groups/{groupId}/alertConfigs/{alertConfigId}', () => {
  it('should disable, answer the whole configuration and record ALERT_CONFIG_DISABLED_AUDIT', async () => {
    const original = await created();
    const alert = await alertsOf(t).open(metricAlert(p.groupId, { alertConfigId: original.id }));
    clock.advance(MINUTE);
    const response = await api.toggle(p.monitoringAdmin, original.id, { enabled: false });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...original, enabled: false, updated: isoSeconds(clock.now()) });
    expect(await configEvents('ALERT_CONFIG_DISABLED_AUDIT', original.id)).toHaveLength(1);
    const read = await call('GET', `${t.apiUrl}/groups/${p.groupId}/alerts/${alert.id}`, {
      auth: p.readOnly,
    });
    expect(read.body.status).toBe('CANCELLED');
  });

  it('should enable and record ALERT_CONFIG_ENABLED_AUDIT', async () => {
    const original = await created(hostDownBody({ enabled: false }));
    const response = await api.toggle(p.groupOwner, original.id, { enabled: true });
    expect(response.status).toBe(200);
    expect(response.body.enabled).toBe(true);
    expect(await configEvents('ALERT_CONFIG_ENABLED_AUDIT', original.id)).toEqual([
      expect.objectContaining({
        groupId: p.groupId,
        orgId: p.orgId,
        alertConfigId: original.id,
        apiKeyId: p.groupOwner.id,
      }),
    ]);
  });

  it('should refuse a body without enabled with MISSING_ATTRIBUTE, a changed field of the configuration with ATTRIBUTE_READ_ONLY and an unknown one with INVALID_ATTRIBUTE', async () => {
    const original = await created();
    const missing = await api.toggle(p.monitoringAdmin, original.id, {});
    expectApiError(missing, 400, 'MISSING_ATTRIBUTE', {
      parameters: ['enabled'],
      detail: 'The required attribute enabled was not specified.',
    });
    const extra = await api.toggle(p.monitoringAdmin, original.id, {
      enabled: true,
      eventTypeName: 'NO_PRIMARY',
    });
    expectApiError(extra, 400, 'ATTRIBUTE_READ_ONLY', {
      parameters: ['eventTypeName'],
      detail: 'The attribute eventTypeName is read-only and cannot be changed.',
    });
    const unknown = await api.toggle(p.monitoringAdmin, original.id, { enabled: true, typeName: 'HOST' });
    expectApiError(unknown, 400, 'INVALID_ATTRIBUTE', {
      parameters: ['typeName'],
      detail: 'Invalid attribute typeName specified.',
    });
    expect((await api.get(p.monitoringAdmin, original.id)).body).toEqual(original);
  });

  it('should refuse a read-only caller with USER_UNAUTHORIZED', async () => {
    const original = await created();
    const response = await api.toggle(p.readOnly, original.id, { enabled: false });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(UNAUTHORIZED);
    expect((await api.get(p.readOnly, original.id)).body.enabled).toBe(true);
  });
});

describe('DELETE /groups/{groupId}/alertConfigs/{alertConfigId}', () => {
  it('should answer 204, remove the configuration, cancel its open alerts and record ALERT_CONFIG_DELETED_AUDIT', async () => {
    const config = await created();
    const alert = await alertsOf(t).open(metricAlert(p.groupId, { alertConfigId: config.id }));
    const response = await api.remove(p.monitoringAdmin, config.id);
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    expect((await api.get(p.readOnly, config.id)).body.errorCode).toBe('ALERT_CONFIG_NOT_FOUND');
    expect(await configEvents('ALERT_CONFIG_DELETED_AUDIT', config.id)).toEqual([
      expect.objectContaining({
        groupId: p.groupId,
        orgId: p.orgId,
        alertConfigId: config.id,
        apiKeyId: p.monitoringAdmin.id,
      }),
    ]);
    const read = await call('GET', `${t.apiUrl}/groups/${p.groupId}/alerts/${alert.id}`, {
      auth: p.readOnly,
    });
    expect(read.body).toMatchObject({ status: 'CANCELLED', alertConfigId: config.id });
  });

  it('should refuse a read-only caller with USER_UNAUTHORIZED and keep the configuration', async () => {
    const config = await created();
    const response = await api.remove(p.readOnly, config.id);
    expect(response.status).toBe(401);
    expect(response.body).toEqual(UNAUTHORIZED);
    expect((await api.get(p.readOnly, config.id)).status).toBe(200);
  });

  it('should answer 404 when the configuration is already gone', async () => {
    const config = await created();
    expect((await api.remove(p.monitoringAdmin, config.id)).status).toBe(204);
    const again = await api.remove(p.monitoringAdmin, config.id);
    expectApiError(again, 404, 'ALERT_CONFIG_NOT_FOUND');
  });
});

describe('GET /groups/{groupId}/alertConfigs/{alertConfigId}/alerts', () => {
  it('should list only the open alerts of that configuration, newest first', async () => {
    const config = await created();
    const other = await created();
    const first = await alertsOf(t).open(metricAlert(p.groupId, { alertConfigId: config.id }));
    clock.advance(MINUTE);
    const second = await alertsOf(t).open(metricAlert(p.groupId, { alertConfigId: config.id }));
    await alertsOf(t).track(metricAlert(p.groupId, { alertConfigId: config.id }));
    await alertsOf(t).close(
      (await alertsOf(t).open(metricAlert(p.groupId, { alertConfigId: config.id }))).id,
    );
    await alertsOf(t).open(metricAlert(p.groupId, { alertConfigId: other.id }));

    const response = await api.alerts(p.readOnly, config.id);
    expect(response.status).toBe(200);
    expect(response.body.totalCount).toBe(2);
    expect(response.body.results.map((alert: { id: string }) => alert.id)).toEqual([second.id, first.id]);
    expect(response.body.results[0]).toMatchObject({
      alertConfigId: config.id,
      status: 'OPEN',
      groupId: p.groupId,
    });
  });

  it('should answer 404 when the configuration does not exist', async () => {
    const response = await api.alerts(p.readOnly, '5e8cc670a16506712e0b1e05');
    expectApiError(response, 404, 'ALERT_CONFIG_NOT_FOUND');
  });
});

describe('GET /alertConfigs/matchers/fieldNames', () => {
  it('should answer the bare list of matcher field names to any authenticated caller', async () => {
    const response = await call('GET', `${t.apiUrl}/alertConfigs/matchers/fieldNames`, { auth: p.outsider });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      'TYPE_NAME',
      'HOSTNAME',
      'PORT',
      'HOSTNAME_AND_PORT',
      'REPLICA_SET_NAME',
      'SHARD_NAME',
      'CLUSTER_NAME',
    ]);
  });

  it('should answer the Digest challenge when no credentials are sent', async () => {
    const response = await call('GET', `${t.apiUrl}/alertConfigs/matchers/fieldNames`);
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toBeDefined();
  });
});
