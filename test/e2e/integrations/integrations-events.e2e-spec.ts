import {
  projectEvents,
  projectWithCallers,
  type ProjectCallers,
} from '../../support/factories/alerting.fixture';
import { bootstrapFirstUser } from '../../support/factories/identity.fixture';
import type { TestApp } from '../../support/test-app';
import {
  BODIES,
  OTHER_BODIES,
  SECRETS,
  TYPES,
  integrationsApi,
  startIntegrationsApp,
} from './integrations.fixture';

let t: TestApp;
let p: ProjectCallers;
let api: ReturnType<typeof integrationsApi>;

beforeAll(async () => {
  t = await startIntegrationsApp();
  p = await projectWithCallers(t, await bootstrapFirstUser(t));
  api = integrationsApi(t, p.groupId);
});

afterAll(async () => {
  await t.close();
});

const events = (type: 'INTEGRATION_CONFIGURED' | 'INTEGRATION_REMOVED') =>
  projectEvents(t, p.readOnly, p.groupId, type);

describe('PUT /groups/{groupId}/integrations/{integrationType} (audit events; POST and DELETE alike)', () => {
  it('should record INTEGRATION_CONFIGURED with the project, organization, caller and type when POST adds one', async () => {
    const before = (await events('INTEGRATION_CONFIGURED')).length;
    expect((await api.create(p.groupOwner, 'SLACK', BODIES.SLACK)).status).toBe(200);
    const recorded = await events('INTEGRATION_CONFIGURED');
    expect(recorded).toHaveLength(before + 1);
    expect(recorded[0]).toMatchObject({
      eventTypeName: 'INTEGRATION_CONFIGURED',
      groupId: p.groupId,
      orgId: p.orgId,
      apiKeyId: p.groupOwner.id,
      publicKey: p.groupOwner.publicKey,
      raw: expect.objectContaining({ integrationType: 'SLACK', method: 'POST' }),
    });
  });

  it('should record INTEGRATION_CONFIGURED when PUT replaces one and when PUT adds one', async () => {
    const before = (await events('INTEGRATION_CONFIGURED')).length;
    await api.replace(p.groupOwner, 'PAGER_DUTY', BODIES.PAGER_DUTY);
    await api.replace(p.groupOwner, 'PAGER_DUTY', OTHER_BODIES.PAGER_DUTY);
    const recorded = await events('INTEGRATION_CONFIGURED');
    expect(recorded).toHaveLength(before + 2);
    for (const event of recorded.slice(0, 2)) {
      expect(event.raw).toMatchObject({ integrationType: 'PAGER_DUTY', method: 'PUT' });
    }
  });

  it('should record INTEGRATION_REMOVED when DELETE removes one', async () => {
    await api.replace(p.groupOwner, 'WEBHOOK', BODIES.WEBHOOK);
    expect((await api.remove(p.groupOwner, 'WEBHOOK')).status).toBe(204);
    const [removed] = await events('INTEGRATION_REMOVED');
    expect(removed).toMatchObject({
      eventTypeName: 'INTEGRATION_REMOVED',
      groupId: p.groupId,
      orgId: p.orgId,
      raw: expect.objectContaining({ integrationType: 'WEBHOOK', method: 'DELETE' }),
    });
  });

  it('should record nothing when a write is refused', async () => {
    const configured = (await events('INTEGRATION_CONFIGURED')).length;
    const removed = (await events('INTEGRATION_REMOVED')).length;
    await api.replace(p.groupOwner, 'SLACK', { type: 'SLACK' });
    await api.create(p.groupOwner, 'SLACK', BODIES.SLACK);
    await api.remove(p.groupOwner, 'DATADOG');
    await api.replace(p.readOnly, 'SLACK', BODIES.SLACK);
    expect(await events('INTEGRATION_CONFIGURED')).toHaveLength(configured);
    expect(await events('INTEGRATION_REMOVED')).toHaveLength(removed);
  });

  it('should never put a secret in an event', async () => {
    for (const type of TYPES) {
      await api.replace(p.groupOwner, type, BODIES[type]);
      await api.remove(p.groupOwner, type);
    }
    const all = [...(await events('INTEGRATION_CONFIGURED')), ...(await events('INTEGRATION_REMOVED'))];
    const text = JSON.stringify(all);
    for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
    expect(text).not.toContain('v1:');
    for (const event of all) {
      const { integrationType, requestId, method, path } = event.raw as Record<string, unknown>;
      expect(Object.keys(event.raw ?? {}).sort()).toEqual(['integrationType', 'method', 'path', 'requestId']);
      expect(TYPES).toContain(integrationType);
      expect([requestId, method, path].every((value) => typeof value === 'string')).toBe(true);
    }
  });
});
