import helmet from 'helmet';
import { throughMiddlewares } from '../../../../test/support/express-harness';
import { securityHeadersMiddleware } from './security-headers.middleware';

function headerPairs(headers: Headers): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  headers.forEach((value, name) => pairs.push([name, value]));
  return pairs.filter(
    ([name]) => !['date', 'connection', 'keep-alive', 'content-length', 'content-type'].includes(name),
  );
}

describe('securityHeadersMiddleware', () => {
  it('should give the API the strictest content security policy and no HSTS of its own', async () => {
    const answer = await throughMiddlewares([securityHeadersMiddleware()], { path: '/api/public/v1.0' });
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
    expect(answer.headers.get('strict-transport-security')).toBeNull();
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('should set exactly the headers helmet itself sets and remove X-Powered-By as it does', async () => {
    const options = {
      strictTransportSecurity: false,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      },
    };
    for (const [path, helmetOptions] of [
      ['/api/public/v1.0/groups', options],
      ['/docs', { strictTransportSecurity: false, contentSecurityPolicy: false }],
    ] as const) {
      const ours = await throughMiddlewares([securityHeadersMiddleware()], { path });
      const helmets = await throughMiddlewares([helmet(helmetOptions)], { path });
      expect(headerPairs(ours.headers)).toEqual(headerPairs(helmets.headers));
      expect(ours.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('should leave Swagger UI without a content security policy', async () => {
    for (const path of ['/docs', '/docs/', '/docs-json', '/docs?x=1']) {
      const answer = await throughMiddlewares([securityHeadersMiddleware()], { path });
      expect(answer.headers.get('content-security-policy')).toBeNull();
    }
    const lookalike = await throughMiddlewares([securityHeadersMiddleware()], { path: '/docsx' });
    expect(lookalike.headers.get('content-security-policy')).not.toBeNull();
  });
});
