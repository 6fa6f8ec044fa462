import type { NextFunction, Request, Response } from 'express';
import { CommonErrors } from '../error-codes';
import { writeError } from './json-response';

export const JSON_MEDIA_TYPES = ['application/json', 'application/*+json'];

// A request that carries a body must say it is JSON: the API reads no other media type.
export function mediaTypeMiddleware(): (req: Request, res: Response, next: NextFunction) => void {
  return (req, res, next) => {
    const hasBody =
      Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (hasBody && !req.is(JSON_MEDIA_TYPES)) {
      return writeError(
        req,
        res,
        CommonErrors.UNSUPPORTED_MEDIA_TYPE(String(req.headers['content-type'] ?? 'none')),
      );
    }
    next();
  };
}
