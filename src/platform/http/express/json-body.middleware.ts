import { json } from 'express';
import { JSON_MEDIA_TYPES } from './media-type.middleware';

export const BODY_LIMIT_BYTES = 1024 * 1024;

// Parses a JSON body (objects and arrays only: `strict`) after authentication and the media type check.
export function jsonBodyMiddleware(): ReturnType<typeof json> {
  return json({ limit: BODY_LIMIT_BYTES, strict: true, type: JSON_MEDIA_TYPES });
}
