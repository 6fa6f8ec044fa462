import { createHash, randomBytes } from 'node:crypto';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';
import { ManualClock } from '../../../src/platform/clock/clock';
import {
  bootstrapFirstUser,
  createOrg,
  createOrgApiKey,
  type ApiKeyCredentials,
  type BootstrapResult,
} from '../../support/factories/identity.fixture';
import { challengesOf, parseChallenge, rawRequest } from '../../support/raw-digest';
import { challengeBody } from '../../support/api-error';
import { BACKGROUND_JOBS_OFF, startTestApp, type TestApp } from '../../support/test-app';

// Hostile Digest callers: every case is a request a well-behaved client
// never sends, built by hand from RFC 7616 independently of the service's code. docs/reliability.md
// lists them with the tests of test/e2e/auth/digest.e2e-spec.ts that cover the rest.

const PATH = '/api/public/v1.0/orgs';
const REALM = 'MMS Public API';

type Hash = 'MD5' | 'SHA-256';
const h = (algorithm: Hash, text: string): string =>
  createHash(algorithm === 'SHA-256' ? 'sha256' : 'md5')
    .update(text)
    .digest('hex');

interface Signing {
  username: string;
  password: string;
  nonce: string;
  // Hash actually used for the response; the header's `algorithm` says `label` (omitted when null).
  hash?: Hash;
  label?: string | null;
  realm?: string;
  uri?: string;
  nc?: string;
  // null: RFC 2069 response (no qop, nc or cnonce in the header or the hash).
  qop?: string | null;
}

function sign(s: Signing): string {
  const hash = s.hash ?? 'MD5';
  const label = s.label === undefined ? hash : s.label;
  const realm = s.realm ?? REALM;
  const uri = s.uri ?? PATH;
  const nc = s.nc ?? '00000001';
  const cnonce = randomBytes(8).toString('hex');
  const ha1 = h(hash, `${s.username}:${realm}:${s.password}`);
  const ha2 = h(hash, `GET:${uri}`);
  const qop = s.qop === undefined ? 'auth' : s.qop;
  const response =
    qop === null
      ? h(hash, `${ha1}:${s.nonce}:${ha2}`)
      : h(hash, `${ha1}:${s.nonce}:${nc}:${cnonce}:${qop}:${ha2}`);
  const parts = [
    `username="${s.username}"`,
    `realm="${realm}"`,
    `nonce="${s.nonce}"`,
    `uri="${uri}"`,
    `response="${response}"`,
  ];
  if (label !== null) parts.push(`algorithm=${label}`);
  if (qop !== null) parts.push(`qop=${qop}`, `nc=${nc}`, `cnonce="${cnonce}"`);
  return `Digest ${parts.join(', ')}`;
}

interface Answer {
  status: number;
  stale: string;
  body: unknown;
  // Header names and the challenges with their nonce masked: what must not differ between two refusals.
  shape: string;
}

