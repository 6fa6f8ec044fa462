// The routes whose bodies are whole documents: an automation configuration, an agent's report, an
// identity provider with its certificates or metadata. Every other body is a few attributes, and gets
// the small default limit, so a caller (anonymous ones included) cannot make the service read, parse
// and validate a megabyte where a kilobyte is the use. Templates are the OpenAPI document's paths;
// a test checks each still names a served operation.
export const LARGE_BODY_ROUTES: ReadonlyArray<{ method: string; path: string }> = [
  { method: 'PUT', path: '/api/public/v1.0/groups/{groupId}/automationConfig' },
  { method: 'POST', path: '/agents/v1/groups/{groupId}/reports' },
  { method: 'POST', path: '/api/public/v1.0/federationSettings/{federationSettingsId}/identityProviders' },
  {
    method: 'PATCH',
    path: '/api/public/v1.0/federationSettings/{federationSettingsId}/identityProviders/{identityProviderId}',
  },
];

// Express routes ignore case and a trailing slash; so does this match. A path it misses (an encoded
// letter, say) gets the small limit: the safe side.
const LARGE_BODY_MATCHERS = LARGE_BODY_ROUTES.map(({ method, path }) => ({
  method,
  pattern: new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}/?$`, 'i'),
}));

export function isLargeBodyRoute(method: string, path: string): boolean {
  return LARGE_BODY_MATCHERS.some((route) => route.method === method && route.pattern.test(path));
}
