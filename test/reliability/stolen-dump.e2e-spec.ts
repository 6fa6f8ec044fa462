import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { Client } from 'pg';
import { createApp } from '../../src/app.setup';
import { loadConfig } from '../../src/platform/config/app-config';
import { call, type Credentials } from '../support/digest-client';
import {
  bootstrapFirstUser,
  createOrg,
  createOrgApiKey,
  createProject,
  type BootstrapResult,
} from '../support/factories/identity.fixture';
import { authorization, challengesOf, freshNonce, parseChallenge, rawRequest } from '../support/raw-digest';
import { startTestApp, type TestApp } from '../support/test-app';

// What a stolen database dump gives: every string stored in every table is tried, over real HTTP, as the
// HA1 of the user and of each API key (MD5 and SHA-256), and as the secret that signs nonces. None may
// authenticate. The signing code is checked first against what does authenticate (the real HA1, a
// nonce minted with a known DIGEST_NONCE_SECRET), so a refusal means the value is useless, not that the
// test signs wrongly. Then: rows stored in clear before sealing existed are sealed at the next start,
// and a SECRETS_KEY rotation seals everything again with the new key.

const ORGS = '/api/public/v1.0/orgs';
const REALM = 'MMS Public API';
type Algorithm = 'MD5' | 'SHA-256';
const ALGORITHMS: Algorithm[] = ['MD5', 'SHA-256'];
const key = (): string => randomBytes(32).toString('base64');
// The dump test tries hundreds of wrong HA1 values from one address on purpose.
const UNTHROTTLED = { AUTH_FAILURES_PER_NAME_ADDRESS: '1000000', AUTH_FAILURES_PER_ADDRESS: '1000000' };

const h = (algorithm: Algorithm, text: string): string =>
  createHash(algorithm === 'MD5' ? 'md5' : 'sha256')
    .update(text)
    .digest('hex');

function signedWithHa1(username: string, ha1: string, algorithm: Algorithm, nonce: string): string {
  const cnonce = randomBytes(8).toString('hex');
  const response = h(algorithm, `${ha1}:${nonce}:00000001:${cnonce}:auth:${h(algorithm, `GET:${ORGS}`)}`);
  return (
    `Digest username="${username}", realm="${REALM}", nonce="${nonce}", uri="${ORGS}", ` +
    `response="${response}", algorithm=${algorithm}, qop=auth, nc=00000001, cnonce="${cnonce}"`
  );
}

// A nonce as the service mints them: issue time (8 bytes) and randomness (8), then 16 bytes of
// HMAC-SHA256 over both, base64url.
function forgedNonce(secret: Buffer): string {
  const body = Buffer.alloc(16);
  body.writeBigUInt64BE(BigInt(Date.now()), 0);
  randomBytes(8).copy(body, 8);
  const mac = createHmac('sha256', secret).update(body).digest().subarray(0, 16);
  return Buffer.concat([body, mac]).toString('base64url');
}

async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function stringsIn(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, into);
  else if (value !== null && typeof value === 'object')
    for (const item of Object.values(value)) stringsIn(item, into);
}

