import { ModulesContainer } from '@nestjs/core';
import { DeploymentReader } from '../../../src/modules/automation';
import { PrometheusDiscoveryService } from '../../../src/modules/integrations/prometheus/prometheus-discovery.service';
import { challengeBody } from '../../support/api-error';
import { call } from '../../support/digest-client';
import { createAgentKey, hostReport, monitoringReport, report } from '../automation/automation.fixture';
import { projectWithCallers, type ProjectCallers } from '../../support/factories/alerting.fixture';
import { bootstrapFirstUser, createProject } from '../../support/factories/identity.fixture';
import type { TestApp } from '../../support/test-app';
import {
  BODIES,
  OTHER_BODIES,
  SECRETS,
  configure,
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
  await configure(api, p.groupOwner, 'PROMETHEUS');
});

afterAll(async () => {
  await t.close();
});

const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;

const discoveryUrl = (groupId: string) => `${t.baseUrl}/prometheus/v1.0/groups/${groupId}/discovery`;

function discover(groupId: string, authorization?: string) {
  return call('GET', discoveryUrl(groupId), { headers: authorization ? { authorization } : {} });
}

// A monitoring agent of the project reports one process it watches.
async function agentReportsHost(groupId: string, hostname: string): Promise<void> {
  const key = await createAgentKey(t, p.globalOwner, groupId);
  await report(t, { groupId, agentKey: key }, monitoringReport([hostReport({ hostname })]));
}

describe('GET /prometheus/v1.0/groups/{groupId}/discovery', () => {
  const addHost = async (groupId: string, hostname: string, port: number): Promise<string> => {
    const response = await call<{ id: string }>('POST', `${t.apiUrl}/groups/${groupId}/hosts`, {
      auth: p.globalOwner,
      body: { hostname, port },
    });
    expect(response.status).toBe(201);
    return response.body.id;
  };
  const nameOf = async (groupId: string): Promise<string> =>
    (await call<{ name: string }>('GET', `${t.apiUrl}/groups/${groupId}`, { auth: p.globalOwner })).body.name;

  it('should list each machine of the monitored processes at the listenAddress port with the project labels', async () => {
    await addHost(p.groupId, 'db1.example.com', 27017);
    await addHost(p.groupId, 'db0.example.com', 27017);
    await addHost(p.groupId, 'db0.example.com', 27018);
    await addHost(p.groupId, 'fd00::12', 27017);
    const removed = await addHost(p.groupId, 'gone.example.com', 27017);
    expect(
      (await call('DELETE', `${t.apiUrl}/groups/${p.groupId}/hosts/${removed}`, { auth: p.groupOwner }))
        .status,
    ).toBe(204);
    await agentReportsHost(p.groupId, 'agent-seen.example.com');

    const response = await discover(p.groupId, basic('prom_user', SECRETS.prometheusPassword));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.body).toEqual([
      {
        targets: [
          '[fd00::12]:9216',
          'agent-seen.example.com:9216',
          'db0.example.com:9216',
          'db1.example.com:9216',
        ],
        labels: { group_id: p.groupId, group_name: await nameOf(p.groupId), org_id: p.orgId },
      },
    ]);
  });

  it('should answer no target group when the project monitors no process', async () => {
    const bare = await createProject(t, p.globalOwner, p.orgId);
    await configure(integrationsApi(t, bare.id), p.orgOwner, 'PROMETHEUS');
    const response = await discover(bare.id, basic('prom_user', SECRETS.prometheusPassword));
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });

  it.each([
    ['no credentials', undefined],
    ['a wrong password', basic('prom_user', 'wrong-password')],
    ['a wrong user name', basic('other_user', SECRETS.prometheusPassword)],
    ['Digest instead of Basic', 'Digest username="prom_user", realm="x", nonce="y", uri="/", response="z"'],
    ['a malformed Basic header', 'Basic %%%'],
  ])('should refuse %s with a Basic challenge', async (_case, authorization) => {
    const response = await discover(p.groupId, authorization);
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Basic realm="Prometheus discovery", charset="UTF-8"');
    expect(response.body).toEqual(challengeBody());
  });

  it('should answer the same challenge when the project has no PROMETHEUS integration or does not exist', async () => {
    const bare = await createProject(t, p.globalOwner, p.orgId);
    for (const groupId of [bare.id, '0123456789abcdef01234567', 'not-an-id']) {
      const response = await discover(groupId, basic('prom_user', SECRETS.prometheusPassword));
      expect(response.status).toBe(401);
      expect(response.body).toEqual(challengeBody());
    }
  });

  it("should not accept another project's Prometheus credentials", async () => {
    const other = await createProject(t, p.globalOwner, p.orgId);
    const theirs = integrationsApi(t, other.id);
    await configure(theirs, p.orgOwner, 'PROMETHEUS', { ...BODIES.PROMETHEUS, password: 'Their-Pa55-word' });
    expect((await discover(other.id, basic('prom_user', SECRETS.prometheusPassword))).status).toBe(401);
    expect((await discover(other.id, basic('prom_user', 'Their-Pa55-word'))).status).toBe(200);
  });

  it('should not accept Digest API key credentials, which are not the integration credentials', async () => {
    const response = await call('GET', discoveryUrl(p.groupId), { auth: p.groupOwner });
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toContain('Basic');
  });

  it('should answer an empty list when the integration is disabled, and follow a replaced password', async () => {
    const other = await createProject(t, p.globalOwner, p.orgId);
    const theirs = integrationsApi(t, other.id);
    await configure(theirs, p.orgOwner, 'PROMETHEUS', OTHER_BODIES.PROMETHEUS);
    const disabled = await discover(other.id, basic('other_user', 'Other-Pa55-word'));
    expect(disabled.status).toBe(200);
    expect(disabled.body).toEqual([]);
    await configure(theirs, p.orgOwner, 'PROMETHEUS', {
      ...OTHER_BODIES.PROMETHEUS,
      enabled: true,
      password: 'Rotated-1',
    });
    expect((await discover(other.id, basic('other_user', 'Other-Pa55-word'))).status).toBe(401);
    await addHost(other.id, 'db9.example.com', 27017);
    const enabled = await discover(other.id, basic('other_user', 'Rotated-1'));
    expect(enabled.body).toEqual([
      {
        targets: ['db9.example.com:9300'],
        labels: { group_id: other.id, group_name: await nameOf(other.id), org_id: p.orgId },
      },
    ]);
  });

  it('should refuse the old credentials once the integration is deleted', async () => {
    const other = await createProject(t, p.globalOwner, p.orgId);
    const theirs = integrationsApi(t, other.id);
    await configure(theirs, p.orgOwner, 'PROMETHEUS');
    expect((await discover(other.id, basic('prom_user', SECRETS.prometheusPassword))).status).toBe(200);
    expect((await theirs.remove(p.orgOwner, 'PROMETHEUS')).status).toBe(204);
    expect((await discover(other.id, basic('prom_user', SECRETS.prometheusPassword))).status).toBe(401);
  });
});

