import type { NextFunction, Request, Response } from 'express';
import type { FirstUserGate } from '../../auth/first-user-gate';
import type { ApiError } from '../api-error';
import { pathOf } from './request-url';

export const FIRST_USER_PATH = /^\/api\/public\/v1\.0\/unauth\/users\/?$/i;

// `POST /unauth/users` once a user exists: refused from the gate's cached answer, before the body is
// read or parsed, so an anonymous caller costs one cached lookup whatever it sends.
export function firstUserGateMiddleware(
  gate: FirstUserGate,
  writeError: (req: Request, res: Response, error: ApiError) => void,
): (req: Request, res: Response, next: NextFunction) => void {
  return (req, res, next) => {
    if (req.method !== 'POST' || !FIRST_USER_PATH.test(pathOf(req.originalUrl))) return next();
    gate
      .refusal()
      .then((refusal) => (refusal ? writeError(req, res, refusal) : next()))
      .catch((error: unknown) => next(error));
  };
}
