import { ManualClock } from '../../../src/platform/clock/clock';
import { expectApiError } from '../../support/api-error';
import { call } from '../../support/digest-client';
import { createUser } from '../../support/factories/identity.fixture';
import type { TestApp } from '../../support/test-app';
import {
  deployment,
  getJson,
  hostReport,
  monitoringReport,
  report,
  startAutomationApp,
  type Deployment,
} from './automation.fixture';

// Fields the official clients decode (the Go client's User, Project and Host types), present with the
// types those clients expect.
describe('GET /groups/{groupId}/hosts/byName/{hostAndPort} (fields the clients decode)', () => {
  const clock = new ManualClock(new Date('2024-05-01T08:00:00Z'));
  let t: TestApp;
  let d: Deployment;

  beforeAll(async () => {
    t = await startAutomationApp(clock);
    d = await deployment(t);
  });

  afterAll(async () => {
    await t.close();
  });

  const byName = async (name: string) =>
    (await getJson(t, d.readOnly, `/groups/${d.groupId}/hosts/byName/${name}`)).body;

  it('should show aliases, hiddenSecondary, lastRestart and slaveDelaySec as reported and keep them when a report omits them', async () => {
    const reported = {
      aliases: ['db-alias.example.com:27017', '10.0.0.7:27017'],
      hiddenSecondary: true,
      lastRestart: '2024-04-30T06:15:00Z',
      slaveDelaySec: 3600,
    };
    await report(
      t,
      d,
      monitoringReport([
        hostReport({ hostname: 'delayed.example.com', typeName: 'REPLICA_SECONDARY', ...reported }),
      ]),
    );
    expect(await byName('delayed.example.com:27017')).toMatchObject(reported);

    clock.advance(60_000);
    await report(
      t,
      d,
      monitoringReport([hostReport({ hostname: 'delayed.example.com', typeName: 'REPLICA_SECONDARY' })]),
    );
    const host = await byName('delayed.example.com:27017');
    expect(host).toMatchObject(reported);
    expect(typeof host.slaveDelaySec).toBe('number');
    expect(typeof host.hiddenSecondary).toBe('boolean');
  });

  it('should show an empty aliases list and no other new field when nothing was reported', async () => {
    await report(t, d, monitoringReport([hostReport({ hostname: 'plain.example.com' })]));
    const host = await byName('plain.example.com:27017');
    expect(host.aliases).toEqual([]);
    for (const field of ['hiddenSecondary', 'lastRestart', 'slaveDelaySec'])
      expect(host).not.toHaveProperty(field);
  });

  it('should list hosts with the same fields when the project hosts are listed', async () => {
    const list = await getJson(t, d.readOnly, `/groups/${d.groupId}/hosts`);
    expect(list.status).toBe(200);
    for (const host of list.body.results) expect(Array.isArray(host.aliases)).toBe(true);
  });

  it('should refuse the report naming the field when an alias list is too long or a delay negative', async () => {
    const many = Array.from({ length: 21 }, (_, i) => `alias${i}.example.com:27017`);
    for (const [overrides, field] of [
      [{ aliases: many }, 'aliases'],
      [{ slaveDelaySec: -1 }, 'slaveDelaySec'],
      [{ lastRestart: 'yesterday' }, 'lastRestart'],
    ] as const) {
      const response = await call('POST', `${t.baseUrl}/agents/v1/groups/${d.groupId}/reports`, {
        headers: {
          authorization: `Basic ${Buffer.from(`${d.groupId}:${d.agentKey.key}`).toString('base64')}`,
        },
        body: monitoringReport([hostReport({ hostname: 'bad.example.com', ...overrides })]),
      });
      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body.parameters)).toContain(field);
    }
  });
});

