import { json, type NextFunction, type Request, type Response } from 'express';
import type { AppConfig } from '../../config/app-config';
import type { ApiError } from '../api-error';
import { isLargeBodyRoute } from '../body-limits';
import { CommonErrors } from '../error-codes';
import { checkJsonShape, type JsonShapeLimits, type JsonShapeViolation } from '../json-shape';
import { JSON_MEDIA_TYPES } from './media-type.middleware';
import { pathOf } from './request-url';

export function shapeRefusal(violation: JsonShapeViolation): ApiError {
  const where = (path: string) => (path === '' ? 'body' : path);
  switch (violation.kind) {
    case 'depth':
      return CommonErrors.JSON_NESTED_TOO_DEEPLY(violation.path, violation.limit);
    case 'keys':
      return CommonErrors.TOO_MANY_ATTRIBUTES(where(violation.path), violation.limit);
    case 'items':
      return CommonErrors.TOO_MANY_ITEMS(where(violation.path), violation.limit);
    case 'values':
      return CommonErrors.TOO_MANY_VALUES(violation.limit);
  }
}

// body-parser hands over the raw bytes before JSON.parse. A charset other than UTF-8 (body-parser
// accepts any `utf-*`) is decoded first so the scan sees characters, not the bytes of UTF-16 units.
function utf8Bytes(raw: Buffer, encoding: string): Uint8Array {
  if (/^utf-?8$/i.test(encoding)) return raw;
  try {
    return Buffer.from(new TextDecoder(encoding, { fatal: true }).decode(raw), 'utf8');
  } catch {
    throw CommonErrors.UNSUPPORTED_MEDIA_TYPE(`application/json; charset=${encoding}`);
  }
}

// Methods whose routes read no body. Clients still send one: the official Go client encodes its nil
// options as the JSON `null` (`GET` with `null\n`), which carries nothing and is served as no body.
const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'DELETE']);

// Parses a JSON body (objects and arrays only: `strict`) after authentication and the media type check:
// the route's byte limit first (413 REQUEST_TOO_LARGE, from Content-Length before anything is read when
// the client announces it), then the shape of the raw bytes (400 naming the attribute), then JSON.parse.
// Only what passes both reaches class-transformer and class-validator, whose cost grows with every
// attribute and level.
export function jsonBodyMiddleware(
  config: AppConfig,
): (req: Request, res: Response, next: NextFunction) => void {
  const limits: JsonShapeLimits = {
    maxDepth: config.jsonMaxDepth,
    maxKeysPerObject: config.jsonMaxKeysPerObject,
    maxItemsPerArray: config.jsonMaxItemsPerArray,
    maxValues: config.jsonMaxValues,
  };
  // A thrown error reaches the pre-routing error handler as it is (body-parser keeps its status).
  const verify = (_req: unknown, _res: unknown, raw: Buffer, encoding: string): void => {
    const violation = checkJsonShape(utf8Bytes(raw, encoding), limits);
    if (violation) throw shapeRefusal(violation);
  };
  const small = json({ limit: config.bodyLimitBytes, strict: true, type: JSON_MEDIA_TYPES, verify });
  const large = json({ limit: config.largeBodyLimitBytes, strict: true, type: JSON_MEDIA_TYPES, verify });
  const bodyless = json({ limit: config.bodyLimitBytes, strict: false, type: JSON_MEDIA_TYPES, verify });
  return (req, res, next) => {
    if (!BODYLESS_METHODS.has(req.method)) {
      return (isLargeBodyRoute(req.method, pathOf(req.originalUrl)) ? large : small)(req, res, next);
    }
    bodyless(req, res, (error?: unknown) => {
      if (error !== undefined) return next(error);
      const body = req.body as unknown;
      if (body === null) req.body = undefined;
      // What `strict` refuses on the other methods: a bare number, string or boolean.
      else if (body !== undefined && typeof body !== 'object') return next(CommonErrors.INVALID_JSON());
      next();
    });
  };
}
