import { createHash } from 'node:crypto';
import { ManualClock } from '../../../src/platform/clock/clock';
import { expectApiError } from '../../support/api-error';
import { call } from '../../support/digest-client';
import { sql } from './federation.fixture';
import {
  browserRequest,
  person,
  signInCookies,
  startSignInWorld,
  type SignInWorld,
} from './saml-idp.fixture';

// The browser session a federated sign-in opens: what it allows, what it refuses, when it ends.
describe('POST /sso/logout', () => {
  const clock = new ManualClock();
  let s: SignInWorld;
  const IDLE = 120;
  const MAX = 300;

  beforeAll(async () => {
    s = await startSignInWorld(
      person(),
      { SESSION_IDLE_SECONDS: String(IDLE), SESSION_MAX_SECONDS: String(MAX) },
      clock,
    );
  });

  afterAll(async () => {
    await s.idp.close();
    await s.t.close();
  });

  const orgUrl = () => `${s.t.apiUrl}/orgs/${s.w.orgA}`;
  const get = (cookie: string) => call('GET', orgUrl(), { headers: { cookie } });
  const patchProject = (cookie: string, csrf?: string) =>
    call('PATCH', `${s.t.apiUrl}/groups/${s.w.projectA}`, {
      headers: { cookie, ...(csrf === undefined ? {} : { 'x-csrf-token': csrf }) },
      body: { tags: [] },
    });

  it('should keep only hashes of the session id and CSRF token', async () => {
    const { cookie, csrf } = await signInCookies(s);
    const token = /dms_session=([^;]+)/.exec(cookie)?.[1] ?? '';
    const rows = await sql<{ id_hash: string; csrf_hash: string }>(
      s.t,
      'SELECT id_hash, csrf_hash FROM browser_sessions',
    );
    const sha = (value: string) => createHash('sha256').update(value).digest('hex');
    expect(rows.some((row) => row.id_hash === sha(token) && row.csrf_hash === sha(csrf))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('should refuse a change without the CSRF token, or with another, and let GET through', async () => {
    const { cookie, csrf } = await signInCookies(s);
    expect((await get(cookie)).status).toBe(200);
    expectApiError(await patchProject(cookie), 403, 'CSRF_TOKEN_MISMATCH');
    expectApiError(await patchProject(cookie, 'x'.repeat(43)), 403, 'CSRF_TOKEN_MISMATCH');
    expect((await patchProject(cookie, csrf)).status).not.toBe(403);
  });

  it('should end the session after SESSION_IDLE_SECONDS without a request', async () => {
    const { cookie } = await signInCookies(s);
    clock.advance((IDLE - 10) * 1000);
    expect((await get(cookie)).status).toBe(200);
    clock.advance((IDLE + 1) * 1000);
    expect((await get(cookie)).status).toBe(401);
  });

  it('should end the session SESSION_MAX_SECONDS after the sign-in however busy it is', async () => {
    const { cookie } = await signInCookies(s);
    for (let elapsed = 0; elapsed + 100 < MAX; elapsed += 100) {
      clock.advance(100_000);
      expect((await get(cookie)).status).toBe(200);
    }
    clock.advance(100_000);
    expect((await get(cookie)).status).toBe(401);
  });

  it('should sign out only with the CSRF token, and refuse the session afterwards', async () => {
    const { cookie, csrf } = await signInCookies(s);
    const logout = (headers: Record<string, string>) =>
      browserRequest('POST', `${s.t.baseUrl}/sso/logout`, { headers });
    expectApiError(await logout({ cookie }), 403, 'CSRF_TOKEN_MISMATCH');
    expect((await get(cookie)).status).toBe(200);
    const done = await logout({ cookie, 'x-csrf-token': csrf });
    expect(done.status).toBe(204);
    expect(
      ([] as string[]).concat(done.headers['set-cookie'] ?? []).every((c) => c.includes('Max-Age=0')),
    ).toBe(true);
    expect((await get(cookie)).status).toBe(401);
  });
});
