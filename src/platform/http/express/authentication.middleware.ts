import type { NextFunction, Response } from 'express';
import { isPublicPath, type AuthAttempt, type HttpAuthenticator } from '../../auth/authenticator';
import type { RequestContext } from '../request-context';
import { writeError, type PipelineRequest } from './json-response';
import { pathOf } from './request-url';

// Authentication runs before any body is read: curl probes PUT/PATCH with an empty body and must get
// the 401, and a stranger's body costs nothing.
export function authenticationMiddleware(
  authenticator: Pick<HttpAuthenticator, 'authenticate'>,
  context: Pick<RequestContext, 'setPrincipal'>,
): (req: PipelineRequest, res: Response, next: NextFunction) => void {
  return (req, res, next) => {
    if (isPublicPath(pathOf(req.originalUrl))) return next();
    authenticator
      .authenticate(attemptOf(req))
      .then((outcome) => {
        if (!outcome.ok) return writeError(req, res, outcome.error);
        req.principal = outcome.principal;
        context.setPrincipal(outcome.principal);
        next();
      })
      .catch((error: unknown) => next(error));
  };
}

// A blocked guesser's answer refused as early as its response headers allow, before the request's
// context, the authentication's promises and everything after them: a burst of wrong answers sent at
// once queues ahead of every other request in the event loop, so each refusal must cost as little as
// possible. The refusal is the one authentication would answer (only requests with an Authorization
// header, on paths that authenticate), and nothing is granted here: any other request goes on.
export function blockedGuessMiddleware(
  authenticator: Pick<HttpAuthenticator, 'refusalAtOnce'>,
): (req: PipelineRequest, res: Response, next: NextFunction) => void {
  return (req, res, next) => {
    if (req.headers.authorization === undefined || isPublicPath(pathOf(req.originalUrl))) return next();
    const refusal = authenticator.refusalAtOnce(attemptOf(req));
    if (refusal === undefined) return next();
    writeError(req, res, refusal);
  };
}

function attemptOf(req: PipelineRequest): AuthAttempt {
  return {
    method: req.method,
    uri: req.originalUrl,
    authorization: req.headers.authorization,
    remoteAddress: req.ip ?? req.socket.remoteAddress ?? '',
    cookie: req.headers.cookie,
    csrfToken: headerValue(req.headers['x-csrf-token']),
  };
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
