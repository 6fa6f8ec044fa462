import { call } from '../../support/digest-client';
import {
  bootstrapFirstUser,
  createOrg,
  type BootstrapResult,
} from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';
import { expectApiError } from '../../support/api-error';

// Shared API conventions, exercised through real endpoints: pagination, envelope, pretty, headers, errors.
describe('GET /orgs (API conventions through real endpoints)', () => {
  let t: TestApp;
  let boot: BootstrapResult;

  beforeAll(async () => {
    t = await startTestApp();
    boot = await bootstrapFirstUser(t);
    for (let i = 0; i < 3; i++) await createOrg(t, boot.globalKey, `conventions-${i}`);
  });

  afterAll(async () => {
    await t.close();
  });

  describe('GET /orgs (pagination)', () => {
    it('should accept itemsPerPage=500 when it is the maximum', async () => {
      const response = await call('GET', `${t.apiUrl}/orgs?itemsPerPage=500`, { auth: boot.globalKey });
      expect(response.status).toBe(200);
      expect(response.body.totalCount).toBe(3);
    });

    it('should refuse itemsPerPage=501 with INVALID_QUERY_PARAMETER naming it', async () => {
      const response = await call('GET', `${t.apiUrl}/orgs?itemsPerPage=501`, { auth: boot.globalKey });
      expectApiError(response, 400, 'INVALID_QUERY_PARAMETER', {
        detail: expect.stringContaining('itemsPerPage'),
      });
      expect(response.body.parameters[0]).toBe('itemsPerPage');
    });

    it('should refuse pageNum=0 and a non-numeric pageNum', async () => {
      for (const value of ['0', 'abc', '-1', '1.5']) {
        const response = await call('GET', `${t.apiUrl}/orgs?pageNum=${value}`, { auth: boot.globalKey });
        expectApiError(response, 400, 'INVALID_QUERY_PARAMETER', {
          detail: expect.stringContaining('pageNum'),
        });
      }
    });

    it('should link self, next and previous with absolute hrefs when a middle page is read', async () => {
      const response = await call('GET', `${t.apiUrl}/orgs?itemsPerPage=1&pageNum=2&pretty=false`, {
        auth: boot.globalKey,
      });
      expect(response.status).toBe(200);
      expect(response.body.results).toHaveLength(1);
      expect(response.body.totalCount).toBe(3);
      const links = Object.fromEntries(
        (response.body.links as Array<{ rel: string; href: string }>).map((link) => [
          link.rel,
          new URL(link.href),
        ]),
      );
      expect(Object.keys(links).sort()).toEqual(['next', 'previous', 'self']);
      expect(links.self.origin).toBe(t.baseUrl);
      expect(links.self.pathname).toBe('/api/public/v1.0/orgs');
      expect(links.self.searchParams.get('pageNum')).toBe('2');
      expect(links.self.searchParams.get('itemsPerPage')).toBe('1');
      expect(links.self.searchParams.get('pretty')).toBe('false');
      expect(links.next.searchParams.get('pageNum')).toBe('3');
      expect(links.previous.searchParams.get('pageNum')).toBe('1');
    });

    it('should omit next when the last page is read and keep pageNum in self on the first page', async () => {
      const last = await call('GET', `${t.apiUrl}/orgs?itemsPerPage=2&pageNum=2`, { auth: boot.globalKey });
      expect(last.body.links.map((link: { rel: string }) => link.rel).sort()).toEqual(['previous', 'self']);
      const first = await call('GET', `${t.apiUrl}/orgs`, { auth: boot.globalKey });
      const self = new URL(first.body.links.find((link: { rel: string }) => link.rel === 'self').href);
      expect(self.searchParams.get('pageNum')).toBe('1');
      expect(self.searchParams.get('itemsPerPage')).toBe('100');
    });

    it('should return an empty page when pageNum is past the end', async () => {
      const response = await call('GET', `${t.apiUrl}/orgs?pageNum=9`, { auth: boot.globalKey });
      expect(response.status).toBe(200);
      expect(response.body.results).toEqual([]);
      expect(response.body.totalCount).toBe(3);
    });
  });

  describe('GET /orgs (envelope and pretty)', () => {
    it('should add status to a list when envelope=true', async () => {
      const response = await call('GET', `${t.apiUrl}/orgs?envelope=true`, { auth: boot.globalKey });
      expect(response.status).toBe(200);
      expect(response.body.status).toBe(200);
      expect(Array.isArray(response.body.results)).toBe(true);
    });

    it('should wrap a single result as {status, content} when envelope=true', async () => {
      const org = await createOrg(t, boot.globalKey);
      const response = await call('GET', `${t.apiUrl}/orgs/${org.id}?envelope=true`, {
        auth: boot.globalKey,
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        status: 200,
        content: expect.objectContaining({ id: org.id, name: org.name }),
      });
    });

    it('should indent the JSON when pretty=true and not otherwise', async () => {
      const pretty = await call('GET', `${t.apiUrl}/orgs?pretty=true`, { auth: boot.globalKey });
      expect(pretty.text).toContain('\n  "');
      const compact = await call('GET', `${t.apiUrl}/orgs`, { auth: boot.globalKey });
      expect(compact.text).not.toContain('\n');
    });
  });

  describe('GET /orgs (headers)', () => {
    it('should send the versioning headers on success', async () => {
      const response = await call('GET', `${t.apiUrl}/orgs`, { auth: boot.globalKey });
      expect(response.headers['content-type']).toBe('application/json');
      expect(response.headers['strict-transport-security']).toBe('max-age=300');
      expect(response.headers.vary).toContain('Accept-Encoding');
      expect(response.headers['x-vendor-service-version']).toMatch(/^gitHash=[^;]+; versionString=.+$/);
      expect(response.headers['content-length']).toBeDefined();
    });
  });

  describe('errors', () => {
    it('should answer RESOURCE_NOT_FOUND when the route is unknown', async () => {
      const response = await call('GET', `${t.apiUrl}/no/such/route`, { auth: boot.globalKey });
      expect(response.headers['content-type']).toBe('application/json');
      expectApiError(response, 404, 'RESOURCE_NOT_FOUND', {
        parameters: ['/api/public/v1.0/no/such/route'],
        detail: 'Cannot find resource /api/public/v1.0/no/such/route.',
      });
    });

    it('should answer GROUP_NOT_FOUND or ORG_NOT_FOUND when a global caller lists under a missing parent', async () => {
      const missing = '0123456789abcdef01234567';
      const project = await call('GET', `${t.apiUrl}/groups/${missing}/events`, { auth: boot.globalKey });
      expectApiError(project, 404, 'GROUP_NOT_FOUND', [missing]);
      const org = await call('GET', `${t.apiUrl}/orgs/${missing}/events`, { auth: boot.globalKey });
      expectApiError(org, 404, 'ORG_NOT_FOUND', [missing]);
    });

    it('should answer INVALID_JSON when the body is malformed', async () => {
      const response = await call('POST', `${t.apiUrl}/orgs`, { auth: boot.globalKey, rawBody: '{"name": ' });
      expectApiError(response, 400, 'INVALID_JSON');
    });

    it('should answer INVALID_ATTRIBUTE naming an unknown field', async () => {
      const response = await call('POST', `${t.apiUrl}/orgs`, {
        auth: boot.globalKey,
        body: { name: 'x', colour: 'red' },
      });
      expectApiError(response, 400, 'INVALID_ATTRIBUTE', { detail: 'Invalid attribute colour specified.' });
    });

    it('should answer MISSING_ATTRIBUTE naming a missing field', async () => {
      const response = await call('POST', `${t.apiUrl}/orgs`, { auth: boot.globalKey, body: {} });
      expectApiError(response, 400, 'MISSING_ATTRIBUTE', { detail: expect.stringContaining('name') });
    });

    it('should answer INVALID_JSON_ATTRIBUTE naming a field of the wrong type', async () => {
      const response = await call('POST', `${t.apiUrl}/orgs`, { auth: boot.globalKey, body: { name: 42 } });
      expectApiError(response, 400, 'INVALID_JSON_ATTRIBUTE', { detail: expect.stringContaining('name') });
    });

    it('should answer INVALID_ENUM_VALUE naming the field when a role is unknown', async () => {
      const org = await createOrg(t, boot.globalKey);
      const response = await call('POST', `${t.apiUrl}/orgs/${org.id}/apiKeys`, {
        auth: boot.globalKey,
        body: { desc: 'k', roles: ['ORG_EMPEROR'] },
      });
      expectApiError(response, 400, 'INVALID_ENUM_VALUE', { detail: expect.stringContaining('ORG_EMPEROR') });
    });

    it('should answer 415 when the body is not JSON', async () => {
      const response = await call('POST', `${t.apiUrl}/orgs`, {
        auth: boot.globalKey,
        rawBody: 'name=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expectApiError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
    });

    it('should answer REQUEST_TOO_LARGE when the body exceeds the limit', async () => {
      const response = await call('POST', `${t.apiUrl}/orgs`, {
        auth: boot.globalKey,
        rawBody: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
      });
      expectApiError(response, 413, 'REQUEST_TOO_LARGE');
    });
  });
});