describe('GET /metrics', () => {
  it('should expose process metrics and HTTP responses by status in the Prometheus text format', async () => {
    await discover(p.groupId);
    await api.list(p.readOnly);
    const response = await call('GET', `${t.baseUrl}/metrics`);
    expect(response.status).toBe(200);
    // Express orders the parameters its own way; Prometheus reads the media type and version.
    const contentType = String(response.headers['content-type']).split(/;\s*/);
    expect(contentType[0]).toBe('text/plain');
    expect(contentType).toContain('version=0.0.4');
    expect(response.text).toContain('# TYPE http_requests_total counter');
    expect(response.text).toMatch(/^http_requests_total\{method="GET",status="200"\} \d+$/m);
    expect(response.text).toMatch(/^http_requests_total\{method="GET",status="401"\} \d+$/m);
    expect(response.text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(response.text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
  });

  it('should count each answered request once', async () => {
    const count = async () => {
      const text = (await call('GET', `${t.baseUrl}/metrics`)).text;
      return Number(/^http_requests_total\{method="DELETE",status="404"\} (\d+)$/m.exec(text)?.[1] ?? 0);
    };
    const before = await count();
    await api.remove(p.groupOwner, 'DATADOG');
    await api.remove(p.groupOwner, 'DATADOG');
    expect(await count()).toBe(before + 2);
  });

  it('should not be served under the API prefix', async () => {
    const response = await call('GET', `${t.apiUrl}/metrics`, { auth: p.readOnly });
    expect(response.status).toBe(404);
  });
});

// Every provider the running service resolved, by the class that was bound (useClass, useExisting, a
// factory's product): a stand-in (No*, *Stub, *Fake, *Placeholder, *Noop, *Dummy) is never what a
// context answers with, here or anywhere else.
const STAND_IN = /^No[A-Z]|(Stub|Fake|Placeholder|Noop|Dummy)$/;

describe('GET /prometheus/v1.0/groups/{groupId}/discovery (providers bound in the running service)', () => {
  it('should bind no stand-in class as a provider of any module when the service runs', () => {
    const bound = new Set<string>();
    for (const module of t.app.get(ModulesContainer).values()) {
      for (const wrapper of module.providers.values()) {
        if (typeof wrapper.metatype === 'function' && wrapper.metatype.name) bound.add(wrapper.metatype.name);
        const instance: unknown = wrapper.instance;
        if (typeof instance === 'object' && instance !== null) bound.add(instance.constructor.name);
      }
    }
    expect(bound.size).toBeGreaterThan(50);
    expect([...bound].filter((name) => STAND_IN.test(name))).toEqual([]);
  });

  it("should take the scrape targets from the automation context's deployment reader", () => {
    const dependencies: unknown[] = Reflect.getMetadata('design:paramtypes', PrometheusDiscoveryService);
    expect(dependencies).toContain(DeploymentReader);
    const reader = t.app.get(DeploymentReader, { strict: false });
    expect(reader.constructor).toBe(DeploymentReader);
  });
});
