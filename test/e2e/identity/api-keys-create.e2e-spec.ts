import { Client } from 'pg';
import { expectApiError } from '../../support/api-error';
import { call } from '../../support/digest-client';
import { startTestApp, type TestApp } from '../../support/test-app';
import { auditEvents } from './audit-events';
import { buildWorld, type World } from './world';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('POST /orgs/{orgId}/apiKeys', () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await startTestApp();
    w = await buildWorld(t);
  });

  afterAll(async () => {
    await t.close();
  });

  it('should return the full private key once and record ORG_API_KEY_ADDED when an org owner asks', async () => {
    const response = await call('POST', `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys`, {
      auth: w.ownerA,
      body: { desc: 'CI key', roles: ['ORG_MEMBER', 'ORG_GROUP_CREATOR'] },
    });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      desc: 'CI key',
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      links: [{ href: `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys/${response.body.id}`, rel: 'self' }],
      privateKey: expect.stringMatching(UUID_V4),
      publicKey: expect.stringMatching(/^[a-z]{8}$/),
      roles: [
        { orgId: w.orgA.id, roleName: 'ORG_GROUP_CREATOR' },
        { orgId: w.orgA.id, roleName: 'ORG_MEMBER' },
      ],
    });
    const events = (await auditEvents(t, 'ORG_API_KEY_ADDED')).filter(
      (e) => e.raw?.apiKeyId === response.body.id,
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      org_id: w.orgA.id,
      group_id: null,
      subject: { targetPublicKey: response.body.publicKey },
    });

    const again = await call('GET', `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys/${response.body.id}`, {
      auth: w.ownerA,
    });
    expect(again.body.privateKey).toBe(`********-****-****-${String(response.body.privateKey).slice(-12)}`);
  });

  it('should let the new key authenticate with its public and private key when created', async () => {
    const created = await call('POST', `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys`, {
      auth: w.ownerA,
      body: { desc: 'usable', roles: ['ORG_READ_ONLY'] },
    });

    const response = await call('GET', `${t.apiUrl}/orgs/${w.orgA.id}`, {
      auth: { publicKey: created.body.publicKey, privateKey: created.body.privateKey },
    });

    expect(response.status).toBe(200);
  });

  it.each([
    ['missing', { roles: ['ORG_MEMBER'] }],
    ['empty', { desc: '', roles: ['ORG_MEMBER'] }],
    ['blank', { desc: '   ', roles: ['ORG_MEMBER'] }],
    ['null', { desc: null, roles: ['ORG_MEMBER'] }],
  ])('should refuse with API_KEY_REQUIRES_DESCRIPTION when desc is %s', async (_label, body) => {
    const response = await call('POST', `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys`, { auth: w.ownerA, body });

    expectApiError(response, 400, 'API_KEY_REQUIRES_DESCRIPTION');
  });

  it('should refuse with VALIDATION_ERROR when desc is longer than 250 characters', async () => {
    const response = await call('POST', `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys`, {
      auth: w.ownerA,
      body: { desc: 'x'.repeat(251), roles: ['ORG_MEMBER'] },
    });

    expectApiError(response, 400, 'VALIDATION_ERROR');
    expect(response.body.parameters[0]).toBe('desc');
  });

  it('should refuse with MISSING_ATTRIBUTE when roles are missing or empty', async () => {
    for (const body of [{ desc: 'no roles' }, { desc: 'no roles', roles: [] }]) {
      const response = await call('POST', `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys`, { auth: w.ownerA, body });

      expectApiError(response, 400, 'MISSING_ATTRIBUTE');
      expect(response.body.parameters).toEqual(['roles']);
    }
  });

  it('should refuse with INVALID_ENUM_VALUE when a role is not an organization API key role', async () => {
    for (const role of ['GROUP_OWNER', 'GLOBAL_OWNER', 'ORG_BILLING_ADMIN', 'nope']) {
      const response = await call('POST', `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys`, {
        auth: w.ownerA,
        body: { desc: 'bad role', roles: ['ORG_MEMBER', role] },
      });

      expectApiError(response, 400, 'INVALID_ENUM_VALUE');
    }
  });

  it('should refuse with USER_UNAUTHORIZED when a non-owner of the organization asks', async () => {
    for (const auth of [w.memberA, w.readOnlyA, w.creatorA, w.ownerB]) {
      const response = await call('POST', `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys`, {
        auth,
        body: { desc: 'escalation', roles: ['ORG_OWNER'] },
      });

      expectApiError(response, 401, 'USER_UNAUTHORIZED');
    }
  });

  it('should refuse with API_KEY_LIMIT_EXCEEDED when the organization already holds 500 keys', async () => {
    const client = new Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM api_keys WHERE org_id = $1',
        [w.orgB.id],
      );
      const missing = 499 - (rows[0]?.count ?? 0);
      await client.query(
        `INSERT INTO api_keys (id, public_key, description, org_id, ha1_md5, ha1_sha256, private_key_tail)
         SELECT lpad(to_hex(n), 24, '0'), 'filler' || n, 'filler', $1, repeat('0', 32), repeat('0', 64), repeat('0', 12)
           FROM generate_series(1, $2::int) AS n`,
        [w.orgB.id, missing],
      );
    } finally {
      await client.end();
    }

    const last = await call('POST', `${t.apiUrl}/orgs/${w.orgB.id}/apiKeys`, {
      auth: w.ownerB,
      body: { desc: '500th', roles: ['ORG_MEMBER'] },
    });
    const over = await call('POST', `${t.apiUrl}/orgs/${w.orgB.id}/apiKeys`, {
      auth: w.ownerB,
      body: { desc: '501st', roles: ['ORG_MEMBER'] },
    });

    expect(last.status).toBe(200);
    expectApiError(over, 400, 'API_KEY_LIMIT_EXCEEDED');
  });
});