// Every string value of every row of every table, nested JSON included.
async function everyStoredString(databaseUrl: string): Promise<string[]> {
  return withClient(databaseUrl, async (client) => {
    const tables = await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition`,
    );
    const values = new Set<string>();
    for (const { name } of tables.rows) {
      const rows = await client.query<{ row: unknown }>(`SELECT row_to_json(t) AS row FROM "${name}" t`);
      for (const { row } of rows.rows) stringsIn(row, values);
    }
    return [...values];
  });
}

async function inParallel<T>(
  items: T[],
  concurrency: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await task(items[next++]);
    }),
  );
}

async function listening(app: INestApplication): Promise<string> {
  await app.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
}

describe('A database dump does not log in', () => {
  let t: TestApp;
  let boot: BootstrapResult;
  let principals: Array<{ username: string; secret: string }>;
  const oldKey = key();

  beforeAll(async () => {
    t = await startTestApp({ ...UNTHROTTLED, SECRETS_KEY: oldKey });
    boot = await bootstrapFirstUser(t);
    const org = await createOrg(t, boot.globalKey);
    await createProject(t, boot.globalKey, org.id);
    const orgKey = await createOrgApiKey(t, boot.globalKey, org.id, ['ORG_OWNER']);
    principals = [boot.userCredentials, boot.globalKey, orgKey].map((c: Credentials) => ({
      username: c.publicKey,
      secret: c.privateKey,
    }));
  });

  afterAll(async () => {
    await t?.close();
  });

  it('should refuse every stored string used as the HA1 of the user, the global key and an organization key', async () => {
    // The signing is right: the real HA1 authenticates each of them.
    for (const { username, secret } of principals) {
      for (const algorithm of ALGORITHMS) {
        const nonce = await freshNonce(`${t.apiUrl}/orgs`);
        const ha1 = h(algorithm, `${username}:${REALM}:${secret}`);
        const answer = await rawRequest('GET', `${t.apiUrl}/orgs`, {
          authorization: signedWithHa1(username, ha1, algorithm, nonce),
        });
        expect({ username, algorithm, status: answer.status }).toEqual({ username, algorithm, status: 200 });
      }
    }

    const stored = await everyStoredString(t.databaseUrl);
    expect(stored.length).toBeGreaterThan(50);
    const nonce = await freshNonce(`${t.apiUrl}/orgs`);
    const attempts = principals.flatMap(({ username }) =>
      ALGORITHMS.flatMap((algorithm) => stored.map((value) => ({ username, algorithm, value }))),
    );
    const accepted: string[] = [];
    await inParallel(attempts, 8, async ({ username, algorithm, value }) => {
      const answer = await rawRequest('GET', `${t.apiUrl}/orgs`, {
        authorization: signedWithHa1(username, value, algorithm, nonce),
      });
      if (answer.status !== 401) accepted.push(`${username} ${algorithm} ${value}: ${answer.status}`);
    });
    expect(accepted).toEqual([]);
    process.stdout.write(
      `stolen dump: ${stored.length} stored strings x ${attempts.length / stored.length} refused\n`,
    );
  });

  it('should refuse nonces minted with the stored nonce secret, or with any stored string', async () => {
    const user = principals[0];
    const sign = (nonce: string): string =>
      authorization({
        username: user.username,
        password: user.secret,
        method: 'GET',
        uri: ORGS,
        nonce,
        nc: 1,
      });

    // The minting is right: with a secret the service was given, a minted nonce authenticates.
    const known = 'a-nonce-secret-the-test-knows';
    const other = await createApp({ ...t.config, nonceSecret: known }, t.databaseUrl);
    try {
      const url = await listening(other);
      const minted = await rawRequest('GET', `${url}${ORGS}`, {
        authorization: sign(forgedNonce(Buffer.from(known))),
      });
      expect(minted.status).toBe(200);
    } finally {
      await other.close();
    }

    const row = await withClient(t.databaseUrl, (client) =>
      client.query<{ value: string }>(
        `SELECT value FROM platform_settings WHERE key = 'digest_nonce_secret'`,
      ),
    );
    expect(row.rows).toHaveLength(1);
    const candidates = (await everyStoredString(t.databaseUrl)).flatMap((value) => [
      Buffer.from(value, 'utf8'),
      Buffer.from(value, 'base64url'),
    ]);
    const accepted: string[] = [];
    await inParallel(candidates, 8, async (secret) => {
      const answer = await rawRequest('GET', `${t.apiUrl}/orgs`, {
        authorization: sign(forgedNonce(secret)),
      });
      const stale = parseChallenge(challengesOf(answer.headers)[0] ?? '').stale;
      if (answer.status !== 401 || stale !== 'false')
        accepted.push(`${secret.toString('base64')}: ${answer.status}`);
    });
    expect(accepted).toEqual([]);
  });

  it('should seal at start the credentials and the nonce secret stored in clear before sealing existed', async () => {
    const user = principals[0];
    const clear = {
      md5: h('MD5', `${user.username}:${REALM}:${user.secret}`),
      sha256: h('SHA-256', `${user.username}:${REALM}:${user.secret}`),
      nonceSecret: randomBytes(32).toString('base64url'),
    };
    await withClient(t.databaseUrl, async (client) => {
      await client.query('UPDATE users SET ha1_md5 = $1, ha1_sha256 = $2', [clear.md5, clear.sha256]);
      await client.query(`UPDATE platform_settings SET value = $1 WHERE key = 'digest_nonce_secret'`, [
        clear.nonceSecret,
      ]);
    });
    const restarted = await createApp(t.config, t.databaseUrl);
    try {
      const url = await listening(restarted);
      const stored = await withClient(t.databaseUrl, async (client) => ({
        user: (
          await client.query<{ ha1_md5: string; ha1_sha256: string }>('SELECT ha1_md5, ha1_sha256 FROM users')
        ).rows[0],
        nonce: (
          await client.query<{ value: string }>(
            `SELECT value FROM platform_settings WHERE key = 'digest_nonce_secret'`,
          )
        ).rows[0].value,
      }));
      expect(stored.user.ha1_md5).toMatch(/^v1:/);
      expect(stored.user.ha1_sha256).toMatch(/^v1:/);
      expect(stored.nonce).toMatch(/^v1:/);
      expect(JSON.stringify(stored)).not.toContain(clear.md5);
      expect(JSON.stringify(stored)).not.toContain(clear.nonceSecret);
      // The same secrets, only sealed: the user's password still works, and so does the nonce secret.
      expect((await call('GET', `${url}${ORGS}`, { auth: boot.userCredentials })).status).toBe(200);
      const minted = forgedNonce(Buffer.from(clear.nonceSecret, 'base64url'));
      const answer = await rawRequest('GET', `${url}${ORGS}`, {
        authorization: authorization({
          username: user.username,
          password: user.secret,
          method: 'GET',
          uri: ORGS,
          nonce: minted,
          nc: 1,
        }),
      });
      expect(answer.status).toBe(200);
    } finally {
      await restarted.close();
    }
  });

  it('should seal everything again with a rotated SECRETS_KEY, and refuse to start without the key that sealed it', async () => {
    const sealedRows = (): Promise<string[]> =>
      withClient(t.databaseUrl, async (client) => {
        const { rows } = await client.query<{ v: string }>(
          `SELECT ha1_md5 AS v FROM users UNION ALL SELECT ha1_sha256 FROM api_keys
           UNION ALL SELECT value FROM platform_settings WHERE key = 'digest_nonce_secret'`,
        );
        return rows.map((row) => row.v);
      });
    const before = await sealedRows();
    const newKey = key();
    const withKeys = (env: Record<string, string>) =>
      loadConfig({ ...process.env, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'warn', ...UNTHROTTLED, ...env });

    const wrongKey = await createApp(withKeys({ SECRETS_KEY: newKey }), t.databaseUrl);
    await expect(wrongKey.init()).rejects.toThrow(
      /sealed with a key that is neither SECRETS_KEY nor one of SECRETS_KEY_PREVIOUS/,
    );
    await wrongKey.close().catch(() => undefined);
    expect(await sealedRows()).toEqual(before);

    const rotating = await createApp(
      withKeys({ SECRETS_KEY: newKey, SECRETS_KEY_PREVIOUS: oldKey }),
      t.databaseUrl,
    );
    await rotating.init();
    await rotating.close();
    const after = await sealedRows();
    expect(after).toHaveLength(before.length);
    expect(after.filter((value) => !value.startsWith('v1:') || before.includes(value))).toEqual([]);

    // Once rotated, the new key alone serves every credential.
    const rotated = await createApp(withKeys({ SECRETS_KEY: newKey }), t.databaseUrl);
    try {
      const url = await listening(rotated);
      for (const { username, secret } of principals) {
        const response = await call('GET', `${url}${ORGS}`, {
          auth: { publicKey: username, privateKey: secret },
        });
        expect({ username, status: response.status }).toEqual({ username, status: 200 });
      }
    } finally {
      await rotated.close();
    }
  });
});
