import type { Request, Response } from 'express';
import type { Principal } from '../../auth/principal';
import type { ApiError } from '../api-error';
import { errorHeaders } from '../api-error.filter';
import { recordErrorCode } from '../error-outcome';
import { queryPairs } from './request-url';

// pretty/envelope: the query's output options, parsed once per request (see outputOptions).
export type PipelineRequest = Request & {
  principal?: Principal;
  requestId?: string;
  output?: { pretty: boolean; envelope: boolean };
};

export function outputOptions(
  req: PipelineRequest,
  query?: Array<[string, string]>,
): { pretty: boolean; envelope: boolean } {
  if (req.output) return req.output;
  const pairs = query ?? queryPairs(req.originalUrl);
  req.output = {
    pretty: pairs.some(([key, value]) => key === 'pretty' && value === 'true'),
    envelope: pairs.some(([key, value]) => key === 'envelope' && value === 'true'),
  };
  return req.output;
}

const CHARSET_JSON = /^application\/json; charset=utf-8$/i;

// Serializes every JSON body ourselves: exact `Content-Type: application/json` (no charset suffix,
// as the product's samples show) and `pretty=true` indentation per request. Written with res.end of the
// string itself: Node joins the headers and a string body into one socket write, with no Buffer copy
// of the body and none of res.send's checks, which cannot apply here (no ETag or Last-Modified is ever
// set, so nothing is fresh). 204, 205 and 304, whose bodies must be dropped, still go through res.send.
export function sendJson(req: PipelineRequest, res: Response, body: unknown): Response {
  const text = JSON.stringify(body, null, outputOptions(req).pretty ? 2 : undefined) ?? '';
  // Express's res.set (used by Nest's adapter, e.g. in the error filter) appends `; charset=utf-8`.
  const current = res.getHeader('Content-Type');
  if (!current || (typeof current === 'string' && CHARSET_JSON.test(current)))
    res.setHeader('Content-Type', 'application/json');
  if (res.statusCode === 204 || res.statusCode === 205 || res.statusCode === 304)
    return res.send(Buffer.from(text, 'utf8'));
  res.setHeader('Content-Length', Buffer.byteLength(text, 'utf8'));
  if (req.method === 'HEAD') res.end();
  else res.end(text, 'utf8');
  return res;
}

export function writeError(req: Request, res: Response, error: ApiError): void {
  recordErrorCode(res, error.errorCode);
  res.status(error.status);
  res.set(errorHeaders(error));
  sendJson(req, res, error.toBody());
}
