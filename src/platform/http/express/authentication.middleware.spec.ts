import { throughMiddlewares } from '../../../../test/support/express-harness';
import type { AuthAttempt, AuthOutcome } from '../../auth/authenticator';
import type { Principal } from '../../auth/principal';
import { CommonErrors } from '../error-codes';
import { authenticationMiddleware, blockedGuessMiddleware } from './authentication.middleware';

describe('authenticationMiddleware', () => {
  function setUp(outcome: AuthOutcome | Error) {
    const attempts: AuthAttempt[] = [];
    const principals: Principal[] = [];
    const middleware = authenticationMiddleware(
      {
        authenticate: (attempt) => {
          attempts.push(attempt);
          return outcome instanceof Error ? Promise.reject(outcome) : Promise.resolve(outcome);
        },
      },
      { setPrincipal: (principal) => void principals.push(principal) },
    );
    return { middleware, attempts, principals };
  }

  it('should let public paths through without asking the authenticator', async () => {
    const { middleware, attempts } = setUp({ ok: false, error: CommonErrors.USER_UNAUTHORIZED() });
    const answer = await throughMiddlewares([middleware], { path: '/health' });
    expect(answer.status).toBe(200);
    expect(attempts).toHaveLength(0);
  });

  it('should answer the refusal before any body is read', async () => {
    const { middleware, attempts } = setUp({ ok: false, error: CommonErrors.USER_UNAUTHORIZED() });
    const answer = await throughMiddlewares([middleware], {
      method: 'PUT',
      path: '/api/public/v1.0/groups/x?pretty=true',
      headers: { authorization: 'Digest username="u"', 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(answer.status).toBe(401);
    expect(answer.json()).toMatchObject({ errorCode: 'USER_UNAUTHORIZED' });
    expect(attempts[0]).toMatchObject({
      method: 'PUT',
      uri: '/api/public/v1.0/groups/x?pretty=true',
      authorization: 'Digest username="u"',
    });
  });

  it('should record the principal on the request and in the context', async () => {
    const principal = { kind: 'user', name: 'alice' } as unknown as Principal;
    const { middleware, principals } = setUp({ ok: true, principal });
    const answer = await throughMiddlewares([middleware], { path: '/api/public/v1.0/orgs' });
    expect(answer.json()).toMatchObject({ reached: true, principal: { name: 'alice' } });
    expect(principals).toEqual([principal]);
  });

  it('should hand a failed lookup to the error middlewares', async () => {
    const { middleware } = setUp(new Error('lookup failed'));
    const answer = await throughMiddlewares(
      [
        middleware,
        (
          _error: unknown,
          _req: unknown,
          res: { status: (n: number) => { send: (t: string) => void } },
          _next: unknown,
        ) => res.status(599).send('handled'),
      ],
      { path: '/api/public/v1.0/orgs' },
    );
    expect(answer.status).toBe(599);
  });
});

describe('blockedGuessMiddleware', () => {
  function setUp(refusal: ReturnType<typeof CommonErrors.RATE_LIMITED> | undefined) {
    const attempts: AuthAttempt[] = [];
    const middleware = blockedGuessMiddleware({
      refusalAtOnce: (attempt) => {
        attempts.push(attempt);
        return refusal;
      },
    });
    return { middleware, attempts };
  }

  it('should answer the refusal with its headers without going further when the caller is blocked', async () => {
    const refusal = CommonErrors.RATE_LIMITED('/api/public/v1.0/orgs', 10, 60).withHeaders({
      'Retry-After': '4',
    });
    const { middleware, attempts } = setUp(refusal);
    const answer = await throughMiddlewares([middleware], {
      path: '/api/public/v1.0/orgs?pretty=true',
      headers: { authorization: 'Digest username="u"' },
    });
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('4');
    expect(answer.json()).toMatchObject({ errorCode: 'RATE_LIMITED' });
    expect(attempts[0]).toMatchObject({ method: 'GET', uri: '/api/public/v1.0/orgs?pretty=true' });
  });

  it('should let the request through when the authenticator has no refusal at once', async () => {
    const { middleware } = setUp(undefined);
    const answer = await throughMiddlewares([middleware], {
      path: '/api/public/v1.0/orgs',
      headers: { authorization: 'Digest username="u"' },
    });
    expect(answer.json()).toMatchObject({ reached: true });
  });

  it('should not ask about requests without credentials or on public paths when a refusal would be there', async () => {
    const refusal = CommonErrors.RATE_LIMITED('/health', 10, 60);
    const { middleware, attempts } = setUp(refusal);
    expect((await throughMiddlewares([middleware], { path: '/api/public/v1.0/orgs' })).status).toBe(200);
    const onHealth = await throughMiddlewares([middleware], {
      path: '/health',
      headers: { authorization: 'Digest username="u"' },
    });
    expect(onHealth.status).toBe(200);
    expect(attempts).toHaveLength(0);
  });
});
