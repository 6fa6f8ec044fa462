import { json, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { AppConfig } from '../config/app-config';
import { ApiError } from './api-error';
import { CommonErrors } from './error-codes';
import { checkJsonShape, type JsonShapeLimits, type JsonShapeViolation } from './json-shape';

// The routes whose bodies are whole documents: an automation configuration, an agent's report, an
// identity provider with its certificates or metadata. Every other body is a few attributes, and gets
// the small default limit, so a caller (anonymous ones included) cannot make the service read, parse
// and validate a megabyte where a kilobyte is the use. Templates are the OpenAPI document's paths;
// a test checks each still names a served operation.
export const LARGE_BODY_ROUTES: ReadonlyArray<{ method: string; path: string }> = [
  { method: 'PUT', path: '/api/public/v1.0/groups/{groupId}/automationConfig' },
  { method: 'POST', path: '/agents/v1/groups/{groupId}/reports' },
  { method: 'POST', path: '/api/public/v1.0/federationSettings/{federationSettingsId}/identityProviders' },
  {
    method: 'PATCH',
    path: '/api/public/v1.0/federationSettings/{federationSettingsId}/identityProviders/{identityProviderId}',
  },
];

// Express routes ignore case and a trailing slash; so does this match. A path it misses (an encoded
// letter, say) gets the small limit: the safe side.
const LARGE_BODY_MATCHERS = LARGE_BODY_ROUTES.map(({ method, path }) => ({
  method,
  pattern: new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}/?$`, 'i'),
}));

export function isLargeBodyRoute(method: string, path: string): boolean {
  return LARGE_BODY_MATCHERS.some((route) => route.method === method && route.pattern.test(path));
}

export function shapeRefusal(violation: JsonShapeViolation): ApiError {
  switch (violation.kind) {
    case 'depth':
      return CommonErrors.JSON_NESTED_TOO_DEEPLY(violation.path, violation.limit);
    case 'keys':
      return CommonErrors.TOO_MANY_ATTRIBUTES(
        violation.path === '' ? 'body' : violation.path,
        violation.limit,
      );
    case 'items':
      return CommonErrors.TOO_MANY_ITEMS(violation.path === '' ? 'body' : violation.path, violation.limit);
    case 'values':
      return CommonErrors.TOO_MANY_VALUES(violation.limit);
  }
}

// body-parser hands over the raw bytes before JSON.parse. A charset other than UTF-8 (body-parser
// accepts any `utf-*`) is decoded first so the scan sees characters, not code units' bytes.
function utf8Bytes(raw: Buffer, encoding: string): Uint8Array {
  if (/^utf-?8$/i.test(encoding)) return raw;
  try {
    return Buffer.from(new TextDecoder(encoding, { fatal: true }).decode(raw), 'utf8');
  } catch {
    throw CommonErrors.UNSUPPORTED_MEDIA_TYPE(`application/json; charset=${encoding}`);
  }
}

const JSON_TYPES = ['application/json', 'application/*+json'];

// Reads and parses a JSON body: the route's byte limit (413 REQUEST_TOO_LARGE past it), then the shape
// check on the raw bytes (400 naming the attribute), then JSON.parse.
export function jsonBodyParser(config: AppConfig, pathOf: (req: Request) => string): RequestHandler {
  const limits: JsonShapeLimits = {
    maxDepth: config.jsonMaxDepth,
    maxKeysPerObject: config.jsonMaxKeysPerObject,
    maxItemsPerArray: config.jsonMaxItemsPerArray,
    maxValues: config.jsonMaxValues,
  };
  const verify = (_req: unknown, _res: unknown, raw: Buffer, encoding: string): void => {
    const violation = checkJsonShape(utf8Bytes(raw, encoding), limits);
    if (violation) throw shapeRefusal(violation);
  };
  const small = json({ limit: config.bodyLimitBytes, strict: true, type: JSON_TYPES, verify });
  const large = json({ limit: config.largeBodyLimitBytes, strict: true, type: JSON_TYPES, verify });
  return (req: Request, res: Response, next: NextFunction) =>
    (isLargeBodyRoute(req.method, pathOf(req)) ? large : small)(req, res, next);
}
