import { throughMiddlewares } from '../../../../test/support/express-harness';
import type { AuthAttempt, AuthOutcome } from '../../auth/authenticator';
import type { Principal } from '../../auth/principal';
import { CommonErrors } from '../error-codes';
import { authenticationMiddleware } from './authentication.middleware';

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
