import type { NextFunction, Request, Response } from 'express';
import { toApiError, type UnexpectedErrorLog } from '../to-api-error';
import { writeError } from './json-response';
import { pathOf } from './request-url';

// Errors raised before Nest routes the request (a malformed JSON body, a failed authentication
// lookup) get the product's error body; an unexpected one is logged with the reference it answers.
export function preRoutingErrorsMiddleware(
  logUnexpected: (entry: UnexpectedErrorLog) => void,
): (error: unknown, req: Request, res: Response, next: NextFunction) => void {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    writeError(req, res, toApiError(error, pathOf(req.originalUrl), logUnexpected));
  };
}
