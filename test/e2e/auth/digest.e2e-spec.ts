import { ManualClock } from '../../../src/platform/clock/clock';
import { challengeBody } from '../../support/api-error';
import { call } from '../../support/digest-client';
import {
  bootstrapFirstUser,
  createOrg,
  createOrgApiKey,
  type BootstrapResult,
} from '../../support/factories/identity.fixture';
import {
  authorization,
  challengesOf,
  freshNonce,
  parseChallenge,
  rawRequest,
} from '../../support/raw-digest';
import { startTestApp, type TestApp } from '../../support/test-app';
import { eventually } from '../../support/eventually';

const CHALLENGE =
  /^Digest realm="MMS Public API", domain="", nonce="[A-Za-z0-9_-]{43}", algorithm=(MD5|SHA-256), qop="auth", stale=(true|false)$/;

describe('GET /orgs (HTTP Digest authentication)', () => {
  const clock = new ManualClock();
  let t: TestApp;
  let boot: BootstrapResult;
  let path: string;

  beforeAll(async () => {
    t = await startTestApp({ DIGEST_NONCE_LIFETIME_SECONDS: '60' }, clock);
    boot = await bootstrapFirstUser(t);
    path = '/api/public/v1.0/orgs?pageNum=1&itemsPerPage=10';
  });

  afterAll(async () => {
    await t.close();
  });

  const signed = (nonce: string, nc: number, extra: Partial<Parameters<typeof authorization>[0]> = {}) =>
    authorization({
      username: boot.globalKey.publicKey,
      password: boot.globalKey.privateKey,
      method: 'GET',
      uri: path,
      nonce,
      nc,
      ...extra,
    });

  describe('GET /orgs without credentials', () => {
    it('should answer the exact 401 challenge when no Authorization header is sent', async () => {
      const response = await rawRequest('GET', `${t.baseUrl}${path}`);
      expect(response.status).toBe(401);
      expect(response.headers['content-type']).toBe('application/json;charset=ISO-8859-1');
      const challenges = challengesOf(response.headers);
      expect(challenges).toHaveLength(2);
      expect(challenges[0]).toMatch(CHALLENGE);
      expect(parseChallenge(challenges[0]).algorithm).toBe('MD5');
      expect(parseChallenge(challenges[1]).algorithm).toBe('SHA-256');
      expect(parseChallenge(challenges[0]).stale).toBe('false');
      expect(JSON.parse(response.text)).toEqual(challengeBody());
    });

    it('should check credentials before the body when curl probes a PATCH with a malformed body', async () => {
      const response = await rawRequest(
        'PATCH',
        `${t.apiUrl}/orgs/0123456789abcdef01234567/apiKeys/0123456789abcdef01234567`,
        { 'content-type': 'application/json' },
        '{not json',
      );
      expect(response.status).toBe(401);
      expect(challengesOf(response.headers)[0]).toMatch(CHALLENGE);
    });
  });

  describe('GET /orgs with a third-party Digest client', () => {
    it('should return 200 when urllib answers the challenge with the right key', async () => {
      const response = await call('GET', `${t.apiUrl}/orgs`, { auth: boot.globalKey });
      expect(response.status).toBe(200);
    });

    it('should return 401 when the private key is wrong', async () => {
      const response = await call('GET', `${t.apiUrl}/orgs`, {
        auth: { publicKey: boot.globalKey.publicKey, privateKey: 'wrong-key' },
      });
      expect(response.status).toBe(401);
      expect(response.body).toEqual(challengeBody());
    });

    it('should answer an unknown user name exactly as a wrong password', async () => {
      const wrong = await call('GET', `${t.apiUrl}/orgs`, {
        auth: { publicKey: 'nosuchkey', privateKey: 'x' },
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual(challengeBody());
    });

    it('should authenticate a user with username and password when the user signs in with Digest', async () => {
      const response = await call('GET', `${t.apiUrl}/orgs`, { auth: boot.userCredentials });
      expect(response.status).toBe(200);
    });
  });

  describe('GET /orgs with hand-built Digest headers', () => {
    it('should accept a reused nonce when nc increases, as requests and digest-fetch do', async () => {
      const nonce = await freshNonce(`${t.baseUrl}${path}`);
      for (const nc of [1, 2, 3]) {
        const response = await rawRequest('GET', `${t.baseUrl}${path}`, { authorization: signed(nonce, nc) });
        expect(response.status).toBe(200);
      }
    });

    it('should accept a fresh nonce with a high nc when urllib sends its process-wide counter', async () => {
      const nonce = await freshNonce(`${t.baseUrl}${path}`);
      const response = await rawRequest('GET', `${t.baseUrl}${path}`, { authorization: signed(nonce, 41) });
      expect(response.status).toBe(200);
    });

    it('should refuse a replayed (nonce, nc) pair when it was already used', async () => {
      const nonce = await freshNonce(`${t.baseUrl}${path}`);
      const header = signed(nonce, 1);
      expect((await rawRequest('GET', `${t.baseUrl}${path}`, { authorization: header })).status).toBe(200);
      const replay = await rawRequest('GET', `${t.baseUrl}${path}`, { authorization: header });
      expect(replay.status).toBe(401);
      const lower = await rawRequest('GET', `${t.baseUrl}${path}`, { authorization: signed(nonce, 1) });
      expect(lower.status).toBe(401);
    });

    it('should answer stale=true when the nonce has expired', async () => {
      const nonce = await freshNonce(`${t.baseUrl}${path}`);
      clock.advance(61_000);
      const response = await rawRequest('GET', `${t.baseUrl}${path}`, { authorization: signed(nonce, 1) });
      expect(response.status).toBe(401);
      expect(parseChallenge(challengesOf(response.headers)[0]).stale).toBe('true');
    });

    it('should refuse a forged nonce without stale', async () => {
      const forged = 'A'.repeat(43);
      const response = await rawRequest('GET', `${t.baseUrl}${path}`, { authorization: signed(forged, 1) });
      expect(response.status).toBe(401);
      expect(parseChallenge(challengesOf(response.headers)[0]).stale).toBe('false');
    });

    it('should refuse a response computed for another uri or realm', async () => {
      const nonce = await freshNonce(`${t.baseUrl}${path}`);
      const otherUri = await rawRequest('GET', `${t.baseUrl}${path}`, {
        authorization: signed(nonce, 1, { uri: '/api/public/v1.0/orgs' }),
      });
      expect(otherUri.status).toBe(401);
      const otherRealm = await rawRequest('GET', `${t.baseUrl}${path}`, {
        authorization: signed(nonce, 2, { realm: 'Other Realm' }),
      });
      expect(otherRealm.status).toBe(401);
    });

    it('should verify SHA-256 responses when the client picks the second challenge', async () => {
      const nonce = await freshNonce(`${t.baseUrl}${path}`);
      const response = await rawRequest('GET', `${t.baseUrl}${path}`, {
        authorization: signed(nonce, 1, { algorithm: 'SHA-256' }),
      });
      expect(response.status).toBe(200);
    });
  });

  describe('DELETE /orgs/{orgId}/apiKeys/{apiKeyId}', () => {
    it('should refuse a cached key at once when the key is deleted', async () => {
      const org = await createOrg(t, boot.globalKey);
      const key = await createOrgApiKey(t, boot.globalKey, org.id, ['ORG_OWNER']);
      expect((await call('GET', `${t.apiUrl}/orgs/${org.id}`, { auth: key })).status).toBe(200);
      const deleted = await call('DELETE', `${t.apiUrl}/orgs/${org.id}/apiKeys/${key.id}`, {
        auth: boot.globalKey,
      });
      expect(deleted.status).toBe(204);
      // NOTIFY is delivered asynchronously after commit: allow it a moment, never a stale success for long.
      const status = await eventually(
        'the deleted key refused',
        async () => {
          const answer = (await call('GET', `${t.apiUrl}/orgs/${org.id}`, { auth: key })).status;
          return answer === 200 ? undefined : answer;
        },
        2_000,
      );
      expect(status).toBe(401);
    });
  });
});

describe('GET /orgs (HTTP Digest across two instances)', () => {
  let a: TestApp;
  let b: TestApp;
  let boot: BootstrapResult;

  beforeAll(async () => {
    a = await startTestApp();
    boot = await bootstrapFirstUser(a);
    // A second instance on the same database.
    const { createApp } = await import('../../../src/app.setup');
    const app = await createApp(a.config, a.databaseUrl);
    await app.listen(0, '127.0.0.1');
    const port = (app.getHttpServer().address() as { port: number }).port;
    b = {
      ...a,
      app,
      baseUrl: `http://127.0.0.1:${port}`,
      apiUrl: `http://127.0.0.1:${port}/api/public/v1.0`,
      close: () => app.close(),
    };
  });

  afterAll(async () => {
    await b.close();
    await a.close();
  });

  describe('GET /orgs', () => {
    it('should accept on one instance a nonce issued by the other', async () => {
      const path = '/api/public/v1.0/orgs';
      const nonce = await freshNonce(`${a.baseUrl}${path}`);
      const header = authorization({
        username: boot.globalKey.publicKey,
        password: boot.globalKey.privateKey,
        method: 'GET',
        uri: path,
        nonce,
        nc: 1,
      });
      expect((await rawRequest('GET', `${b.baseUrl}${path}`, { authorization: header })).status).toBe(200);
      const replay = await rawRequest('GET', `${a.baseUrl}${path}`, { authorization: header });
      expect(replay.status).toBe(401);
    });
  });
});
