import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../support/chromium';
import { call } from '../../support/digest-client';
import { eventsOf, roleMappingsUrl } from './federation.fixture';
import { person, rolesOf, startSignInWorld, type SignInWorld } from './saml-idp.fixture';

// A person signs in through the samlp identity provider in headless Chromium: the login route sends the
// browser to the IdP with a signed AuthnRequest, the IdP's page posts the signed assertion to the ACS,
// and the browser lands on Swagger UI with a session whose roles come from the federation.
describe('GET /sso/login', () => {
  let s: SignInWorld;
  let browser: Browser;
  const ada = person({ groups: ['dms-admins', 'unmapped-group'] });

  beforeAll(async () => {
    s = await startSignInWorld(ada);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await s.idp.close();
    await s.t.close();
  });

  async function signIn(page: Page): Promise<void> {
    await page.goto(`${s.t.baseUrl}/sso/login?email=${encodeURIComponent(ada.email)}`);
    await page.waitForURL(`${s.t.baseUrl}/docs**`, { timeout: 30_000 });
  }

  // The fetch runs in the signed-in page (its cookies, its origin), not in the test process.
  const status = (page: Page, method: string, path: string, headers: Record<string, string> = {}) =>
    page.evaluate(
      async ([m, p, h]) => {
        const init =
          m === 'PATCH'
            ? { method: m, headers: { ...h, 'Content-Type': 'application/json' }, body: '{}' }
            : { method: m, headers: h };
        // eslint-disable-next-line no-restricted-globals
        return (await fetch(p, init)).status;
      },
      [method, path, headers] as const,
    );

  const csrfToken = async (page: Page): Promise<string> =>
    (await page.context().cookies()).find((cookie) => cookie.name === 'dms_csrf')?.value ?? '';

  it('should land in Swagger UI with the mapped roles, call the API from "Try it out" and sign out', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    await signIn(page);
    expect(await rolesOf(s.t, ada.email)).toEqual([`GROUP_OWNER@${s.w.projectA}`, `ORG_MEMBER@${s.w.orgA}`]);
    const session = (await context.cookies()).find((cookie) => cookie.name === 'dms_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    await page.waitForSelector('.opblock', { timeout: 30_000 });
    const block = page.locator('#operations-Organizations-Organizations_get');
    await block.locator('.opblock-summary').click();
    await block.locator('button.try-out__btn').click();
    await block
      .locator('input[placeholder="orgId"], tr[data-param-name="orgId"] input')
      .first()
      .fill(s.w.orgA);
    await block.locator('button.execute').click();
    const answer = block.locator('.live-responses-table tbody tr.response td.response-col_status').first();
    await answer.waitFor({ timeout: 30_000 });
    expect((await answer.innerText()).trim()).toMatch(/^200/);
    const body = await block
      .locator('.live-responses-table tbody tr.response td.response-col_description pre')
      .first()
      .innerText();
    expect(JSON.parse(body).id).toBe(s.w.orgA);

    // The session's roles, not more: organization B is not the person's.
    expect(await status(page, 'GET', `/api/public/v1.0/orgs/${s.w.orgB}`)).toBe(401);
    expect(await status(page, 'GET', `/api/public/v1.0/groups/${s.w.projectA}`)).toBe(200);
    // A change without the CSRF token is refused before anything is read.
    expect(await status(page, 'PATCH', `/api/public/v1.0/groups/${s.w.projectA}`)).toBe(403);

    const logout = await status(page, 'POST', '/sso/logout', { 'X-CSRF-Token': await csrfToken(page) });
    expect(logout).toBe(204);
    expect(await status(page, 'GET', `/api/public/v1.0/orgs/${s.w.orgA}`)).toBe(401);
    expect((await eventsOf(s.t, 'FEDERATED_SIGN_IN')).length).toBe(1);
    expect((await eventsOf(s.t, 'JOINED_GROUP')).some((e) => e.group_id === s.w.projectA)).toBe(true);
    await context.close();
  });

  it('should apply a role mapping change at the next sign-in', async () => {
    const removed = await call('DELETE', roleMappingsUrl(s.t, s.federationId, s.w.orgA, s.adminsMappingId), {
      auth: s.w.ownerA,
    });
    expect(removed.status).toBe(204);
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page);
    expect(await rolesOf(s.t, ada.email)).toEqual([`ORG_MEMBER@${s.w.orgA}`]);
    expect(await status(page, 'GET', `/api/public/v1.0/orgs/${s.w.orgA}`)).toBe(200);
    expect(await status(page, 'GET', `/api/public/v1.0/groups/${s.w.projectA}`)).toBe(401);
    const left = await eventsOf(s.t, 'REMOVED_FROM_GROUP');
    expect(left.some((event) => event.group_id === s.w.projectA)).toBe(true);
    await context.close();
  });
});
