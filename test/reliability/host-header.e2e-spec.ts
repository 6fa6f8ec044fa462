import { call } from '../support/digest-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { createFederation, federationWorld, idpBody } from '../e2e/federation/federation.fixture';
import { expectApiError } from '../support/api-error';

// A value taken from the Host header must never be stored, and /metrics is not open to
// anyone by default.

const EVIL_HOST = 'attacker.example';

describe('POST /federationSettings/{federationSettingsId}/identityProviders with a forged Host header', () => {
  describe('when PUBLIC_BASE_URL is unset', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await startTestApp();
    });

    afterAll(async () => {
      await t.close();
    });

    it('should store acsUrl and audienceUri from the address the service listens on, not the Host header', async () => {
      const world = await federationWorld(t);
      const federation = await createFederation(t, world.ownerA, world.orgA);
      const response = await call(
        'POST',
        `${t.apiUrl}/federationSettings/${federation.id}/identityProviders`,
        {
          auth: world.ownerA,
          body: idpBody(),
          headers: { Host: EVIL_HOST },
        },
      );
      expect(response.status).toBe(200);
      const {
        oktaIdpId: id,
        acsUrl,
        audienceUri,
      } = response.body as {
        oktaIdpId: string;
        acsUrl: string;
        audienceUri: string;
      };
      expect(acsUrl).toBe(`${t.baseUrl}/sso/saml2/${id}`);
      expect(audienceUri).toBe(`${t.baseUrl}/saml2/service-provider/${id}`);
      const read = await call(
        'GET',
        `${t.apiUrl}/federationSettings/${federation.id}/identityProviders/${id}`,
        {
          auth: world.ownerA,
        },
      );
      expect(JSON.stringify(read.body)).not.toContain(EVIL_HOST);
    });
  });

  describe('when PUBLIC_BASE_URL is set', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await startTestApp({ PUBLIC_BASE_URL: 'https://dms.example.com' });
    });

    afterAll(async () => {
      await t.close();
    });

    it('should store acsUrl and audienceUri under PUBLIC_BASE_URL whatever the Host header says', async () => {
      const world = await federationWorld(t);
      const federation = await createFederation(t, world.ownerA, world.orgA);
      const response = await call(
        'POST',
        `${t.apiUrl}/federationSettings/${federation.id}/identityProviders`,
        {
          auth: world.ownerA,
          body: idpBody(),
          headers: { Host: EVIL_HOST },
        },
      );
      expect(response.status).toBe(200);
      const {
        oktaIdpId: id,
        acsUrl,
        audienceUri,
      } = response.body as {
        oktaIdpId: string;
        acsUrl: string;
        audienceUri: string;
      };
      expect(acsUrl).toBe(`https://dms.example.com/sso/saml2/${id}`);
      expect(audienceUri).toBe(`https://dms.example.com/saml2/service-provider/${id}`);
    });
  });
});

describe('GET /metrics exposure', () => {
  const FORWARDED = { 'X-Forwarded-For': '203.0.113.9' };
  const TOKEN = 'metrics-token-0123456789abcdef';

  describe('by default (METRICS_ACCESS=loopback)', () => {
    let t: TestApp;

    beforeAll(async () => {
      // Behind a trusted proxy the client address is the forwarded one: a remote caller.
      t = await startTestApp({ TRUST_PROXY: 'true' });
    });

    afterAll(async () => {
      await t.close();
    });

    it('should serve a caller on the machine itself', async () => {
      const response = await call('GET', `${t.baseUrl}/metrics`);
      expect(response.status).toBe(200);
      expect(response.text).toContain('http_requests_total');
    });

    it('should refuse a remote caller with 403 METRICS_NOT_EXPOSED and no figures', async () => {
      const response = await call('GET', `${t.baseUrl}/metrics`, { headers: FORWARDED });
      expectApiError(response, 403, 'METRICS_NOT_EXPOSED');
      expect(response.text).not.toContain('http_requests_total');
    });
  });

  describe('with METRICS_TOKEN set', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await startTestApp({ TRUST_PROXY: 'true', METRICS_TOKEN: TOKEN });
    });

    afterAll(async () => {
      await t.close();
    });

    it.each([
      ['no Authorization header', {}],
      ['a wrong token', { Authorization: 'Bearer metrics-token-0123456789abcdeX' }],
      ['the token as Basic', { Authorization: `Basic ${TOKEN}` }],
    ])('should refuse %s with 401 METRICS_TOKEN_REQUIRED, even from loopback', async (_what, headers) => {
      const response = await call('GET', `${t.baseUrl}/metrics`, { headers });
      expectApiError(response, 401, 'METRICS_TOKEN_REQUIRED');
    });

    it('should serve a remote caller presenting the token', async () => {
      const response = await call('GET', `${t.baseUrl}/metrics`, {
        headers: { ...FORWARDED, Authorization: `Bearer ${TOKEN}` },
      });
      expect(response.status).toBe(200);
      expect(response.text).toContain('http_requests_total');
    });
  });

  describe('with METRICS_ACCESS=open', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await startTestApp({ TRUST_PROXY: 'true', METRICS_ACCESS: 'open' });
    });

    afterAll(async () => {
      await t.close();
    });

    it('should serve a remote caller without credentials', async () => {
      const response = await call('GET', `${t.baseUrl}/metrics`, { headers: FORWARDED });
      expect(response.status).toBe(200);
    });
  });
});
