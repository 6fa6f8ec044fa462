import { throughMiddlewares } from '../../../../test/support/express-harness';
import { securityHeadersMiddleware } from './security-headers.middleware';

describe('securityHeadersMiddleware', () => {
  it('should give the API the strictest content security policy and no HSTS of its own', async () => {
    const answer = await throughMiddlewares([securityHeadersMiddleware()], { path: '/api/public/v1.0' });
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
    expect(answer.headers.get('strict-transport-security')).toBeNull();
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
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
