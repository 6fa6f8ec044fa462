import type { NextFunction, Request, Response } from 'express';
import { throughMiddlewares } from '../../../../test/support/express-harness';
import { preRoutingErrorsMiddleware } from './pre-routing-errors.middleware';

describe('preRoutingErrorsMiddleware', () => {
  const failWith = (error: unknown) => (_req: Request, _res: Response, next: NextFunction) => next(error);

  it('should turn a body-parser failure into the product error', async () => {
    const logged: unknown[] = [];
    const answer = await throughMiddlewares([
      failWith({ type: 'entity.parse.failed' }),
      preRoutingErrorsMiddleware((entry) => void logged.push(entry)),
    ]);
    expect(answer.status).toBe(400);
    expect(answer.json()).toMatchObject({ errorCode: 'INVALID_JSON' });
    expect(logged).toHaveLength(0);
  });

  it('should answer 500 with a logged reference for an unexpected error', async () => {
    const logged: Array<{ reference: string }> = [];
    const answer = await throughMiddlewares([
      failWith(new Error('boom')),
      preRoutingErrorsMiddleware((entry) => void logged.push(entry)),
    ]);
    expect(answer.status).toBe(500);
    expect(logged).toHaveLength(1);
    expect(answer.text).toContain(logged[0].reference);
    expect(answer.text).not.toContain('boom');
  });
});