async function send(t: TestApp, authorization: string): Promise<Answer> {
  const response = await rawRequest('GET', `${t.baseUrl}${PATH}`, { authorization });
  const challenges = challengesOf(response.headers);
  const varying = new Set(['date', 'x-request-id', 'etag']);
  const names = Object.keys(response.headers)
    .filter((name) => !varying.has(name))
    .sort();
  return {
    status: response.status,
    stale: challenges.length > 0 ? parseChallenge(challenges[0]).stale : '',
    body: response.status === 401 ? JSON.parse(response.text) : undefined,
    shape: JSON.stringify([names, challenges.map((c) => c.replace(/nonce="[^"]*"/, 'nonce="*"'))]),
  };
}

async function nonceOf(t: TestApp): Promise<string> {
  const response = await rawRequest('GET', `${t.baseUrl}${PATH}`);
  return parseChallenge(challengesOf(response.headers)[0]).nonce;
}

// The same nonce with its issue time moved a day ahead: the signature no longer matches.
function withIssueTimeMoved(nonce: string): string {
  const raw = Buffer.from(nonce, 'base64url');
  raw.writeBigUInt64BE(raw.readBigUInt64BE(0) + 86_400_000n, 0);
  return raw.toString('base64url');
}

describe('GET /orgs with hostile Digest credentials', () => {
  const clock = new ManualClock();
  let t: TestApp;
  let boot: BootstrapResult;
  let key: ApiKeyCredentials;

  beforeAll(async () => {
    // Background timers off: the statement count below sees the request's statements only.
    t = await startTestApp(
      {
        DIGEST_NONCE_LIFETIME_SECONDS: '60',
        ...BACKGROUND_JOBS_OFF,
      },
      clock,
    );
    boot = await bootstrapFirstUser(t);
    const org = await createOrg(t, boot.globalKey);
    key = await createOrgApiKey(t, boot.globalKey, org.id, ['ORG_OWNER']);
  });

  afterAll(async () => {
    await t.close();
  });

  const good = (nonce: string): Signing => ({ username: key.publicKey, password: key.privateKey, nonce });

  // [case, signing (from a fresh nonce), expected status, expected stale]
  const table: Array<[string, (nonce: string) => Signing, number, string]> = [
    ['the control: a correct MD5 response', (n) => good(n), 200, ''],
    ['nc zero', (n) => ({ ...good(n), nc: '00000000' }), 401, 'false'],
    ['nc that is not hexadecimal', (n) => ({ ...good(n), nc: '0000000g' }), 401, 'false'],
    ['nc longer than 8 digits', (n) => ({ ...good(n), nc: '000000001' }), 401, 'false'],
    ['a forged nonce of the right shape', () => ({ ...good('A'.repeat(43)) }), 401, 'false'],
    ['a nonce whose issue time was moved ahead', (n) => good(withIssueTimeMoved(n)), 401, 'false'],
    ['a nonce of the wrong length', (n) => good(n.slice(0, 42)), 401, 'false'],
    ['another realm in the header and the hash', (n) => ({ ...good(n), realm: 'Other Realm' }), 401, 'false'],
    [
      'another uri in the header and the hash',
      (n) => ({ ...good(n), uri: '/api/public/v1.0/orgs/x' }),
      401,
      'false',
    ],
    ['a SHA-256 response labelled MD5', (n) => ({ ...good(n), hash: 'SHA-256', label: 'MD5' }), 401, 'false'],
    [
      'an MD5 response labelled SHA-256',
      (n) => ({ ...good(n), hash: 'MD5', label: 'SHA-256' }),
      401,
      'false',
    ],
    [
      'a SHA-256 response with no algorithm (MD5 implied)',
      (n) => ({ ...good(n), hash: 'SHA-256', label: null }),
      401,
      'false',
    ],
    ['algorithm MD5-sess', (n) => ({ ...good(n), label: 'MD5-sess' }), 401, 'false'],
    ['algorithm SHA-512-256', (n) => ({ ...good(n), label: 'SHA-512-256' }), 401, 'false'],
    ['no qop (RFC 2069: no nc, no cnonce)', (n) => ({ ...good(n), qop: null }), 401, 'false'],
    ['qop auth-int', (n) => ({ ...good(n), qop: 'auth-int' }), 401, 'false'],
    [
      'a user name that does not exist',
      (n) => ({ ...good(n), username: `nosuch${randomBytes(4).toString('hex')}` }),
      401,
      'false',
    ],
  ];

  it.each(table)(
    'should answer %s with the expected status and stale flag',
    async (_name, signing, status, stale) => {
      const answer = await send(t, sign(signing(await nonceOf(t))));
      expect({ status: answer.status, stale: answer.stale }).toEqual({ status, stale });
      if (status === 401) expect(answer.body).toEqual(challengeBody());
    },
  );

  it('should refuse a replayed nc, and a lower one, after accepting the first', async () => {
    const nonce = await nonceOf(t);
    expect((await send(t, sign({ ...good(nonce), nc: '00000005' }))).status).toBe(200);
    for (const nc of ['00000005', '00000004']) {
      const replay = await send(t, sign({ ...good(nonce), nc }));
      expect({ status: replay.status, stale: replay.stale }).toEqual({ status: 401, stale: 'false' });
    }
    expect((await send(t, sign({ ...good(nonce), nc: '00000006' }))).status).toBe(200);
  });

  it('should answer stale=true to an expired nonce only when the response is right', async () => {
    const nonce = await nonceOf(t);
    clock.advance(61_000);
    const right = await send(t, sign(good(nonce)));
    const wrong = await send(t, sign({ ...good(nonce), password: 'not-the-key' }));
    const unknown = await send(t, sign({ ...good(nonce), username: 'nosuchname' }));
    expect([right.stale, wrong.stale, unknown.stale]).toEqual(['true', 'false', 'false']);
    expect([right.status, wrong.status, unknown.status]).toEqual([401, 401, 401]);
  });

  describe('a user name that does not exist, beside a wrong password', () => {
    let statements: string[] | undefined;
    let spy: jest.SpyInstance;

    beforeAll(() => {
      const original = PostgresQueryRunner.prototype.query;
      spy = jest.spyOn(PostgresQueryRunner.prototype, 'query').mockImplementation(function (
        this: PostgresQueryRunner,
        ...args: Parameters<typeof original>
      ) {
        statements?.push(args[0]);
        return original.apply(this, args);
      });
    });

    afterAll(() => spy.mockRestore());

    async function observed(authorization: string): Promise<{ answer: Answer; statements: string[] }> {
      statements = [];
      const answer = await send(t, authorization);
      const seen = statements;
      statements = undefined;
      return { answer, statements: seen };
    }

    it('should give the same status, body and headers, and run the same statements, cached or not', async () => {
      // Names nobody has looked up yet: the first request of each misses the credential cache.
      const org = await createOrg(t, boot.globalKey);
      const freshKey = await createOrgApiKey(t, boot.globalKey, org.id, ['ORG_MEMBER']);
      const callers = {
        unknownName: { username: `nosuch${randomBytes(6).toString('hex')}`, password: 'whatever' },
        keyWrongPassword: { username: freshKey.publicKey, password: 'not-the-key' },
        userWrongPassword: { username: boot.userCredentials.publicKey, password: 'not-the-password' },
      };
      // A known name is cached for AUTH_CACHE_TTL_MS (30 s); an unknown one must be too, or a probe a few
      // seconds later would cost a database trip for unknown names only.
      for (const round of ['cache miss', 'cache hit', 'cache hit 20 s later']) {
        if (round === 'cache hit 20 s later') clock.advance(20_000);
        const seen: Record<string, { answer: Answer; statements: string[] }> = {};
        for (const [who, caller] of Object.entries(callers)) {
          for (const hash of ['MD5', 'SHA-256'] as const) {
            seen[`${who} ${hash}`] = await observed(sign({ ...caller, nonce: await nonceOf(t), hash }));
          }
        }
        const reference = seen['unknownName MD5'];
        expect(reference.answer).toMatchObject({ status: 401, stale: 'false', body: challengeBody() });
        for (const [who, result] of Object.entries(seen)) {
          expect({ who, round, answer: result.answer }).toEqual({ who, round, answer: reference.answer });
          // The algorithm's second request reads the cache: compare like with like.
          const like = seen[who.replace(/^\w+/, 'unknownName')];
          expect({ who, round, statements: result.statements }).toEqual({
            who,
            round,
            statements: like.statements,
          });
        }
        // Once cached, a refusal's only statement is counting the failure (the same for every name).
        if (round === 'cache miss') expect(reference.statements.length).toBeGreaterThan(1);
        else expect(reference.statements).toEqual([expect.stringContaining('INSERT INTO auth_failures')]);
      }
    });
  });
});
