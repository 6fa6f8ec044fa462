import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isLargeBodyRoute, LARGE_BODY_ROUTES } from './body-limits';

const API = '/api/public/v1.0';

describe('large body routes', () => {
  it('each names an operation of the served OpenAPI document', () => {
    const document = JSON.parse(
      readFileSync(join(__dirname, '..', '..', '..', 'test', 'contract', 'openapi.snapshot.json'), 'utf8'),
    ) as { paths: Record<string, Record<string, unknown>> };
    for (const { method, path } of LARGE_BODY_ROUTES) {
      const documented = document.paths[path] ?? document.paths[path.replace(API, '')] ?? {};
      expect({ method, path, documented: method.toLowerCase() in documented }).toEqual({
        method,
        path,
        documented: true,
      });
    }
  });

  it.each([
    ['PUT', `${API}/groups/5f0c0d0e0f1a2b3c4d5e6f70/automationConfig`, true],
    ['PUT', `${API}/GROUPS/5f0c0d0e0f1a2b3c4d5e6f70/automationConfig/`, true],
    ['GET', `${API}/groups/5f0c0d0e0f1a2b3c4d5e6f70/automationConfig`, false],
    ['PUT', `${API}/groups/a/b/automationConfig`, false],
    ['POST', '/agents/v1/groups/5f0c0d0e0f1a2b3c4d5e6f70/reports', true],
    ['POST', `${API}/agents/v1/groups/5f0c0d0e0f1a2b3c4d5e6f70/reports`, false],
    ['POST', `${API}/federationSettings/abc/identityProviders`, true],
    ['PATCH', `${API}/federationSettings/abc/identityProviders/0oa1`, true],
    ['POST', `${API}/orgs`, false],
    ['POST', `${API}/unauth/users`, false],
  ])('%s %s is large: %s', (method, path, large) => {
    expect(isLargeBodyRoute(method, path)).toBe(large);
  });
});
