import type { NextFunction, Request, Response } from 'express';
import type { ApiError } from '../api-error';
import { CommonErrors } from '../error-codes';
import { writeError } from './json-response';
import { pathOf, queryPairs } from './request-url';

// Postgres text cannot hold U+0000 and its JSON types refuse lone UTF-16 surrogates: such input
// would reach the database as a driver error (a 500). No resource, parameter or attribute can hold one.
// eslint-disable-next-line no-control-regex -- matching U+0000 is the point
const NOT_STORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function withoutUnstorable(text: string): string {
  return text.replace(new RegExp(NOT_STORABLE, 'g'), '');
}

export function unstorableInputRefusal(originalUrl: string, body: unknown): ApiError | undefined {
  const path = pathOf(originalUrl);
  if (/%00/.test(path)) return CommonErrors.RESOURCE_NOT_FOUND(path.replace(/%00/g, ''));
  for (const [name, value] of queryPairs(originalUrl)) {
    if (NOT_STORABLE.test(name) || NOT_STORABLE.test(value))
      return CommonErrors.INVALID_QUERY_PARAMETER(withoutUnstorable(name));
  }
  if (isStorable(body)) return undefined;
  const pending: Array<[string, unknown]> = [['', body]];
  while (pending.length > 0) {
    const [where, value] = pending.pop() as [string, unknown];
    if (typeof value === 'string' && NOT_STORABLE.test(value))
      return CommonErrors.INVALID_ATTRIBUTE(where || 'body');
    if (value === null || typeof value !== 'object') continue;
    for (const [key, child] of Object.entries(value)) {
      const childPath = where === '' ? key : `${where}.${key}`;
      if (NOT_STORABLE.test(key)) return CommonErrors.INVALID_ATTRIBUTE(withoutUnstorable(childPath));
      pending.push([childPath, child]);
    }
  }
  return undefined;
}

// The common case, checked without building a path per attribute (a report has thousands); the walk
// above then runs only for a body it refuses, to name the attribute. A stack, not recursion: any depth.
function isStorable(body: unknown): boolean {
  const pending: unknown[] = [body];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (NOT_STORABLE.test(value)) return false;
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      // An array's keys are its indexes: digits, always storable.
      for (const child of value as unknown[]) pending.push(child);
      continue;
    }
    for (const key of Object.keys(value)) {
      if (NOT_STORABLE.test(key)) return false;
      pending.push((value as Record<string, unknown>)[key]);
    }
  }
  return true;
}

export function unstorableInputMiddleware(): (req: Request, res: Response, next: NextFunction) => void {
  return (req, res, next) => {
    const refusal = unstorableInputRefusal(req.originalUrl, req.body as unknown);
    return refusal ? writeError(req, res, refusal) : next();
  };
}
