import { createHash } from 'node:crypto';
import { Client } from 'pg';
import { call } from '../../support/digest-client';
import { bootstrapFirstUser, FIRST_USER_PASSWORD } from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';
import { auditEvents } from './audit-events';
import { expectApiError } from '../../support/api-error';

const firstUser = {
  username: 'jane.doe@example.com',
  password: FIRST_USER_PASSWORD,
  firstName: 'Jane',
  lastName: 'Doe',
  emailAddress: 'jane.doe@example.com',
};

describe('POST /unauth/users', () => {
  let t: TestApp;

  beforeEach(async () => {
    t = await startTestApp();
  });

  afterEach(async () => {
    await t.close();
  });

  it('should create a global owner and a global API key when no user exists', async () => {
    const response = await call('POST', `${t.apiUrl}/unauth/users`, { body: firstUser });

    expect(response.status).toBe(201);
    const { programmaticApiKey: key, user } = response.body;
    expect(Object.keys(response.body).sort()).toEqual(['programmaticApiKey', 'user']);
    expect(key).toEqual({
      desc: 'Automatically generated Global API key',
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      links: [{ href: `${t.apiUrl}/admin/apiKeys/${key.id}`, rel: 'self' }],
      privateKey: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
      publicKey: expect.stringMatching(/^[a-z]{8}$/),
      roles: [{ roleName: 'GLOBAL_OWNER' }],
    });
    expect(user).toEqual({
      emailAddress: 'jane.doe@example.com',
      firstName: 'Jane',
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      lastName: 'Doe',
      links: [{ href: `${t.apiUrl}/users/${user.id}`, rel: 'self' }],
      roles: [{ roleName: 'GLOBAL_OWNER' }],
      teamIds: [],
      username: 'jane.doe@example.com',
    });
    expect(response.text).not.toContain(FIRST_USER_PASSWORD);
  });

  it('should let both the returned key and the user credentials authenticate when the bootstrap succeeded', async () => {
    const { globalKey, userCredentials, user } = await bootstrapFirstUser(t);

    const asKey = await call('GET', `${t.apiUrl}/users/${user.id}`, { auth: globalKey });
    const asUser = await call('GET', `${t.apiUrl}/users/${user.id}`, { auth: userCredentials });

    expect(asKey.status).toBe(200);
    expect(asUser.status).toBe(200);
    expect(asUser.body.username).toBe('jane.doe@example.com');
  });

  it('should store the HA1 hashes only sealed, and the key tail, when the bootstrap succeeded', async () => {
    const { globalKey } = await bootstrapFirstUser(t);
    const client = new Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      const users = await client.query('SELECT * FROM users');
      const keys = await client.query('SELECT * FROM api_keys');
      const dump = JSON.stringify([users.rows, keys.rows]);
      expect(dump).not.toContain(FIRST_USER_PASSWORD);
      expect(dump).not.toContain(globalKey.privateKey);
      const userHa1 = createHash('md5')
        .update(`jane.doe@example.com:MMS Public API:${FIRST_USER_PASSWORD}`)
        .digest('hex');
      const keyHa1 = createHash('sha256')
        .update(`${globalKey.publicKey}:MMS Public API:${globalKey.privateKey}`)
        .digest('hex');
      expect(dump).not.toContain(userHa1);
      expect(dump).not.toContain(keyHa1);
      for (const row of [...users.rows, ...keys.rows] as Array<Record<string, string>>) {
        expect(row.ha1_md5).toMatch(/^v1:/);
        expect(row.ha1_sha256).toMatch(/^v1:/);
      }
      expect(keys.rows[0].private_key_tail).toBe(globalKey.privateKey.slice(-12));
    } finally {
      await client.end();
    }
  });

  it('should refuse with INVITATION_ONLY_MODE_OR_LDAP when a user already exists', async () => {
    await bootstrapFirstUser(t);

    const response = await call('POST', `${t.apiUrl}/unauth/users`, {
      body: { ...firstUser, username: 'john@example.com' },
    });

    expectApiError(response, 403, 'INVITATION_ONLY_MODE_OR_LDAP');
  });

  it('should create exactly one user when two bootstrap calls race', async () => {
    const responses = await Promise.all(
      ['a@example.com', 'b@example.com', 'c@example.com'].map((username) =>
        call('POST', `${t.apiUrl}/unauth/users`, { body: { ...firstUser, username } }),
      ),
    );

    expect(responses.map((r) => r.status).sort()).toEqual([201, 403, 403]);
    const client = new Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      expect((await client.query('SELECT id FROM users')).rowCount).toBe(1);
      expect((await client.query('SELECT id FROM api_keys')).rowCount).toBe(1);
    } finally {
      await client.end();
    }
  });

  it('should record one USER_CREATED event carrying the requested addresses when accessList and whitelist are given', async () => {
    const response = await call(
      'POST',
      `${t.apiUrl}/unauth/users?accessList=127.0.0.1&whitelist=10.0.0.0%2F8&accessList=127.0.0.1`,
      { body: firstUser },
    );

    expect(response.status).toBe(201);
    const events = await auditEvents(t, 'USER_CREATED');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      org_id: null,
      group_id: null,
      subject: {
        targetUsername: 'jane.doe@example.com',
        targetPublicKey: response.body.programmaticApiKey.publicKey,
      },
      raw: {
        userId: response.body.user.id,
        apiKeyId: response.body.programmaticApiKey.id,
        accessList: ['127.0.0.1', '10.0.0.0/8'],
      },
    });
  });
});

// Refused requests create nothing, so these share one application and database.
describe('POST /unauth/users with invalid input', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  it.each(['short1!', 'nodigits!', 'nospecial1', '12345678!'])(
    'should refuse with WEAK_PASSWORD when the password is %p',
    async (password) => {
      const response = await call('POST', `${t.apiUrl}/unauth/users`, { body: { ...firstUser, password } });

      expectApiError(response, 400, 'WEAK_PASSWORD');
      expect(response.text).not.toContain(password);
    },
  );

  it.each([
    ['a space', 'jane doe'],
    ['a colon', 'jane:doe'],
    ['256 characters', 'x'.repeat(256)],
  ])('should refuse with INVALID_USERNAME when the username has %s', async (_label, username) => {
    const response = await call('POST', `${t.apiUrl}/unauth/users`, { body: { ...firstUser, username } });

    expectApiError(response, 400, 'INVALID_USERNAME');
  });

  it('should refuse with MISSING_ATTRIBUTE when the last name is missing', async () => {
    const { lastName: _omitted, ...body } = firstUser;

    const response = await call('POST', `${t.apiUrl}/unauth/users`, { body });

    expectApiError(response, 400, 'MISSING_ATTRIBUTE', ['lastName']);
  });

  it('should refuse with INVALID_ATTRIBUTE when the body holds an unknown field', async () => {
    const response = await call('POST', `${t.apiUrl}/unauth/users`, {
      body: { ...firstUser, roles: ['GLOBAL_OWNER'] },
    });

    expectApiError(response, 400, 'INVALID_ATTRIBUTE', ['roles']);
  });

  it('should refuse with INVALID_QUERY_PARAMETER when an accessList value is not an address', async () => {
    const response = await call('POST', `${t.apiUrl}/unauth/users?accessList=not-an-ip`, { body: firstUser });

    expectApiError(response, 400, 'INVALID_QUERY_PARAMETER');
    expect(await auditEvents(t)).toEqual([]);
  });
});
