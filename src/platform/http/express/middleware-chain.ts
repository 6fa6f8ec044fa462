import type { NextFunction, Request, Response } from 'express';

export type Middleware<Req extends Request = Request> = (
  req: Req,
  res: Response,
  next: NextFunction,
) => void | Promise<void>;

// Several middlewares as ONE Express layer, run in the same order with Express's own rules: a truthy
// argument to next (other than 'route'), a throw or a rejected returned promise (Express 5 sends an async
// middleware's rejection to its error handling) leaves the chain for Express's error handling, a step
// that does not call next ends the request's pipeline there. Express's router pays per layer a
// match of the path, a closure for its parameter processing and its bookkeeping; the chain pays one
// closure per request. The steps stay as they are (each unit-tested alone).
export function middlewareChain<Req extends Request>(steps: ReadonlyArray<Middleware<Req>>): Middleware<Req> {
  return (req, res, done) => {
    let index = 0;
    const next: NextFunction = (error?: unknown) => {
      if (error && error !== 'route') return done(error);
      const step = steps[index++];
      if (step === undefined) return done();
      try {
        const returned: unknown = step(req, res, next);
        if (returned instanceof Promise) {
          returned.then(undefined, (reason: unknown) => done(reason || new Error('Rejected promise')));
        }
      } catch (thrown: unknown) {
        done(thrown);
      }
    };
    next();
  };
}
