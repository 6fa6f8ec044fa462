import { call } from '../../support/digest-client';
import { projectEvents } from '../../support/factories/alerting.fixture';
import type { TestApp } from '../../support/test-app';
import { deployment, postReport, startAutomationApp, type Deployment } from './automation.fixture';
import { expectApiError } from '../../support/api-error';

describe('POST /groups/{groupId}/agentapikeys', () => {
  let t: TestApp;
  let d: Deployment;

  beforeAll(async () => {
    t = await startAutomationApp();
    d = await deployment(t);
  });

  afterAll(async () => {
    await t.close();
  });

  const path = () => `${t.apiUrl}/groups/${d.groupId}/agentapikeys`;

  it('should show the whole key once, then only its last four characters', async () => {
    const created = await call('POST', path(), { auth: d.groupOwner, body: { desc: 'rack 7' } });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      id: created.body._id,
      key: expect.stringMatching(/^[0-9a-f]{32}$/),
      desc: 'rack 7',
      createdTime: expect.any(Number),
      createdBy: 'PUBLIC_API',
      createdUserId: d.groupOwner.id,
      createdIpAddr: expect.any(String),
    });
    const listed = await call('GET', path(), { auth: d.readOnly });
    expect(listed.status).toBe(200);
    const entry = (listed.body as Array<{ _id: string; key: string }>).find(
      (key) => key._id === created.body._id,
    );
    expect(entry).toEqual({ ...created.body, key: `${'*'.repeat(28)}${created.body.key.slice(-4)}` });
    expect(listed.text).not.toContain(created.body.key);
    expect(
      (await postReport(t, d.groupId, created.body.key, { agentType: 'BACKUP', hostname: 'b', version: '1' }))
        .status,
    ).toBe(202);
    const [event] = await projectEvents(t, d.readOnly, d.groupId, 'AGENT_API_KEY_CREATED');
    expect(event).toMatchObject({
      publicKey: d.groupOwner.publicKey,
      raw: { agentApiKeyId: created.body._id, desc: 'rack 7' },
    });
    expect(JSON.stringify(event)).not.toContain(created.body.key);
  });

  it('should list the keys as a bare array, oldest first', async () => {
    const listed = await call('GET', path(), { auth: d.readOnly });
    expect(Array.isArray(listed.body)).toBe(true);
    expect((listed.body as Array<{ desc: string }>).map((key) => key.desc)).toEqual(['agents', 'rack 7']);
  });

  it('should refuse a missing or empty description', async () => {
    const missing = await call('POST', path(), { auth: d.groupOwner, body: {} });
    expectApiError(missing, 400, 'MISSING_ATTRIBUTE', ['desc']);
    const empty = await call('POST', path(), { auth: d.groupOwner, body: { desc: '' } });
    expectApiError(empty, 400, 'VALIDATION_ERROR');
  });

  it('should refuse callers below project owner with USER_UNAUTHORIZED', async () => {
    for (const auth of [d.readOnly, d.monitoringAdmin, d.automationAdmin]) {
      const response = await call('POST', path(), { auth, body: { desc: 'nope' } });
      expectApiError(response, 401, 'USER_UNAUTHORIZED');
    }
    expectApiError(await call('GET', path(), { auth: d.outsider }), 401, 'NOT_IN_GROUP');
  });
});

describe('DELETE /groups/{groupId}/agentapikeys/{agentApiKeyId}', () => {
  let t: TestApp;
  let d: Deployment;

  beforeAll(async () => {
    t = await startAutomationApp();
    d = await deployment(t);
  });

  afterAll(async () => {
    await t.close();
  });

  const keyPath = (id: string) => `${t.apiUrl}/groups/${d.groupId}/agentapikeys/${id}`;

  it('should delete the key with 204 and record AGENT_API_KEY_DELETED', async () => {
    const response = await call('DELETE', keyPath(d.agentKey.id), { auth: d.groupOwner });
    expect(response.status).toBe(204);
    expect(
      (await call('GET', `${t.apiUrl}/groups/${d.groupId}/agentapikeys`, { auth: d.readOnly })).body,
    ).toEqual([]);
    expect(await projectEvents(t, d.readOnly, d.groupId, 'AGENT_API_KEY_DELETED')).toMatchObject([
      { raw: { agentApiKeyId: d.agentKey.id } },
    ]);
  });

  it('should answer AGENT_API_KEY_NOT_FOUND for an unknown key or a key of another project', async () => {
    const other = await deployment(t);
    for (const id of ['0123456789abcdef01234567', other.agentKey.id, 'x']) {
      const response = await call('DELETE', keyPath(id), { auth: d.groupOwner });
      expectApiError(response, 404, 'AGENT_API_KEY_NOT_FOUND', [id, d.groupId]);
    }
    expect(
      (
        await postReport(t, other.groupId, other.agentKey.key, {
          agentType: 'BACKUP',
          hostname: 'b',
          version: '1',
        })
      ).status,
    ).toBe(202);
  });

  it('should refuse a read-only caller with USER_UNAUTHORIZED', async () => {
    const response = await call('DELETE', keyPath('0123456789abcdef01234567'), { auth: d.readOnly });
    expectApiError(response, 401, 'USER_UNAUTHORIZED');
  });
});
