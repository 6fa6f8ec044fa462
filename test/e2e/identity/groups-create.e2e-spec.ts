import { Client } from 'pg';
import { expectApiError } from '../../support/api-error';
import { call } from '../../support/digest-client';
import { startTestApp, type TestApp } from '../../support/test-app';
import { auditEvents } from './audit-events';
import { buildWorld, type World } from './identity.fixture';

const UNKNOWN_ID = '0123456789abcdef01234567';

describe('POST /groups', () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await startTestApp();
    w = await buildWorld(t);
  });

  afterAll(async () => {
    await t.close();
  });

  it('should create the project with the product shape and record GROUP_CREATED when an org owner asks', async () => {
    const response = await call('POST', `${t.apiUrl}/groups`, {
      auth: w.ownerA,
      body: { name: 'Shapes', orgId: w.orgA.id, withDefaultAlertsSettings: false },
    });

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      activeAgentCount: 0,
      created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
      hostCounts: { arbiter: 0, config: 0, master: 0, mongos: 0, primary: 0, secondary: 0, slave: 0 },
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      ldapGroupMappings: [],
      links: [{ href: `${t.apiUrl}/groups/${response.body.id}`, rel: 'self' }],
      name: 'Shapes',
      orgId: w.orgA.id,
      publicApiEnabled: true,
      replicaSetCount: 0,
      shardCount: 0,
      tags: [],
    });
    const events = (await auditEvents(t, 'GROUP_CREATED')).filter((e) => e.group_id === response.body.id);
    expect(events).toHaveLength(1);
    expect(events[0]?.org_id).toBe(w.orgA.id);
    const client = new Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      const row = await client.query('SELECT with_default_alerts_settings FROM projects WHERE id = $1', [
        response.body.id,
      ]);
      expect(row.rows[0].with_default_alerts_settings).toBe(false);
    } finally {
      await client.end();
    }
  });

  it('should make an ORG_GROUP_CREATOR key owner of the project it creates when it asks', async () => {
    const created = await call('POST', `${t.apiUrl}/groups`, {
      auth: w.creatorA,
      body: { name: 'Created by creator', orgId: w.orgA.id },
    });

    expect(created.status).toBe(201);
    const read = await call('GET', `${t.apiUrl}/groups/${created.body.id}`, { auth: w.creatorA });
    expect(read.status).toBe(200);
    const key = await call('GET', `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys/${w.creatorA.id}`, {
      auth: w.ownerA,
    });
    expect(key.body.roles).toContainEqual({ groupId: created.body.id, roleName: 'GROUP_OWNER' });
  });

  it('should create an organization of the same name when a global owner omits orgId', async () => {
    const response = await call('POST', `${t.apiUrl}/groups`, {
      auth: w.admin,
      body: { name: 'Standalone' },
    });

    expect(response.status).toBe(201);
    const org = await call('GET', `${t.apiUrl}/orgs/${response.body.orgId}`, { auth: w.admin });
    expect(org.body.name).toBe('Standalone');
    expect((await auditEvents(t, 'ORG_CREATED')).map((e) => e.org_id)).toContain(response.body.orgId);
  });

  it('should refuse with MISSING_ATTRIBUTE when an organization key omits orgId', async () => {
    const response = await call('POST', `${t.apiUrl}/groups`, { auth: w.ownerA, body: { name: 'No org' } });

    expectApiError(response, 400, 'MISSING_ATTRIBUTE', ['orgId']);
  });

  it('should refuse with USER_UNAUTHORIZED when an ORG_MEMBER key asks', async () => {
    const response = await call('POST', `${t.apiUrl}/groups`, {
      auth: w.memberA,
      body: { name: 'Nope', orgId: w.orgA.id },
    });

    expectApiError(response, 401, 'USER_UNAUTHORIZED');
  });

  it('should refuse with USER_UNAUTHORIZED when an organization key creates in another organization', async () => {
    const before = (await auditEvents(t, 'GROUP_CREATED')).length;

    const response = await call('POST', `${t.apiUrl}/groups`, {
      auth: w.ownerB,
      body: { name: 'Intruder', orgId: w.orgA.id },
    });

    expectApiError(response, 401, 'USER_UNAUTHORIZED');
    expect(await auditEvents(t, 'GROUP_CREATED')).toHaveLength(before);
  });

  it('should refuse with GROUP_ALREADY_EXISTS when the name is taken in the organization', async () => {
    const response = await call('POST', `${t.apiUrl}/groups`, {
      auth: w.ownerA,
      body: { name: 'Project A', orgId: w.orgA.id },
    });

    expectApiError(response, 409, 'GROUP_ALREADY_EXISTS');
  });

  it('should create the project when the name is taken only in another organization', async () => {
    const response = await call('POST', `${t.apiUrl}/groups`, {
      auth: w.ownerB,
      body: { name: 'Project A', orgId: w.orgB.id },
    });

    expect(response.status).toBe(201);
  });

  it('should create exactly one project when two creates of one name race', async () => {
    const responses = await Promise.all(
      [1, 2, 3].map(() =>
        call('POST', `${t.apiUrl}/groups`, { auth: w.ownerA, body: { name: 'Racy', orgId: w.orgA.id } }),
      ),
    );

    expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it('should answer ORG_NOT_FOUND when a global owner names an unknown organization', async () => {
    const response = await call('POST', `${t.apiUrl}/groups`, {
      auth: w.admin,
      body: { name: 'Lost', orgId: UNKNOWN_ID },
    });

    expectApiError(response, 404, 'ORG_NOT_FOUND');
  });

  it('should refuse with VALIDATION_ERROR when orgId is not 24 hexadecimal digits', async () => {
    const response = await call('POST', `${t.apiUrl}/groups`, {
      auth: w.admin,
      body: { name: 'Bad', orgId: 'xyz' },
    });

    expectApiError(response, 400, 'VALIDATION_ERROR', ['orgId', expect.any(String)]);
  });

  it('should refuse with MISSING_ATTRIBUTE when the name is missing', async () => {
    const response = await call('POST', `${t.apiUrl}/groups`, { auth: w.admin, body: { orgId: w.orgA.id } });

    expectApiError(response, 400, 'MISSING_ATTRIBUTE');
  });

  it('should make the named user owner of the project when projectOwnerId names a user', async () => {
    const response = await call('POST', `${t.apiUrl}/groups?projectOwnerId=${w.user.id}`, {
      auth: w.admin,
      body: { name: 'Owned by Jane', orgId: w.orgA.id },
    });

    expect(response.status).toBe(201);
    const user = await call('GET', `${t.apiUrl}/users/${w.user.id}`, { auth: w.admin });
    expect(user.body.roles).toContainEqual({ groupId: response.body.id, roleName: 'GROUP_OWNER' });
  });

  it('should refuse with INVALID_QUERY_PARAMETER when projectOwnerId is malformed', async () => {
    const response = await call('POST', `${t.apiUrl}/groups?projectOwnerId=nope`, {
      auth: w.admin,
      body: { name: 'Bad owner', orgId: w.orgA.id },
    });

    expectApiError(response, 400, 'INVALID_QUERY_PARAMETER');
  });
});
