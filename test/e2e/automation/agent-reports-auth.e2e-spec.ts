import { request } from '../../support/checked-request';
import { call } from '../../support/digest-client';
import { projectWithCallers } from '../../support/factories/alerting.fixture';
import type { BootstrapResult } from '../../support/factories/identity.fixture';
import { bootstrapFirstUser } from '../../support/factories/identity.fixture';
import type { TestApp } from '../../support/test-app';
import {
  createAgentKey,
  getJson,
  hostReport,
  monitoringReport,
  postReport,
  reportUrl,
  startAutomationApp,
  type AgentKey,
} from './automation.fixture';
import { expectApiError } from '../../support/api-error';

// The agent key's scope: one project only, checked on every report.
describe('POST /agents/v1/groups/{groupId}/reports (agent key authentication)', () => {
  let t: TestApp;
  let boot: BootstrapResult;
  let a: { groupId: string; key: AgentKey; readOnly: { publicKey: string; privateKey: string } };
  let b: { groupId: string; key: AgentKey };

  beforeAll(async () => {
    t = await startAutomationApp();
    boot = await bootstrapFirstUser(t);
    const projectA = await projectWithCallers(t, boot);
    const projectB = await projectWithCallers(t, boot);
    a = {
      groupId: projectA.groupId,
      key: await createAgentKey(t, projectA.groupOwner, projectA.groupId),
      readOnly: projectA.readOnly,
    };
    b = { groupId: projectB.groupId, key: await createAgentKey(t, projectB.groupOwner, projectB.groupId) };
  });

  afterAll(async () => {
    await t.close();
  });

  const heartbeat = monitoringReport([hostReport({ hostname: 'scoped.example.com' })]);

  function expectRefused(
    response: { status: number; body: unknown; headers: Record<string, unknown> },
    groupId: string,
  ) {
    expectApiError(response, 401, 'INVALID_AGENT_API_KEY', {
      parameters: [groupId],
      detail: `Invalid agent API key for group ${groupId}.`,
    });
    expect(response.headers['www-authenticate']).toBe('Basic realm="Agent API", charset="UTF-8"');
  }

  it('should refuse a report without credentials', async () => {
    expectRefused(await postReport(t, a.groupId, undefined, heartbeat), a.groupId);
  });

  it("should refuse another project's key, for the project named in the path as for the user", async () => {
    expectRefused(await postReport(t, a.groupId, b.key.key, heartbeat), a.groupId);
    expectRefused(await postReport(t, a.groupId, b.key.key, heartbeat, { user: b.groupId }), a.groupId);
  });

  it("should refuse a user name that is not the project of the path even with that project's key", async () => {
    expectRefused(await postReport(t, b.groupId, a.key.key, heartbeat, { user: a.groupId }), b.groupId);
  });

  it('should refuse a wrong key and store nothing', async () => {
    const last = a.key.key.slice(-1);
    const wrong = `${a.key.key.slice(0, -1)}${last === '0' ? '1' : '0'}`;
    expectRefused(await postReport(t, a.groupId, wrong, heartbeat), a.groupId);
    const hosts = await getJson(t, a.readOnly, `/groups/${a.groupId}/hosts`);
    expect(hosts.body.totalCount).toBe(0);
  });

  it('should refuse Digest credentials of an API key', async () => {
    const response = await request(reportUrl(t, a.groupId), {
      method: 'POST',
      digestAuth: `${boot.globalKey.publicKey}:${boot.globalKey.privateKey}`,
      headers: { 'content-type': 'application/json' },
      content: JSON.stringify(heartbeat),
      dataType: 'json',
    });
    expectApiError({ status: response.status, body: response.data }, 401, 'INVALID_AGENT_API_KEY');
  });

  it('should accept every key of the project and stop accepting a key once it is deleted', async () => {
    const owner = await projectWithCallers(t, boot);
    const first = await createAgentKey(t, owner.groupOwner, owner.groupId, 'first');
    const second = await createAgentKey(t, owner.groupOwner, owner.groupId, 'second');
    expect((await postReport(t, owner.groupId, first.key, heartbeat)).status).toBe(202);
    expect((await postReport(t, owner.groupId, second.key, heartbeat)).status).toBe(202);

    const deleted = await call('DELETE', `${t.apiUrl}/groups/${owner.groupId}/agentapikeys/${first.id}`, {
      auth: owner.groupOwner,
    });
    expect(deleted.status).toBe(204);
    expectRefused(await postReport(t, owner.groupId, first.key, heartbeat), owner.groupId);
    expect((await postReport(t, owner.groupId, second.key, heartbeat)).status).toBe(202);
  });

  it('should answer 401 for a project that does not exist', async () => {
    const missing = '0123456789abcdef01234567';
    expectRefused(await postReport(t, missing, a.key.key, heartbeat), missing);
  });
});