describe('GET /groups/{groupId} (fields the clients decode)', () => {
  const clock = new ManualClock(new Date('2024-05-01T08:00:00Z'));
  let t: TestApp;
  let d: Deployment;

  beforeAll(async () => {
    t = await startAutomationApp(clock);
    d = await deployment(t);
  });

  afterAll(async () => {
    await t.close();
  });

  it('should show an empty ldapGroupMappings and no lastActiveAgent when no agent has reported', async () => {
    const project = await getJson(t, d.readOnly, `/groups/${d.groupId}`);
    expect(project.body.ldapGroupMappings).toEqual([]);
    expect(project.body).not.toHaveProperty('lastActiveAgent');
  });

  it('should show lastActiveAgent as the time of the newest report in get, byName and list', async () => {
    await report(t, d, monitoringReport([]));
    clock.advance(90_000);
    await report(t, d, monitoringReport([], { agentType: 'AUTOMATION', hostname: 'auto0.example.com' }));
    const expected = new Date(clock.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');

    const project = (await getJson(t, d.readOnly, `/groups/${d.groupId}`)).body;
    const byName = (await getJson(t, d.readOnly, `/groups/byName/${encodeURIComponent(project.name)}`)).body;
    const listed = (await getJson(t, d.globalOwner, `/groups?itemsPerPage=500`)).body.results.find(
      (p: { id: string }) => p.id === d.groupId,
    );

    for (const view of [project, byName, listed]) {
      expect(view.lastActiveAgent).toBe(expected);
      expect(view.ldapGroupMappings).toEqual([]);
    }
  });

  it('should accept the project written back as read when PATCH carries the new read-only fields', async () => {
    const project = (await getJson(t, d.groupOwner, `/groups/${d.groupId}`)).body;

    const response = await call('PATCH', `${t.apiUrl}/groups/${d.groupId}`, {
      auth: d.globalOwner,
      body: { ...project, name: `${project.name}-renamed`, tags: [] },
    });

    expect(response.status).toBe(200);
    expect(response.body.lastActiveAgent).toBe(project.lastActiveAgent);
  });

  it('should refuse with ATTRIBUTE_READ_ONLY when PATCH changes lastActiveAgent', async () => {
    const response = await call('PATCH', `${t.apiUrl}/groups/${d.groupId}`, {
      auth: d.globalOwner,
      body: { name: 'x', lastActiveAgent: '2020-01-01T00:00:00Z' },
    });

    expectApiError(response, 400, 'ATTRIBUTE_READ_ONLY');
  });
});

describe('GET /users/{userId} (fields the clients decode)', () => {
  let t: TestApp;
  let d: Deployment;

  beforeAll(async () => {
    t = await startAutomationApp();
    d = await deployment(t);
  });

  afterAll(async () => {
    await t.close();
  });

  it('should list the teams of the user in teamIds and its country when it has one', async () => {
    const { user } = await createUser(t, d.globalOwner, [{ orgId: d.orgId, roleName: 'ORG_MEMBER' }]);
    const fresh = await call('GET', `${t.apiUrl}/users/${user.id}`, { auth: d.globalOwner });
    expect(fresh.body.teamIds).toEqual([]);
    expect(fresh.body).not.toHaveProperty('country');

    const teams = [];
    for (const name of ['blue', 'green']) {
      const team = await call('POST', `${t.apiUrl}/orgs/${d.orgId}/teams`, {
        auth: d.globalOwner,
        body: { name, usernames: [user.username] },
      });
      expect(team.status).toBe(201);
      teams.push(team.body.id as string);
    }
    const patched = await call('PATCH', `${t.apiUrl}/users/${user.id}`, {
      auth: d.globalOwner,
      body: { country: 'DE' },
    });
    expect(patched.status).toBe(200);

    const byId = (await call('GET', `${t.apiUrl}/users/${user.id}`, { auth: d.globalOwner })).body;
    const byName = (await call('GET', `${t.apiUrl}/users/byName/${user.username}`, { auth: d.globalOwner }))
      .body;
    const listed = (
      await call('GET', `${t.apiUrl}/orgs/${d.orgId}/users`, { auth: d.globalOwner })
    ).body.results.find((u: { id: string }) => u.id === user.id);
    for (const view of [patched.body, byId, byName, listed]) {
      expect([...view.teamIds].sort()).toEqual([...teams].sort());
      expect(view.country).toBe('DE');
    }
  });

  it('should store the country given at creation and refuse one that is not two capital letters', async () => {
    const username = `country-${Date.now()}@example.com`;
    const base = {
      username,
      password: 'Teammate-2024!',
      emailAddress: username,
      firstName: 'Ana',
      lastName: 'Lima',
      roles: [{ orgId: d.orgId, roleName: 'ORG_MEMBER' }],
    };
    const refused = await call('POST', `${t.apiUrl}/users`, {
      auth: d.globalOwner,
      body: { ...base, country: 'Brazil' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.parameters).toContain('country');

    const created = await call('POST', `${t.apiUrl}/users`, {
      auth: d.globalOwner,
      body: { ...base, country: 'BR' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ country: 'BR', teamIds: [] });
  });
});
