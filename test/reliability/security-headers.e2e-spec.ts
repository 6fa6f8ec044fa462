import { request } from '../support/checked-request';
import { call } from '../support/digest-client';
import { bootstrapFirstUser, type BootstrapResult } from '../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../support/test-app';

describe("Security headers (helmet) beside the product's headers", () => {
  let t: TestApp;
  let boot: BootstrapResult;

  beforeAll(async () => {
    t = await startTestApp();
    boot = await bootstrapFirstUser(t);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('should send helmet headers on API responses while keeping HSTS max-age=300 and the exact Content-Type', async () => {
    const response = await call('GET', `${t.apiUrl}/orgs`, { auth: boot.globalKey });
    expect(response.status).toBe(200);
    expect(response.headers['strict-transport-security']).toBe('max-age=300');
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('should keep the challenge Content-Type and HSTS on the 401', async () => {
    const response = await request(`${t.apiUrl}/orgs`, { dataType: 'text' });
    expect(response.status).toBe(401);
    expect(response.headers['content-type']).toBe('application/json;charset=ISO-8859-1');
    expect(response.headers['strict-transport-security']).toBe('max-age=300');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('should serve Swagger UI at /docs without a Content-Security-Policy, its assets loading', async () => {
    const page = await request(`${t.baseUrl}/docs`, { dataType: 'text', followRedirect: true });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toBeUndefined();
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const html = String(page.data);
    const assets = [...html.matchAll(/(?:src|href)="\.?\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      const url = asset.startsWith('docs/') ? `${t.baseUrl}/${asset}` : `${t.baseUrl}/docs/${asset}`;
      const response = await request(url, { dataType: 'text' });
      expect({ asset, status: response.status, csp: response.headers['content-security-policy'] }).toEqual({
        asset,
        status: 200,
        csp: undefined,
      });
    }
  });
});
