import type { NextFunction, Response } from 'express';
import { isPublicPath, type HttpAuthenticator } from '../../auth/authenticator';
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
      .authenticate({
        method: req.method,
        uri: req.originalUrl,
        authorization: req.headers.authorization,
        remoteAddress: req.ip ?? req.socket.remoteAddress ?? '',
        cookie: req.headers.cookie,
        csrfToken: headerValue(req.headers['x-csrf-token']),
      })
      .then((outcome) => {
        if (!outcome.ok) return writeError(req, res, outcome.error);
        req.principal = outcome.principal;
        context.setPrincipal(outcome.principal);
        next();
      })
      .catch((error: unknown) => next(error));
  };
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
